import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { storeGeneratedFile } from '../../platform/generated-files.js';
import { createPromotion, createUser } from '../../test/fixtures.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

describe('signed file URLs (docs/sales-process.md#6-files-storage-built)', () => {
  it('serves a stored file with its signature, and nothing once tampered', async () => {
    const promotion = await createPromotion(ctx.database.db);
    const broker = await createUser(ctx.database.db, 'broker');
    const { url } = await storeGeneratedFile(
      { db: ctx.database.db, storage: ctx.app.deps.storage },
      {
        name: 'Liste des lots.xlsx',
        mime: 'text/plain',
        content: Buffer.from('contenu'),
        promotionId: promotion.id,
        createdById: broker.id,
      },
    );
    const ok = await ctx.app.inject({ method: 'GET', url });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('contenu');
    expect(ok.headers['content-disposition']).toContain("filename*=UTF-8''Liste%20des%20lots.xlsx");

    // Change the signature's first character to another one (never to itself).
    const tamperedUrl = url.replace(/signature=(.)/, (_, first: string) => `signature=${first === 'x' ? 'y' : 'x'}`);
    expect(tamperedUrl).not.toBe(url);
    const tampered = await ctx.app.inject({ method: 'GET', url: tamperedUrl });
    expect(tampered.statusCode).toBe(404);
    expect(tampered.json().message).toBe('Lien expiré ou invalide');
  });
});
