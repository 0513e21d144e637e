import { Readable } from 'node:stream';
import { LIBRARY_MESSAGES, MULTIPART_LIMITS, UPLOAD_MESSAGES } from '@promovente/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { files } from '../db/schema/index.js';
import { createCandidacyRow, salesDesk } from '../modules/candidacies/candidacies.fixtures.js';
import { createTestContext, type TestContext } from '../test/harness.js';
import { multipartBody } from '../test/multipart.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

const MB = 1024 * 1024;
const BOUNDARY = '----promovente-limits';
const PDF_HEAD = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n');

/**
 * A multipart body made as it is sent, part after part (nothing held in memory but one chunk),
 * counting the bytes the server actually pulled from it.
 */
const streamedBody = (parts: () => Generator<Buffer>) => {
  const sent = { bytes: 0 };
  async function* body() {
    for (const chunk of parts()) {
      sent.bytes += chunk.length;
      yield chunk;
    }
    yield Buffer.from(`--${BOUNDARY}--\r\n`);
  }
  return { stream: Readable.from(body(), { objectMode: false }), sent };
};
const fieldHead = (name: string) => Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`);
const fileHead = (name: string, filename: string) =>
  Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
const CRLF = Buffer.from('\r\n');

const setUp = async () => {
  const db = ctx.database.db;
  const desk = await salesDesk(ctx.app, db);
  const { candidacy } = await createCandidacyRow(db, desk.promotion.id);
  return { desk, candidacy, broker: await desk.token(desk.broker) };
};

const post = (url: string, headers: Record<string, string>, payload: Readable | Buffer, extra: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...extra },
    payload,
  });

describe('the limits every multipart request meets (platform/multipart.ts)', () => {
  it('refuses 300 fields of 1 Mo at the first one, having read a few megabytes of the 300 sent', async () => {
    const { desk, broker } = await setUp();
    const megabyte = Buffer.alloc(MB, 'a');
    const { stream, sent } = streamedBody(function* () {
      yield fieldHead('promotion');
      yield Buffer.from(`${desk.promotion.id}\r\n`);
      for (let i = 0; i < 300; i += 1) {
        yield fieldHead('content');
        yield megabyte;
        yield CRLF;
      }
    });
    const answer = await post('/api/threads', broker, stream);
    expect(answer.statusCode).toBe(413);
    expect(answer.json().message).toBe(UPLOAD_MESSAGES.fieldTooLong('Message', MULTIPART_LIMITS.fieldBytes));
    expect(sent.bytes).toBeLessThan(10 * MB);
  });

  it('refuses 20 files of 19 Mo once the request passes 100 Mo, and stores none of them', async () => {
    const { candidacy, broker } = await setUp();
    const chunk = Buffer.alloc(MB, 0x20);
    const { stream, sent } = streamedBody(function* () {
      yield fieldHead('candidacy_id');
      yield Buffer.from(`${candidacy.id}\r\n`);
      for (let file = 0; file < 20; file += 1) {
        yield fileHead('files[]', `plan-${file}.pdf`);
        yield PDF_HEAD;
        for (let i = 0; i < 19; i += 1) yield chunk;
        yield CRLF;
      }
    });
    const answer = await post('/api/candidacies/files', broker, stream);
    expect(answer.statusCode).toBe(413);
    expect(answer.json().message).toBe(UPLOAD_MESSAGES.requestTooBig(MULTIPART_LIMITS.requestBytes));
    expect(answer.json().message).toBe('Envoi trop volumineux : 100 Mo au maximum par envoi');
    expect(sent.bytes).toBeLessThan(MULTIPART_LIMITS.requestBytes + 20 * MB);
    expect(await ctx.database.db.select().from(files)).toEqual([]);
  });

  it('refuses a request that declares more than its route takes before reading any of it', async () => {
    const { candidacy, broker } = await setUp();
    const { stream, sent } = streamedBody(function* () {
      yield fieldHead('candidacy_id');
      yield Buffer.from(`${candidacy.id}\r\n`);
      for (let file = 0; file < 20; file += 1) {
        yield fileHead('files[]', `plan-${file}.pdf`);
        yield Buffer.alloc(19 * MB, 0x20);
        yield CRLF;
      }
    });
    const answer = await post('/api/candidacies/files', broker, stream, { 'content-length': String(20 * 19 * MB) });
    expect(answer.statusCode).toBe(413);
    expect(answer.json().message).toBe(UPLOAD_MESSAGES.requestTooBig(MULTIPART_LIMITS.requestBytes));
    expect(sent.bytes).toBeLessThan(20 * MB);
  });

  it('refuses a form of more than 50 fields, naming the limit', async () => {
    const { desk, broker } = await setUp();
    const fields = Array.from({ length: 60 }, (_, i) => [`champ${i}`, 'x'] as const);
    const body = multipartBody([['promotion', desk.promotion.id], ...fields]);
    const answer = await ctx.app.inject({
      method: 'POST',
      url: '/api/threads',
      headers: { ...broker, ...body.headers },
      payload: body.payload,
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe(UPLOAD_MESSAGES.tooManyFields(MULTIPART_LIMITS.fields));
    expect(answer.json().message).toBe('Formulaire trop long : 50 champs au maximum');
  });

  it("refuses more files than the route takes, in the route's words", async () => {
    const { desk, broker } = await setUp();
    const pdf = { type: 'application/pdf', content: PDF_HEAD };
    const body = multipartBody({ name: 'Plans', type_id: 1 }, [
      { field: 'file', filename: 'a.pdf', ...pdf },
      { field: 'file', filename: 'b.pdf', ...pdf },
    ]);
    const answer = await ctx.app.inject({
      method: 'POST',
      url: `/api/promotions/${desk.promotion.id}/files`,
      headers: { ...broker, ...body.headers },
      payload: body.payload,
    });
    expect([answer.statusCode, answer.json().message]).toEqual([400, LIBRARY_MESSAGES.oneFile]);
    const attachments = Array.from({ length: MULTIPART_LIMITS.files + 1 }, (_, i) => ({ field: 'files[]', filename: `p${i}.pdf`, ...pdf }));
    const thread = multipartBody({ title: 'Plans', content: 'Voici.', promotion: desk.promotion.id }, attachments);
    const many = await ctx.app.inject({
      method: 'POST',
      url: '/api/threads',
      headers: { ...broker, ...thread.headers },
      payload: thread.payload,
    });
    expect([many.statusCode, many.json().message]).toEqual([400, 'Trop de fichiers : 20 au maximum par envoi']);
  });

  it('refuses a profile photo over 10 Mo, naming the limit', async () => {
    const { desk, broker } = await setUp();
    const body = multipartBody({ first_name: 'Paul', last_name: 'Courtier', email: desk.broker.email }, [
      { field: 'avatar_file', filename: 'moi.png', type: 'image/png', content: Buffer.alloc(10 * MB + 1, 1) },
    ]);
    const answer = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/update',
      headers: { ...broker, ...body.headers },
      payload: body.payload,
    });
    expect([answer.statusCode, answer.json().message]).toEqual([413, 'Fichier trop volumineux : 10 Mo au maximum']);
  });
});
