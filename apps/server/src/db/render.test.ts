import { eq, inArray, placeholder, sql } from 'drizzle-orm';
import { alias, PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { renderStatement } from './render.js';
import { candidacies, lots, users } from './schema/index.js';

/** A raw statement's text and parameters are Drizzle's own (decision 043); the suite also checks every statement it runs. */
const dialect = new PgDialect();
const viaDrizzle = (query: Parameters<typeof dialect.sqlToQuery>[0]) => {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { sql: text, params };
};

describe('a raw statement rendered without Drizzle’s general walk (decision 043)', () => {
  it('writes text, nested statements, parameters, template values, lists, tables, columns and aliases as Drizzle does', () => {
    const broker = alias(users, 'broker');
    const at = new Date('2026-06-10T09:30:00.000Z');
    const query = sql`select ${lots.id}, ${broker.firstName}, ${sql.raw('"quo""ted"')} from ${lots}
      left join ${broker} on ${broker.id} = ${lots.promotionId}
      where ${eq(lots.promotionId, 3)} and ${inArray(candidacies.status, [0, 3, 4])} and ${sql`${at} > ${sql.param(null)}`}
      and ${sql.param([1, 2])}::int[] is not null and ${'texte'} <> ${7} ${sql.empty()}`;
    // Drizzle's answer is returned only by a fallback (the tests also call it to check the walk).
    const fromDrizzle: object[] = [];
    const rendered = renderStatement(query, (whole) => {
      fromDrizzle.push(viaDrizzle(whole));
      return fromDrizzle[fromDrizzle.length - 1] as ReturnType<typeof viaDrizzle>;
    });
    expect(rendered).toEqual(viaDrizzle(query));
    expect(rendered.params).toEqual([3, 0, 3, 4, at, null, [1, 2], 'texte', 7]);
    expect(fromDrizzle).not.toContain(rendered);
  });

  it('leaves to Drizzle a statement holding a placeholder or an inlined statement', () => {
    for (const query of [sql`select ${placeholder('id')}`, sql`select ${sql`${1}`.inlineParams()}`]) {
      const fromDrizzle: object[] = [];
      const rendered = renderStatement(query, (whole) => {
        fromDrizzle.push(viaDrizzle(whole));
        return fromDrizzle[fromDrizzle.length - 1] as ReturnType<typeof viaDrizzle>;
      });
      expect(fromDrizzle).toContain(rendered);
      expect(rendered).toEqual(viaDrizzle(query));
    }
  });
});
