import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileFolders, promotions } from '../../db/schema/index.js';
import { demoBroker, expectIndexedPlans, expectStatementsAtMost } from '../../test/bounded-queries.js';
import { bearer, signIn } from '../../test/fixtures.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
let broker: Record<string, string>;
let candidate: Record<string, string>;
let promotionId = 0;
let folderId = 0;
beforeAll(async () => {
  ctx = await createTestContext();
  broker = await demoBroker(ctx);
  candidate = bearer(await signIn(ctx.app, 'candidat@demo.ch', 'demo-2026'));
  const [promotion] = await ctx.database.db.select().from(promotions).where(eq(promotions.title, 'Les Terrasses du Lac'));
  promotionId = promotion.id;
  const [folder] = await ctx.database.db.select().from(fileFolders).where(eq(fileFolders.promotionId, promotionId)).limit(1);
  folderId = folder.id;
});
afterAll(() => ctx.close());

describe('the documents library: the read budget (docs/performance.md#patterns-for-lists)', () => {
  it('answers the explorer to a broker in at most 3 statements (sign-in included), indexed', async () => {
    const sent = await expectStatementsAtMost(ctx, broker, `/api/files?promotion=${promotionId}&search=plans&types=1,3`, 3);
    await expectIndexedPlans(ctx, sent);
    const body = (await ctx.app.inject({ method: 'GET', url: `/api/files?promotion=${promotionId}`, headers: broker })).json();
    expect(body.data.folders.length).toBeGreaterThan(0);
    expect(body.data.files.data.length).toBeGreaterThan(0);
  });

  it('answers a folder in at most 3 statements, indexed', async () => {
    const sent = await expectStatementsAtMost(ctx, broker, `/api/files?promotion=${promotionId}&folder=${folderId}`, 3);
    await expectIndexedPlans(ctx, sent);
  });

  it("answers a candidate's library and his own documents in at most 5 statements, indexed", async () => {
    const sent = await expectStatementsAtMost(ctx, candidate, `/api/files?promotion=${promotionId}`, 5);
    await expectIndexedPlans(ctx, sent);
  });

  it('answers the data-room log (per person) in at most 3 statements, and per file in at most 4, indexed', async () => {
    const log = (await ctx.app.inject({ method: 'GET', url: `/api/files_log?promotion=${promotionId}`, headers: broker })).json().data;
    expect(log.total).toBeGreaterThan(0);
    const person = log.data[0].user.id;
    const file = log.data[0].file.id;
    await expectIndexedPlans(
      ctx,
      await expectStatementsAtMost(ctx, broker, `/api/files_log?promotion=${promotionId}&user_id=${person}`, 3),
    );
    await expectIndexedPlans(ctx, await expectStatementsAtMost(ctx, broker, `/api/files_log?promotion=${promotionId}&file_id=${file}`, 4));
  });

  it("answers the log's people in at most 2 statements, and one file's in at most 3, indexed", async () => {
    const file = (await ctx.app.inject({ method: 'GET', url: `/api/files_log?promotion=${promotionId}`, headers: broker })).json().data
      .data[0].file.id;
    await expectIndexedPlans(ctx, await expectStatementsAtMost(ctx, broker, `/api/files_log/people?promotion=${promotionId}`, 2));
    await expectIndexedPlans(
      ctx,
      await expectStatementsAtMost(ctx, broker, `/api/files_log/people?promotion=${promotionId}&file_id=${file}`, 3),
    );
  });
});
