import type { CandidaciesPage, CandidateDetail } from '@promovente/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candidates, users } from '../../db/schema/index.js';
import { DEMO_PASSWORD, seedDemo } from '../../db/seed/demo.js';
import { bearer, signIn } from '../../test/fixtures.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.reset();
  await seedDemo(ctx.database.db, { scale: 1 });
}, 120_000);
afterAll(() => ctx.close());

describe('the candidates screen on the demo data', () => {
  it('lists, sorts, opens and exports the demo candidacies', async () => {
    const headers = bearer(await signIn(ctx.app, 'courtier@demo.ch', DEMO_PASSWORD));
    const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers });
    for (const orderBy of ['status', 'priority', 'candidate', 'broker', 'budget', 'created_at', 'vip', 'agency']) {
      const response = await get(`/api/candidacies?orderBy=${orderBy}&order=asc&showNonRetained=1`);
      expect(response.statusCode).toBe(200);
    }
    const page = (await get('/api/candidacies?showNonRetained=1')).json() as CandidaciesPage;
    expect(page.total).toBeGreaterThan(0);
    expect(page.data.length).toBeLessThanOrEqual(50);
    expect(page.data.some((r) => r.applications.length > 0)).toBe(true);

    const row = page.data[0];
    expect((await get(`/api/candidacies/${row.id}`)).statusCode).toBe(200);
    const record = (await get(`/api/candidates/${row.candidate.id}`)).json().data as CandidateDetail;
    expect(record.candidacies.map((c) => c.id)).toContain(row.id);
    expect((await get('/api/candidacies/download?showNonRetained=1')).statusCode).toBe(200);

    const [account] = await ctx.database.db.select().from(users).where(eq(users.email, 'candidat@demo.ch'));
    const [ownRecord] = await ctx.database.db.select().from(candidates).where(eq(candidates.userId, account.id));
    const own = await ctx.app.inject({
      method: 'GET',
      url: `/api/candidates/${ownRecord.id}`,
      headers: bearer(await signIn(ctx.app, 'candidat@demo.ch', DEMO_PASSWORD)),
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.candidacies.length).toBeGreaterThan(0);
  });
});
