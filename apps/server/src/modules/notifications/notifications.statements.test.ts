import { afterAll, beforeAll, describe, it } from 'vitest';
import { demoBroker, expectIndexedPlans, expectStatementsAtMost } from '../../test/bounded-queries.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
let headers: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestContext();
  headers = await demoBroker(ctx);
});
afterAll(() => ctx.close());

describe('GET notifications: the read budget (docs/performance.md#patterns-for-lists)', () => {
  for (const filter of ['unread', 'all']) {
    it(`answers the ${filter} list in at most 3 statements (sign-in included), none reading a whole growing table`, async () => {
      const sent = await expectStatementsAtMost(ctx, headers, `/api/notifications?filter=${filter}`, 3);
      await expectIndexedPlans(ctx, sent);
    });
  }
});
