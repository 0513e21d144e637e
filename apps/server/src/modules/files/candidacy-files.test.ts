import { MESSAGES, UPLOAD_MESSAGES } from '@promovente/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { files, logs } from '../../db/schema/index.js';
import { displayName } from '../../platform/uploads.js';
import { bearer, createUser, PASSWORD } from '../../test/fixtures.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { multipartBody } from '../../test/multipart.js';
import { candidateAccount, command, createCandidacyRow, salesDesk } from '../candidacies/candidacies.fixtures.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

const PDF = (size = 64) => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(size, 0x20)]);
/** A real 1 x 1 PNG: its type is read from its header (file-type), not from the signature alone. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

type Part = { filename: string; type: string; content: Buffer };
const multipart = (fields: [string, string][], parts: Part[]) =>
  multipartBody(
    fields,
    parts.map((part) => ({ field: 'files[]', ...part })),
  );

const upload = (headers: Record<string, string>, candidacyId: number, parts: Part[], renames: string[] = []) => {
  const body = multipart([['candidacy_id', String(candidacyId)], ...renames.map((r) => ['renames[]', r] as [string, string])], parts);
  return ctx.app.inject({ method: 'POST', url: '/api/candidacies/files', headers: { ...headers, ...body.headers }, payload: body.payload });
};

describe('POST /candidacies/files (docs/product/validation.md#file-upload)', () => {
  it('stores checked files under the given or renamed names and skips duplicates', async () => {
    const db = ctx.database.db;
    const desk = await salesDesk(ctx.app, db);
    const { candidacy } = await createCandidacyRow(db, desk.promotion.id);
    const headers = await desk.token(desk.notary);

    const first = await upload(
      headers,
      candidacy.id,
      [
        { filename: 'scan.pdf', type: 'application/pdf', content: PDF() },
        { filename: 'photo.png', type: 'image/png', content: PNG },
      ],
      ["Pièce d'identité", ''],
    );
    expect(first.statusCode).toBe(200);
    expect(first.json().data.files.map((f: { name: string }) => f.name)).toEqual(["Pièce d'identité.pdf", 'photo.png']);
    expect(first.json().data.duplicates).toEqual([]);
    expect(first.json().message).toBe('2 documents ajoutés');

    const again = await upload(headers, candidacy.id, [
      { filename: 'photo.png', type: 'image/png', content: PNG },
      { filename: 'contrat.pdf', type: 'application/pdf', content: PDF() },
      { filename: 'contrat.pdf', type: 'application/pdf', content: PDF() },
    ]);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.files.map((f: { name: string }) => f.name)).toEqual(['contrat.pdf']);
    expect(again.json().data.duplicates).toEqual(['photo.png', 'contrat.pdf']);
    const stored = await db.select().from(files).where(eq(files.candidacyId, candidacy.id));
    expect(stored).toHaveLength(3);
    expect(stored.every((f) => /^[0-9a-f-]{36}$/.test(f.storageKey))).toBe(true);
    expect((await db.select().from(logs)).map((l) => l.title)).toContain('Document ajouté : contrat.pdf');
  });

  it('accepts a document above the 10 MB image limit, up to 20 MB', async () => {
    const db = ctx.database.db;
    const desk = await salesDesk(ctx.app, db);
    const { candidacy } = await createCandidacyRow(db, desk.promotion.id);
    const response = await upload(await desk.token(desk.broker), candidacy.id, [
      { filename: 'acte.pdf', type: 'application/pdf', content: PDF(12 * 1024 * 1024) },
    ]);
    expect(response.statusCode).toBe(200);
    const tooBig = await upload(await desk.token(desk.broker), candidacy.id, [
      { filename: 'photo.png', type: 'image/png', content: Buffer.concat([PNG, Buffer.alloc(11 * 1024 * 1024)]) },
    ]);
    expect(tooBig.statusCode).toBe(422);
    expect(tooBig.json().message).toBe('Fichier trop volumineux (photo.png) : 10 Mo au maximum');
  });

  it('refuses content that is not what it claims, and names used as paths', async () => {
    const db = ctx.database.db;
    const desk = await salesDesk(ctx.app, db);
    const { candidacy } = await createCandidacyRow(db, desk.promotion.id);
    const headers = await desk.token(desk.broker);
    const fake = await upload(headers, candidacy.id, [
      { filename: 'virus.pdf', type: 'application/pdf', content: Buffer.from('MZ\x90\x00 not a pdf') },
    ]);
    expect(fake.statusCode).toBe(422);
    expect(fake.json().message).toContain('Type de fichier non accepté (virus.pdf)');
    const script = await upload(headers, candidacy.id, [{ filename: 'page.html', type: 'text/html', content: Buffer.from('<html>') }]);
    expect(script.statusCode).toBe(422);
    expect(displayName('../../etc/passwd.pdf')).toBe('passwd.pdf');
    expect(displayName('scan.pdf', 'C:\\temp\\contrat')).toBe('contrat.pdf');
    expect((await upload(headers, candidacy.id, [])).json().message).toBe('Veuillez sélectionner au moins un fichier');
  });

  it('is for broker, notary, banker, architect and promoter, on their promotion only', async () => {
    const db = ctx.database.db;
    const desk = await salesDesk(ctx.app, db);
    const { candidacy, candidate } = await createCandidacyRow(db, desk.promotion.id);
    const part = [{ filename: 'a.pdf', type: 'application/pdf', content: PDF() }];
    for (const user of [desk.banker, desk.architect, desk.promoter]) {
      expect((await upload(await desk.token(user), candidacy.id, part)).statusCode).toBe(200);
      await db.delete(files);
    }
    const account = await candidateAccount(db, desk.promotion.id, candidate);
    expect((await upload(await desk.token(account), candidacy.id, part)).statusCode).toBe(403);
    const outsider = await upload(await desk.token(desk.outsider), candidacy.id, part);
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json().message).toBe(MESSAGES.pageNotFound);
  });

  it('refuses a file in demo mode (a demo account, or a session opened from the demo page), storing nothing', async () => {
    const db = ctx.database.db;
    const desk = await salesDesk(ctx.app, db);
    const { candidacy } = await createCandidacyRow(db, desk.promotion.id);
    const part = [{ filename: 'a.pdf', type: 'application/pdf', content: PDF() }];
    const demoAccount = await createUser(db, 'broker', { promotionIds: [desk.promotion.id], isDemo: true });
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: desk.notary.email, password: PASSWORD, demo: true },
    });
    for (const headers of [await desk.token(demoAccount), bearer(login.json().token)]) {
      const refused = await upload(headers, candidacy.id, part);
      expect([refused.statusCode, refused.json().message]).toEqual([403, UPLOAD_MESSAGES.demo]);
    }
    expect(await db.select().from(files)).toEqual([]);
  });
});

describe('DELETE /candidacies/files/{id} and GET /file-url/{uuid} (docs/sales-process.md#6-files-storage-built)', () => {
  it('lets a broker of the agency, a promoter and the candidate (what he uploaded) delete', async () => {
    const db = ctx.database.db;
    const desk = await salesDesk(ctx.app, db);
    const { candidacy, candidate } = await createCandidacyRow(db, desk.promotion.id, { agencyId: desk.leman.id });
    const account = await candidateAccount(db, desk.promotion.id, candidate);
    const add = async (createdById: number) => {
      const key = await ctx.app.deps.storage.put(PDF());
      const [row] = await db
        .insert(files)
        .values({
          name: `f${createdById}-${Math.random()}.pdf`,
          mime: 'application/pdf',
          size: 10,
          storageKey: key,
          owner: 'candidacy',
          promotionId: desk.promotion.id,
          candidacyId: candidacy.id,
          createdById,
        })
        .returning();
      return row;
    };
    const remove = async (user: { email: string }, id: number) =>
      ctx.app.inject({ method: 'DELETE', url: `/api/candidacies/files/${id}`, headers: await desk.token(user) });

    const byBroker = await add(desk.broker.id);
    expect((await remove(desk.rival, byBroker.id)).statusCode).toBe(403);
    expect((await remove(desk.notary, byBroker.id)).statusCode).toBe(403);
    expect((await remove(account, byBroker.id)).statusCode).toBe(403);
    expect((await remove(desk.outsider, byBroker.id)).statusCode).toBe(404);
    const ok = await remove(desk.colleague, byBroker.id);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('Document supprimé');
    await expect(ctx.app.deps.storage.get(byBroker.storageKey)).rejects.toThrow();

    expect((await remove(desk.promoter, (await add(desk.broker.id)).id)).statusCode).toBe(200);
    expect((await remove(account, (await add(account.id)).id)).statusCode).toBe(200);
  });

  it('answers a signed URL only to users allowed to see the file', async () => {
    const db = ctx.database.db;
    const desk = await salesDesk(ctx.app, db);
    const own = await createCandidacyRow(db, desk.promotion.id);
    const foreign = await createCandidacyRow(db, desk.promotion.id);
    const account = await candidateAccount(db, desk.promotion.id, own.candidate);
    const store = async (candidacyId: number) => {
      const [row] = await db
        .insert(files)
        .values({
          name: 'doc.pdf',
          mime: 'application/pdf',
          size: 10,
          storageKey: await ctx.app.deps.storage.put(PDF()),
          owner: 'candidacy',
          promotionId: desk.promotion.id,
          candidacyId,
        })
        .returning();
      return row;
    };
    const mine = await store(own.candidacy.id);
    const theirs = await store(foreign.candidacy.id);
    const url = async (user: { email: string }, uuid: string) =>
      ctx.app.inject({ method: 'GET', url: `/api/file-url/${uuid}`, headers: await desk.token(user) });

    const granted = await url(account, mine.uuid);
    expect(granted.statusCode).toBe(200);
    const download = await ctx.app.inject({ method: 'GET', url: granted.json().data.url });
    expect(download.statusCode).toBe(200);
    expect(download.body.startsWith('%PDF')).toBe(true);

    expect((await url(account, theirs.uuid)).statusCode).toBe(404);
    expect((await url(desk.notary, theirs.uuid)).statusCode).toBe(200);
    expect((await url(desk.outsider, theirs.uuid)).statusCode).toBe(404);
    expect((await url(desk.broker, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);

    // An export is for the user who made it.
    const exported = await ctx.app.inject({ method: 'GET', url: '/api/candidacies/download', headers: await desk.token(desk.broker) });
    const exportUuid = /files\/([0-9a-f-]+)\//.exec(exported.json().data.url)?.[1] ?? '';
    expect((await url(desk.broker, exportUuid)).statusCode).toBe(200);
    expect((await url(desk.colleague, exportUuid)).statusCode).toBe(404);
  });

  it('counts and lists the files on the candidacy and drops them with it, stored content included', async () => {
    const db = ctx.database.db;
    const desk = await salesDesk(ctx.app, db);
    const { candidacy } = await createCandidacyRow(db, desk.promotion.id, { agencyId: desk.leman.id });
    const headers = await desk.token(desk.broker);
    await upload(headers, candidacy.id, [{ filename: 'a.pdf', type: 'application/pdf', content: PDF() }]);
    const row = (await ctx.app.inject({ method: 'GET', url: '/api/candidacies', headers })).json().data[0];
    expect(row.files_count).toBe(1);
    const [stored] = await db.select({ key: files.storageKey }).from(files);
    await expect(ctx.app.deps.storage.get(stored.key)).resolves.toBeInstanceOf(Buffer);
    await command(ctx.app, headers, 'deleteCandidacy', 'candidacy', candidacy.id);
    expect(await db.select().from(files)).toEqual([]);
    await expect(ctx.app.deps.storage.get(stored.key)).rejects.toThrow();
  });
});
