import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoBroker, expectIndexedPlans, expectStatementsAtMost } from '../../test/bounded-queries.js';
import { bearer, signIn } from '../../test/fixtures.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

// The read budget of the promotion administration's lists (docs/performance.md#patterns-for-lists):
// the sign-in, at most a membership check, and one statement for the page and its total.
let ctx: TestContext;
let broker: Record<string, string>;
let admin: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestContext();
  broker = await demoBroker(ctx);
  admin = bearer(await signIn(ctx.app, 'admin@demo.ch', 'demo-2026'));
});
afterAll(() => ctx.close());

describe('GET promotions reads in at most 3 statements', () => {
  it("reads a broker's cards, a search, a page past the end and the archived ones through indexes", async () => {
    for (const url of ['/api/promotions', '/api/promotions?search=verg', '/api/promotions?page=9', '/api/promotions?archived=1']) {
      const sent = await expectStatementsAtMost(ctx, broker, url, 3);
      await expectIndexedPlans(ctx, sent);
    }
    const body = (await ctx.app.inject({ method: 'GET', url: '/api/promotions?search=verg', headers: broker })).json();
    expect(body.data[0].agencies.length).toBeGreaterThan(0);
  });

  it("reads an admin's cards in the same budget (every promotion: the count reads the table, 2,000 rows in the bench)", async () => {
    for (const url of ['/api/promotions', '/api/promotions?search=verg', '/api/promotions?archived=1']) {
      await expectStatementsAtMost(ctx, admin, url, 3);
    }
  });
});

describe('GET brokers/options reads in at most 3 statements, through indexes', () => {
  it('reads a page, a search and the brokers outside a promotion', async () => {
    const promotion = (await ctx.app.inject({ method: 'GET', url: '/api/promotions', headers: admin })).json().data[0].id;
    for (const url of ['/api/brokers/options', '/api/brokers/options?search=fav', `/api/brokers/options?promotion=${promotion}&page=3`]) {
      const sent = await expectStatementsAtMost(ctx, admin, url, 3);
      await expectIndexedPlans(ctx, sent);
    }
  });
});
