import { readdir } from 'node:fs/promises';
import { UPLOAD_MESSAGES } from '@promovente/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { files } from '../db/schema/index.js';
import { createCandidacyRow, salesDesk } from '../modules/candidacies/candidacies.fixtures.js';
import { expectIndexedPlans } from '../test/bounded-queries.js';
import { createTestContext, type TestContext } from '../test/harness.js';
import { multipartBody } from '../test/multipart.js';
import { storedBytesOf } from './storage-quota.js';

/** A promotion may hold 1 Mo of uploaded files in these tests (PROMOTION_STORAGE_QUOTA_GB is 10 by default). */
const QUOTA = 1024 * 1024;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ promotionQuotaBytes: QUOTA });
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

/** A PDF of `bytes` bytes. */
const pdf = (bytes: number) => {
  const head = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n');
  return Buffer.concat([head, Buffer.alloc(bytes - head.length, 0x20)]);
};

const setUp = async () => {
  const db = ctx.database.db;
  const desk = await salesDesk(ctx.app, db);
  const { candidacy } = await createCandidacyRow(db, desk.promotion.id);
  const { candidacy: otherCandidacy } = await createCandidacyRow(db, desk.other.id);
  const broker = await desk.token(desk.broker);
  const outsider = await desk.token(desk.outsider);
  let sent = 0;
  const send = (url: string, headers: Record<string, string>, fields: Record<string, string | number>, field: string, content: Buffer) => {
    sent += 1;
    const body = multipartBody(fields, [{ field, filename: `plans-${sent}.pdf`, type: 'application/pdf', content }]);
    return ctx.app.inject({ method: 'POST', url, headers: { ...headers, ...body.headers }, payload: body.payload });
  };
  return {
    desk,
    candidacyFile: (content: Buffer, headers = broker, candidacyId = candidacy.id) =>
      send('/api/candidacies/files', headers, { candidacy_id: candidacyId }, 'files[]', content),
    otherCandidacyFile: (content: Buffer) =>
      send('/api/candidacies/files', outsider, { candidacy_id: otherCandidacy.id }, 'files[]', content),
    attachment: (content: Buffer) =>
      send(
        '/api/threads',
        broker,
        { title: 'Plans', content: 'Voici les plans.', to_id: desk.notary.id, to_base_class: 'notary', promotion: desk.promotion.id },
        'files[]',
        content,
      ),
    libraryFile: (content: Buffer) =>
      send(`/api/promotions/${desk.promotion.id}/files`, broker, { name: 'Plans', type_id: 1 }, 'file', content),
  };
};

describe("a promotion's storage quota (platform/storage-quota.ts)", () => {
  it('refuses the file that would pass the quota, stating it, and keeps nothing of it', async () => {
    const { desk, candidacyFile } = await setUp();
    expect((await candidacyFile(pdf(600 * 1024))).statusCode).toBe(200);
    const refused = await candidacyFile(pdf(600 * 1024));
    expect(refused.statusCode).toBe(413);
    expect(refused.json().message).toBe(UPLOAD_MESSAGES.quotaReached(QUOTA, 600 * 1024));
    expect(refused.json().message).toBe(
      "Espace de stockage de la promotion plein : 1 mo au maximum, 600 ko déjà utilisés. Supprimez des fichiers de la promotion pour en ajouter d'autres.",
    );
    expect(await ctx.database.db.select({ size: files.size }).from(files)).toEqual([{ size: 600 * 1024 }]);
    expect(await storedBytesOf(ctx.database.db, desk.promotion.id)).toBe(600 * 1024);
  });

  it('counts every upload of the promotion, whatever the screen, and no other promotion', async () => {
    const { candidacyFile, otherCandidacyFile, attachment, libraryFile } = await setUp();
    expect((await candidacyFile(pdf(400 * 1024))).statusCode).toBe(200);
    expect((await attachment(pdf(400 * 1024))).statusCode).toBe(200);
    const library = await libraryFile(pdf(400 * 1024));
    expect([library.statusCode, library.json().message]).toEqual([413, UPLOAD_MESSAGES.quotaReached(QUOTA, 800 * 1024)]);
    // The other promotion has its own quota.
    expect((await otherCandidacyFile(pdf(900 * 1024))).statusCode).toBe(200);
  });

  it('removes the stored content of a refused upload', async () => {
    const { candidacyFile } = await setUp();
    const storedContents = async () =>
      (await readdir(ctx.filesDir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).length;
    const before = await storedContents();
    expect((await candidacyFile(pdf(QUOTA + 1))).statusCode).toBe(413);
    expect(await storedContents()).toBe(before);
    expect(await ctx.database.db.select().from(files)).toEqual([]);
  });

  it('sums the stored bytes through the index on the promotion', async () => {
    const { candidacyFile } = await setUp();
    const sent = await ctx.captureQueries(() => candidacyFile(pdf(1024)));
    const sums = sent.filter((statement) => statement.sql.includes('sum(size)'));
    expect(sums).toHaveLength(1);
    await expectIndexedPlans(ctx, sums);
  });
});
