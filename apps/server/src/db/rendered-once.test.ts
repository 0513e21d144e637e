import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { renderedOnce } from './rendered-once.js';
import { candidacies, candidates } from './schema/index.js';

const dialect = new PgDialect();

describe('a fragment rendered once (issue 20: the SQL text built once)', () => {
  it('gives the text Drizzle renders for it, built on first use only', () => {
    let builds = 0;
    const fragment = renderedOnce(() => {
      builds += 1;
      return sql`${candidacies.id} as id from ${candidacies} inner join ${candidates} on ${candidates.id} = ${candidacies.candidateId}`;
    });
    expect(builds).toBe(0);
    const first = dialect.sqlToQuery(sql`select ${fragment()} where ${candidacies.id} = ${7}`);
    const second = dialect.sqlToQuery(sql`select ${fragment()} where ${candidacies.id} = ${8}`);
    expect(builds).toBe(1);
    expect(first.sql).toBe(
      'select "candidacies"."id" as id from "candidacies" inner join "candidates" on "candidates"."id" = "candidacies"."candidate_id" where "candidacies"."id" = $1',
    );
    expect(second.sql).toBe(first.sql);
    expect([first.params, second.params]).toEqual([[7], [8]]);
  });

  it('refuses a fragment that holds a parameter, whose first value every later call would keep', () => {
    const fragment = renderedOnce(() => sql`${candidacies.promotionId} = ${3}`);
    expect(() => fragment()).toThrow(/holds 1 parameter/);
  });
});
