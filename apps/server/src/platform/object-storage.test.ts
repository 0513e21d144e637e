import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../db/schema/index.js';
import { createCandidacyRow, salesDesk } from '../modules/candidacies/candidacies.fixtures.js';
import { createTestContext, type TestContext } from '../test/harness.js';
import { multipartBody } from '../test/multipart.js';
import { startS3Server } from '../test/s3-server.js';
import { localStorage, s3Client, s3Storage } from './storage.js';
import { moveLocalStoreToS3 } from './storage-move.js';

/**
 * The application on an S3-compatible store (docs/decisions/033-object-storage.md): what a user
 * uploads lands in the bucket, a signed link serves it from there, a deletion removes it; and a
 * local store moves into a bucket under the same keys.
 */
let s3: Awaited<ReturnType<typeof startS3Server>>;
let ctx: TestContext;
beforeAll(async () => {
  s3 = await startS3Server('promovente-app');
  ctx = await createTestContext({ storage: s3Storage(s3.location) });
});
afterAll(async () => {
  await ctx?.close();
  await s3?.close();
});

const objectKeys = async (bucket = s3.location.bucket) =>
  ((await s3Client(s3.location).send(new ListObjectsV2Command({ Bucket: bucket }))).Contents ?? []).map((object) => object.Key);

describe('the application with STORAGE_URL=s3://...', () => {
  it('stores an uploaded document in the bucket, serves it through its signed link and removes it with its row', async () => {
    const db = ctx.database.db;
    const desk = await salesDesk(ctx.app, db);
    const { candidacy } = await createCandidacyRow(db, desk.promotion.id, { agencyId: desk.leman.id });
    const headers = await desk.token(desk.broker);
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2048, 0x41)]);
    const body = multipartBody(
      [['candidacy_id', String(candidacy.id)]],
      [{ field: 'files[]', filename: 'attestation.pdf', type: 'application/pdf', content: pdf }],
    );
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: '/api/candidacies/files',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode).toBe(200);
    const [row] = await db.select().from(files).where(eq(files.candidacyId, candidacy.id));
    expect(await objectKeys()).toContain(`${row.storageKey.slice(0, 2)}/${row.storageKey}`);

    const link = await ctx.app.inject({ method: 'GET', url: `/api/file-url/${row.uuid}`, headers });
    expect(link.statusCode).toBe(200);
    const download = await ctx.app.inject({ method: 'GET', url: link.json().data.url });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf)).toBe(true);

    const removed = await ctx.app.inject({ method: 'DELETE', url: `/api/candidacies/files/${row.id}`, headers });
    expect(removed.statusCode).toBe(200);
    expect(await objectKeys()).not.toContain(`${row.storageKey.slice(0, 2)}/${row.storageKey}`);
  });
});

describe('npm run storage:to-s3 (moveLocalStoreToS3)', () => {
  it('copies every stored file under its key, leaves what is already there, and sets aside what is not a stored file', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'promovente-move-'));
    try {
      const local = localStorage(root);
      const contents = [Buffer.from('plan'), Buffer.from('acte de vente'), Buffer.alloc(100_000, 7)];
      const keys = [];
      for (const content of contents) keys.push(await local.put(content));
      await mkdir(path.join(root, 'zz'), { recursive: true });
      await writeFile(path.join(root, 'zz', 'notes.txt'), 'pas un fichier stocké');
      const target = { ...s3.location, prefix: 'migre/' };

      const first = await moveLocalStoreToS3(root, target);
      expect(first).toEqual({ copied: 3, present: 0, skipped: ['zz/notes.txt'] });
      const moved = s3Storage(target);
      for (const [i, key] of keys.entries()) expect((await moved.get(key)).equals(contents[i])).toBe(true);

      const again = await moveLocalStoreToS3(root, target);
      expect(again).toEqual({ copied: 0, present: 3, skipped: ['zz/notes.txt'] });
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
