import { PROFILE_PHOTO } from '@promovente/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { files, threads, users } from '../db/schema/index.js';
import { createCandidacyRow, salesDesk } from '../modules/candidacies/candidacies.fixtures.js';
import { createTestContext, type TestContext } from '../test/harness.js';
import { multipartBody } from '../test/multipart.js';
import { ATTACHMENT_UPLOADS, checkUpload, DOCUMENT_UPLOADS, detectContent, PICTURE_UPLOADS } from './uploads.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

const image = (format: 'png' | 'jpeg') =>
  sharp({ create: { width: 4, height: 4, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .toFormat(format)
    .toBuffer();
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const HTML = Buffer.from('<!DOCTYPE html><html><body><script>fetch("/api/user")</script></body></html>');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.cookie)"><rect width="10" height="10"/></svg>');
const XML_SVG = Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

type Part = { field: string; filename: string; type: string; content: Buffer };
const multipart = (fields: Record<string, string | number>, parts: Part[]) => multipartBody(fields, parts);

/** The three routes that take a file, each sending one file as its client does. */
const routes = async () => {
  const db = ctx.database.db;
  const desk = await salesDesk(ctx.app, db);
  const { candidacy } = await createCandidacyRow(db, desk.promotion.id);
  const broker = await desk.token(desk.broker);
  const send = (url: string, headers: Record<string, string>, fields: Record<string, string | number>, part: Part) => {
    const body = multipart(fields, [part]);
    return ctx.app.inject({ method: 'POST', url, headers: { ...headers, ...body.headers }, payload: body.payload });
  };
  return {
    desk,
    thread: (filename: string, type: string, content: Buffer) =>
      send(
        '/api/threads',
        broker,
        { title: 'Plans', content: 'Voici les plans.', to_id: desk.notary.id, to_base_class: 'notary', promotion: desk.promotion.id },
        { field: 'files[]', filename, type, content },
      ),
    candidacyFile: (filename: string, type: string, content: Buffer) =>
      send('/api/candidacies/files', broker, { candidacy_id: candidacy.id }, { field: 'files[]', filename, type, content }),
    avatar: (filename: string, type: string, content: Buffer) =>
      send(
        '/api/user/update',
        broker,
        { first_name: 'Paul', last_name: 'Courtier', email: desk.broker.email },
        { field: 'avatar_file', filename, type, content },
      ),
  };
};

const storedFiles = () => ctx.database.db.select({ owner: files.owner, name: files.name, mime: files.mime }).from(files);

describe('the one upload policy, on every route that takes a file', () => {
  it.each([
    ['HTML sent as a PDF', 'offre.pdf', 'application/pdf', HTML],
    ['SVG sent as a PNG', 'plan.png', 'image/png', SVG],
    ['SVG with an XML prolog sent as a JPEG', 'plan.jpg', 'image/jpeg', XML_SVG],
    ['HTML sent as plain text', 'note.txt', 'text/plain', HTML],
  ])('refuses %s on thread attachments, candidacy files and the profile picture, storing nothing', async (_, name, type, content) => {
    const { thread, candidacyFile, avatar, desk } = await routes();
    const answers = [await thread(name, type, content), await candidacyFile(name, type, content), await avatar(name, type, content)];
    expect(answers.map((a) => a.statusCode)).toEqual([422, 422, 422]);
    expect(answers.map((a) => a.json().message)).toEqual([
      `Type de fichier non accepté (${name}) : PDF, images, documents bureautiques ou texte uniquement`,
      `Type de fichier non accepté (${name}) : PDF, images ou documents bureautiques uniquement`,
      PROFILE_PHOTO.refused,
    ]);
    expect(await storedFiles()).toEqual([]);
    expect(await ctx.database.db.select().from(threads)).toEqual([]);
    const [broker] = await ctx.database.db.select({ picture: users.profilePicture }).from(users).where(eq(users.id, desk.broker.id));
    expect(broker.picture).toBeNull();
  });

  it('accepts a real PDF, PNG and JPEG as attachments and candidacy files, stored with the type of their content', async () => {
    const { thread, candidacyFile } = await routes();
    const png = await image('png');
    const jpeg = await image('jpeg');
    for (const send of [thread, candidacyFile]) {
      expect((await send('offre.pdf', 'application/pdf', PDF)).statusCode).toBe(200);
      expect((await send('plan.png', 'image/png', png)).statusCode).toBe(200);
      // A declared type that says nothing useful: the content decides.
      expect((await send('facade.jpg', 'application/octet-stream', jpeg)).statusCode).toBe(200);
    }
    const stored = await storedFiles();
    expect(stored.map((f) => `${f.owner} ${f.name} ${f.mime}`).sort()).toEqual([
      'candidacy facade.jpg image/jpeg',
      'candidacy offre.pdf application/pdf',
      'candidacy plan.png image/png',
      'thread_message facade.jpg image/jpeg',
      'thread_message offre.pdf application/pdf',
      'thread_message plan.png image/png',
    ]);
  });

  it('accepts a real PNG or JPEG as profile picture, and refuses a PDF', async () => {
    const { avatar } = await routes();
    expect((await avatar('moi.png', 'image/png', await image('png'))).statusCode).toBe(200);
    expect((await avatar('moi.jpg', 'image/jpeg', await image('jpeg'))).statusCode).toBe(200);
    const pdf = await avatar('moi.pdf', 'application/pdf', PDF);
    expect(pdf.statusCode).toBe(422);
    expect(pdf.json().message).toBe(PROFILE_PHOTO.refused);
  });

  it('serves a stored attachment as a download that the browser may not sniff', async () => {
    const { thread, desk } = await routes();
    expect((await thread('offre.pdf', 'application/pdf', PDF)).statusCode).toBe(200);
    const [file] = await ctx.database.db.select({ uuid: files.uuid }).from(files);
    const url = await ctx.app.inject({ method: 'GET', url: `/api/file-url/${file.uuid}`, headers: await desk.token(desk.notary) });
    const download = await ctx.app.inject({ method: 'GET', url: url.json().data.url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('detectContent (file-type) and checkUpload', () => {
  const kindOf = async (content: Buffer) => (await detectContent(content))?.kind ?? null;

  it('know each accepted format by its first bytes', async () => {
    expect(await kindOf(PDF)).toBe('pdf');
    expect(await kindOf(await image('png'))).toBe('png');
    expect(await kindOf(await image('jpeg'))).toBe('jpeg');
    expect(await kindOf(Buffer.from('GIF89a\x01\x00'))).toBe('gif');
    expect(await kindOf(Buffer.from('RIFF\x00\x00\x00\x00WEBPVP8 '))).toBe('webp');
    expect(await kindOf(Buffer.from('PK\x03\x04rest'))).toBe('zip');
    expect(await kindOf(Buffer.from("Rendez-vous à 14 h, l'entrée est à gauche.\r\n"))).toBe('text');
  });

  it('see no accepted format in markup, scripts or binary noise', async () => {
    for (const content of [
      HTML,
      SVG,
      XML_SVG,
      Buffer.from('#!/bin/sh\nrm -rf /'),
      Buffer.from([0x00, 0x01, 0x02, 0xfe]),
      Buffer.alloc(0),
    ]) {
      expect(await kindOf(content)).toBeNull();
    }
  });

  it('want the declared type or the extension to agree with the content', async () => {
    const upload = (filename: string, mimetype: string, content: Buffer) => checkUpload(DOCUMENT_UPLOADS, { filename, mimetype, content });
    expect(await upload('offre.pdf', 'application/pdf', PDF)).toEqual({ mime: 'application/pdf' });
    expect(await upload('offre.pdf', 'image/png', PDF)).toHaveProperty('error');
    expect(await upload('offre', 'application/octet-stream', PDF)).toHaveProperty('error');
    expect(await upload('tableau.xlsx', 'application/octet-stream', Buffer.from('PK\x03\x04rest'))).toEqual({
      mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    expect(
      await checkUpload(ATTACHMENT_UPLOADS, { filename: 'note.txt', mimetype: 'text/plain', content: Buffer.from('Bonjour') }),
    ).toEqual({
      mime: 'text/plain',
    });
    expect(
      await checkUpload(DOCUMENT_UPLOADS, { filename: 'note.txt', mimetype: 'text/plain', content: Buffer.from('Bonjour') }),
    ).toHaveProperty('error');
  });

  it('refuse a file over the size limit of its kind', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(DOCUMENT_UPLOADS.otherBytes, 0x20)]);
    expect(await checkUpload(DOCUMENT_UPLOADS, { filename: 'gros.pdf', mimetype: 'application/pdf', content: big })).toEqual({
      error: 'Fichier trop volumineux (gros.pdf) : 20 Mo au maximum',
    });
    // A real PNG's first chunks (file-type reads its header, not only the signature), then padding.
    const bigPng = Buffer.concat([await image('png'), Buffer.alloc(PICTURE_UPLOADS.imageBytes)]);
    expect(await checkUpload(PICTURE_UPLOADS, { filename: 'moi.png', mimetype: 'image/png', content: bigPng })).toEqual({
      error: 'Fichier trop volumineux (moi.png) : 10 Mo au maximum',
    });
  });
});
