import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { candidates } from '../../db/schema/index.js';
import { demoBroker, expectIndexedPlans, expectStatementsAtMost } from '../../test/bounded-queries.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

/**
 * The read budget of the candidate record (docs/product/candidate-record.md#fields): the lot's
 * rooms, area, total price and floor come in the statement that loads the applications.
 */
let ctx: TestContext;
let headers: Record<string, string>;
let candidateId = 0;
beforeAll(async () => {
  ctx = await createTestContext();
  headers = await demoBroker(ctx);
  const [thomas] = await ctx.database.db.select({ id: candidates.id }).from(candidates).where(eq(candidates.email, 'candidat@demo.ch'));
  candidateId = thomas.id;
});
afterAll(() => ctx.close());

describe('GET /candidates/{id}: at most 13 statements, no whole-table read', () => {
  it("the record of a candidate with a live application, its lot's details included", async () => {
    // 13 statements, sign-in included: as many as before the lot's details were added.
    const sent = await expectStatementsAtMost(ctx, headers, `/api/candidates/${candidateId}`, 13);
    await expectIndexedPlans(ctx, sent);
  });
});
