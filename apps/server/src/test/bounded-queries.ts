import { expect } from 'vitest';
import { seedDemo } from '../db/seed/demo.js';
import { bearer, signIn } from './fixtures.js';
import type { TestContext } from './harness.js';

/** The demo desk (scale 1) and a broker's headers, for the bounded-query tests of the lists. */
export const demoBroker = async (ctx: TestContext) => {
  await seedDemo(ctx.database.db, { scale: 1 });
  return bearer(await signIn(ctx.app, 'courtier@demo.ch', 'demo-2026'));
};

/**
 * A list costs the same number of queries for one row as for a full page: no query per row
 * (the "a list of 50 rows costs a bounded number of queries whatever the page").
 */
export const expectBoundedQueries = async (ctx: TestContext, headers: Record<string, string>, url: { many: string; one: string }) => {
  const countOf = async (path: string) => {
    let rows = 0;
    const queries = await ctx.countQueries(async () => {
      const response = await ctx.app.inject({ method: 'GET', url: path, headers });
      expect(response.statusCode).toBe(200);
      rows = response.json().data.length;
    });
    return { rows, queries };
  };
  const many = await countOf(url.many);
  const one = await countOf(url.one);
  expect(many.rows).toBeGreaterThanOrEqual(40);
  expect(one.rows).toBe(1);
  expect(many.queries).toBe(one.queries);
  expect(many.queries).toBeLessThanOrEqual(15);
};
