import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.js';
import { executeRaw } from './raw-statement.js';

/**
 * A raw statement's rows, asked as arrays and built in one literal per row (db/raw-statement.ts),
 * are the rows the driver builds itself (`db.execute`), value for value, on both databases.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const EVERY_KIND = sql`select 1::int as int, 2::bigint as big, 3.25::numeric as num, 1.5::float8 as float,
  'texte l''apostrophe'::text as text, null::text as nothing, true as yes,
  '2026-06-10 09:30:00.123+00'::timestamptz as instant, '2026-06-10'::date as day, '2 days'::interval as span,
  '{"a": [1, "b"]}'::json as doc, '{"c": 2}'::jsonb as docb, array[3, 1, 2] as ints, array['x', null] as texts,
  array['2026-06-10 09:30:00+00'::timestamptz] as instants, gen_random_uuid() is not null as uuid_made,
  'AB'::bytea as bytes`;

describe('raw rows built in one literal (issue 20)', () => {
  it('answers every kind of value as the driver does', async () => {
    const [row] = await executeRaw(ctx.database.db, EVERY_KIND);
    const [driver] = (await ctx.database.db.execute(EVERY_KIND)).rows;
    expect(row).toStrictEqual(driver);
    expect(Object.keys(row)).toEqual(Object.keys(driver as object));
  });

  it('answers a row of 80 columns, and many rows, in their order', async () => {
    const columns = sql.raw(Array.from({ length: 80 }, (_, i) => `g + ${i} as c${i}`).join(', '));
    const query = sql`select ${columns} from generate_series(1, 60) g order by g`;
    const rows = await executeRaw(ctx.database.db, query);
    expect(rows).toStrictEqual((await ctx.database.db.execute(query)).rows);
    expect(rows).toHaveLength(60);
    expect(rows[59]).toMatchObject({ c0: 60, c79: 139 });
  });

  it('keeps the last of two columns of one name, as the driver does', async () => {
    const query = sql`select 1 as a, 2 as b, 3 as a`;
    const [row] = await executeRaw(ctx.database.db, query);
    expect(row).toStrictEqual((await ctx.database.db.execute(query)).rows[0]);
    expect(row).toEqual({ a: 3, b: 2 });
  });

  it('builds a column named __proto__ as a column, not as the row’s prototype', async () => {
    const [row] = await executeRaw(ctx.database.db, sql`select 1 as id, '{"x": 1}'::json as "__proto__"`);
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(Object.keys(row)).toEqual(['id', '__proto__']);
    expect(Object.getOwnPropertyDescriptor(row, '__proto__')?.value).toEqual({ x: 1 });
  });

  it('answers no rows for an empty result, named or not, inside a transaction too', async () => {
    const empty = sql`select 1 as a where false`;
    expect(await executeRaw(ctx.database.db, empty)).toEqual([]);
    expect(await executeRaw(ctx.database.db, empty, { named: 'raw_statement_test' })).toEqual([]);
    const inside = await ctx.database.db.transaction((tx) => executeRaw(tx, sql`select ${7}::int as seven`, { named: 'raw_statement_tx' }));
    expect(inside).toEqual([{ seven: 7 }]);
  });
});

describe('raw rows read as one JSON document (json: true, decision 042)', () => {
  it('answers the same rows, the values as JSON writes them: a timestamp in its ISO form, a bigint and a numeric as numbers', async () => {
    const [row] = await executeRaw(ctx.database.db, EVERY_KIND, { json: true });
    const [driver] = (await ctx.database.db.execute(EVERY_KIND)).rows as Record<string, unknown>[];
    expect(Object.keys(row)).toEqual(Object.keys(driver));
    expect(row).toStrictEqual({
      ...driver,
      big: 2,
      num: 3.25,
      instant: '2026-06-10T09:30:00.123+00:00',
      instants: ['2026-06-10T09:30:00+00:00'],
      span: '2 days',
      bytes: '\\x4142',
    });
    expect(new Date(String(row.instant)).toISOString()).toBe(new Date(String(driver.instant)).toISOString());
  });

  it('keeps the rows in the order of the statement, named, generic or in a transaction, and answers none for an empty result', async () => {
    const query = sql`select g as n, 'ligne ' || g as label from generate_series(1, 60) g order by g desc`;
    const expected = (await ctx.database.db.execute(query)).rows;
    expect(await executeRaw(ctx.database.db, query, { json: true })).toStrictEqual(expected);
    expect(await executeRaw(ctx.database.db, query, { json: true, named: 'raw_json_test', plans: 'generic' })).toStrictEqual(expected);
    const inside = await ctx.database.db.transaction((tx) => executeRaw(tx, query, { json: true, named: 'raw_json_tx' }));
    expect(inside).toStrictEqual(expected);
    expect(await executeRaw(ctx.database.db, sql`select 1 as a where false`, { json: true })).toEqual([]);
  });

  it('runs as rows a statement of more than 100 columns or naming one twice, and logs the one statement it runs', async () => {
    const wide = sql`select ${sql.raw(Array.from({ length: 101 }, (_, i) => `${i} as c${i}`).join(', '))}`;
    expect((await executeRaw(ctx.database.db, wide, { json: true }))[0]).toMatchObject({ c0: 0, c100: 100 });
    expect(await executeRaw(ctx.database.db, sql`select 1 as a, 2 as b, 3 as a`, { json: true })).toEqual([{ a: 3, b: 2 }]);
    const quoted = sql`select ${42}::int as answer, 'é"x' as "quo""ted"`;
    let rows: unknown[] = [];
    // The first call asks the statement's columns once, unlogged; each call then logs the one it runs.
    await executeRaw(ctx.database.db, quoted, { json: true });
    const sent = await ctx.captureQueries(async () => {
      rows = await executeRaw(ctx.database.db, quoted, { json: true });
    });
    expect(rows).toEqual([{ answer: 42, 'quo"ted': 'é"x' }]);
    expect(sent).toHaveLength(1);
    expect(sent[0].sql).toContain('json_agg(json_build_array(');
  });
});
