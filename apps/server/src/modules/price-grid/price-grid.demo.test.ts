import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { PriceGridPreview } from '@promovente/shared';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, promotions } from '../../db/schema/index.js';
import { DEMO_PASSWORD, seedDemo } from '../../db/seed/demo.js';
import { localStorage } from '../../platform/storage.js';
import { bearer, signIn } from '../../test/fixtures.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { gridUpload } from './price-grid.fixtures.js';

/**
 * The files the product itself makes, imported back into the demo (issue 18): the 'Liste des
 * lots' export (exceljs) of each demo promotion, and the demo's 'Grille de prix interne.xlsx' as
 * the seed stored it in the library. Neither may change or refuse anything.
 */
let ctx: TestContext;
let filesDir: string;
const storage = () => localStorage(filesDir);
beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.reset();
  filesDir = await mkdtemp(path.join(os.tmpdir(), 'promovente-grid-demo-'));
  await seedDemo(ctx.database.db, { scale: 1, storage: storage() });
}, 180_000);
afterAll(async () => {
  await ctx.close();
  await rm(filesDir, { recursive: true, force: true });
});

const previewOf = async (token: string, promotionId: number, content: Buffer, filename: string) => {
  const body = gridUpload(content, filename);
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/promotions/${promotionId}/price-grid/preview`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as PriceGridPreview;
};

describe('the demo’s own files imported back into the demo', () => {
  it("'Liste des lots' of each demo promotion, its parkings and boxes of 0 rooms included, changes and refuses nothing", async () => {
    const admin = await signIn(ctx.app, 'admin@demo.ch', DEMO_PASSWORD);
    const demo = await ctx.database.db.select().from(promotions).orderBy(asc(promotions.id));
    expect(demo.length).toBeGreaterThanOrEqual(2);
    for (const promotion of demo) {
      const signed = await ctx.app.inject({ method: 'GET', url: `/api/lots/download?promotion=${promotion.id}`, headers: bearer(admin) });
      const file = await ctx.app.inject({ method: 'GET', url: signed.json().data.url });
      expect(file.statusCode).toBe(200);
      const data = await previewOf(admin, promotion.id, file.rawPayload, `Liste des lots - ${promotion.title}.xlsx`);
      expect(data.refused, promotion.title).toEqual([]);
      expect(data.counts, promotion.title).toMatchObject({ create: 0, change: 0, refused: 0, unchanged: data.counts.rows });
      expect(data.counts.rows).toBeGreaterThan(10);
    }
  });

  it("'Grille de prix interne.xlsx' (a title row above its header) is read in its promotion and changes and refuses nothing", async () => {
    const admin = await signIn(ctx.app, 'admin@demo.ch', DEMO_PASSWORD);
    const demo = await ctx.database.db.select().from(promotions).orderBy(asc(promotions.id));
    for (const promotion of demo) {
      const [stored] = await ctx.database.db
        .select()
        .from(files)
        .where(and(eq(files.promotionId, promotion.id), eq(files.name, 'Grille de prix interne.xlsx')));
      const data = await previewOf(admin, promotion.id, await storage().get(stored.storageKey), stored.name);
      expect([data.sheet, data.header_line]).toEqual(['Grille de prix', 2]);
      expect(data.refused, promotion.title).toEqual([]);
      expect(data.counts, promotion.title).toMatchObject({ create: 0, change: 0, refused: 0, unchanged: data.counts.rows });
      expect(data.counts.rows).toBeGreaterThan(10);
    }
  });
});
