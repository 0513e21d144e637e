import os from 'node:os';
import { MESSAGES } from '@promovente/shared';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { loadConfig } from '../config.js';
import { serverProcesses } from '../db/schema/index.js';
import { openEventStream } from '../test/event-stream.js';
import { startFakeSalesforce } from '../test/fake-salesforce.js';
import { createTestContext, type TestContext } from '../test/harness.js';
import { startS3Server } from '../test/s3-server.js';
import { request, type ServerDatabase, type ServerProcess, serverDatabase, signInDemo, startServer } from '../test/server-process.js';
import { startSmtpCapture } from '../test/smtp.js';
import { conflictWith, PROCESS_SEEN_WITHIN_MS, registerProcess, type SharedSettings, sharedSettingsOf } from './process-registry.js';

/**
 * Several server processes on one PostgreSQL database (issue 21): each registers at start with
 * the settings all must share, and refuses to start beside processes that do not share them.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

const db = () => ctx.database.db;
const shared: SharedSettings = { fileSecret: 'a1b2c3', storage: 's3://promovente at https://sos-ch-gva-2.exo.io' };
/** A process of another machine, as its own start would have written it. */
const elsewhere = async (settings: SharedSettings, seenAt = new Date()) =>
  db()
    .insert(serverProcesses)
    .values({ id: crypto.randomUUID(), host: 'serveur-2', pid: 4242, startedAt: seenAt, seenAt, ...settings });

describe('the processes of one database (platform/process-registry.ts)', () => {
  it('lets a second process start with the same file-link key and the same storage, and forgets it when it stops', async () => {
    const first = await registerProcess(db(), shared);
    const second = await registerProcess(db(), shared);
    expect((await first.others()).map((row) => row.id)).toEqual([second.id]);
    await second.unregister();
    expect(await first.others()).toEqual([]);
  });

  it('refuses a process with a key of its own drawing, or another key, beside one already serving', async () => {
    await elsewhere(shared);
    await expect(registerProcess(db(), { ...shared, fileSecret: 'random' })).rejects.toThrow(/FILE_URL_SECRET: set the same key/);
    await expect(registerProcess(db(), { ...shared, fileSecret: 'ffffff' })).rejects.toThrow(/FILE_URL_SECRET: another process/);
    // A refused start leaves no row.
    expect(await db().select().from(serverProcesses)).toHaveLength(1);
  });

  it('refuses a process that stores its files elsewhere, naming both places', async () => {
    await elsewhere(shared);
    await expect(registerProcess(db(), { ...shared, storage: `local:${os.hostname()}:/srv/data` })).rejects.toThrow(
      /STORAGE_URL: .* s3:\/\/promovente at https:\/\/sos-ch-gva-2.exo.io, this one in local:/,
    );
  });

  it('forgets a process not seen for 30 s, and at once one of this machine that no longer runs', async () => {
    await elsewhere({ ...shared, fileSecret: 'random' }, new Date(Date.now() - PROCESS_SEEN_WITHIN_MS - 1000));
    const at = new Date();
    await db()
      .insert(serverProcesses)
      .values({
        id: crypto.randomUUID(),
        host: os.hostname(),
        pid: 2 ** 22 + 17,
        startedAt: at,
        seenAt: at,
        fileSecret: 'random',
        storage: 'x',
      });
    const alone = await registerProcess(db(), { ...shared, fileSecret: 'random' });
    expect(await alone.others()).toEqual([]);
  });

  it('alone, a process may draw its own key', () => {
    expect(conflictWith({ ...shared, fileSecret: 'random' }, [])).toBeNull();
  });

  it('reads its settings from the configuration, never the key itself', () => {
    const local = sharedSettingsOf(loadConfig({ DATA_DIR: '/srv/promovente' }));
    expect(local.storage).toBe(`local:${os.hostname()}:/srv/promovente`);
    const s3 = sharedSettingsOf(loadConfig({ STORAGE_URL: 's3://promovente', S3_ENDPOINT: 'https://sos-ch-gva-2.exo.io' }));
    expect(s3.storage).toBe('s3://promovente at https://sos-ch-gva-2.exo.io');
    expect(s3.fileSecret).toMatch(/^(random|[0-9a-f]{32})$/);
    if (process.env.FILE_URL_SECRET) expect(s3.fileSecret).not.toContain(process.env.FILE_URL_SECRET);
  });
});

/**
 * Two server processes on one PostgreSQL database (issue 21): a session opened on one works on
 * the other, a file link signed by one is accepted by the other, the sign-in limits count across both,
 * an e-mail queued by either is sent once, and a third process whose
 * file-link key is not theirs refuses to start, saying which setting to change. The embedded
 * database serves one process only: this file runs in the PostgreSQL pass (TEST_DATABASE_URL).
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const describeOnPostgres = onPostgres ? describe : () => {};

const answerOf = async (url: string, path: string, headers: Record<string, string> = {}) => {
  const answer = await request(url, { path, headers }).answer;
  if (!('status' in answer)) throw new Error(`${path}: ${answer.error}`);
  return answer;
};

describeOnPostgres('two server processes on one PostgreSQL database', () => {
  let data: ServerDatabase;
  const started: ServerProcess[] = [];
  beforeAll(async () => {
    data = await serverDatabase('two_processes');
  }, 120_000);
  afterAll(async () => {
    for (const server of started) if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await data?.drop();
  });

  it('share sessions, an object store and file links, sign-in limits, the e-mail and CRM queues and the live events, and refuse a third process with another key or a key of its own', async () => {
    const smtp = await startSmtpCapture();
    onTestFinished(() => smtp.close());
    const salesforce = await startFakeSalesforce();
    onTestFinished(() => salesforce.close());
    // One object store for both (s3rver, a local S3-compatible server).
    const store = await startS3Server();
    onTestFinished(() => store.close());
    const storage = {
      STORAGE_URL: `s3://${store.location.bucket}`,
      S3_ENDPOINT: store.location.endpoint ?? '',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: '1',
    };
    const shared = {
      ...data.env,
      ...storage,
      FILE_URL_SECRET: 'cle-partagee-des-deux-serveurs',
      SMTP_URL: smtp.url,
      SALESFORCE_LOGIN_URL: salesforce.url,
      SALESFORCE_CLIENT_ID: 'client',
      SALESFORCE_CLIENT_SECRET: 'secret',
    };
    const first = await startServer(shared);
    started.push(first);
    const second = await startServer(shared);
    started.push(second);

    // A session opened on the first is one of the second's.
    const headers = await signInDemo(first.url);
    expect((await answerOf(second.url, '/api/user', headers)).status).toBe(200);

    // A link signed by the first is accepted by the second: the demo's rows of this database
    // have no stored content, so it answers that the file is missing, not that the link is bad.
    const client = new pg.Client({ connectionString: data.url });
    await client.connect();
    const { rows } = await client.query<{ id: number }>(`select id from promotions where title = 'Quartier des Vergers'`);
    await client.end();
    // The albums answer signed links to their photos.
    const albums = await answerOf(first.url, `/api/photoGroups?promotion=${rows[0].id}`, headers);
    expect(albums.status).toBe(200);
    const signed = /\/api\/files\/[0-9a-f-]{36}\/download\?expires=\d+&signature=[\w-]+/.exec(albums.body)?.[0] ?? null;
    expect(signed).not.toBeNull();
    const onSecond = await answerOf(second.url, signed ?? '');
    expect(onSecond.status).toBe(404);
    expect(JSON.parse(onSecond.body).message).toBe('Fichier introuvable');
    // A document added through the first goes to the shared store; its link, signed by the
    // first, is served by the second with the same bytes.
    const architect = await signInDemo(first.url, 'architecte@demo.ch');
    const document = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from(`plans ${Date.now()}`), Buffer.from('\n%%EOF\n')]);
    const form = new FormData();
    form.set('name', 'Plans des deux serveurs');
    form.set('type_id', '1');
    form.set('file', new Blob([document], { type: 'application/pdf' }), 'plans.pdf');
    const added = await fetch(`${first.url}/api/promotions/${rows[0].id}/files`, { method: 'POST', headers: architect, body: form });
    expect(added.status).toBe(200);
    const { data: file } = (await added.json()) as { data: { uuid: string } };
    const link = JSON.parse((await answerOf(first.url, `/api/file-url/${file.uuid}`, architect)).body) as { data: { url: string } };
    const signedByFirst = new URL(link.data.url, first.url);
    const served = await fetch(new URL(signedByFirst.pathname + signedByFirst.search, second.url));
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(document)).toBe(true);
    const tampered = await answerOf(second.url, (signed ?? '').replace(/signature=./, 'signature=x'));
    expect(JSON.parse(tampered.body).message).toBe('Lien expiré ou invalide');

    // The sign-in limits count in the database: ten failures spread over both processes lock
    // the eleventh attempt on either (10 per account and address, platform/login-attempts.ts).
    const signIn = (url: string) =>
      request(url, { method: 'POST', path: '/api/login', body: { email: 'inconnu@demo.ch', password: 'pas-le-bon' } }).answer;
    for (let attempt = 0; attempt < 10; attempt++) {
      const answer = await signIn(attempt % 2 === 0 ? first.url : second.url);
      expect('status' in answer && answer.status).not.toBe(429);
    }
    for (const url of [first.url, second.url]) {
      const locked = await signIn(url);
      expect('status' in locked && locked.status).toBe(429);
      expect('body' in locked && JSON.parse(locked.body).message).toBe(MESSAGES.tooManyAttempts);
    }

    // Each e-mail queued by either process is sent once, though both work the queue.
    const resets = ['courtier2@demo.ch', 'promoteur@demo.ch', 'banquier@demo.ch', 'architecte@demo.ch'];
    for (const [i, email] of resets.entries()) {
      const answer = await request(i % 2 === 0 ? first.url : second.url, { method: 'POST', path: '/api/password/create', body: { email } })
        .answer;
      expect('status' in answer && answer.status).toBe(200);
    }
    const sentTo = () => smtp.mails.flatMap((mail) => mail.to).filter((to) => resets.includes(to));
    for (let waited = 0; sentTo().length < resets.length && waited < 20_000; waited += 200) await new Promise((r) => setTimeout(r, 200));
    // Both workers poll every second: a second delivery would have come by now.
    await new Promise((r) => setTimeout(r, 3000));
    expect(sentTo().sort()).toEqual([...resets].sort());

    // A CRM send queued through one process runs once, though both work the CRM queue: the
    // promotion's record is upserted in Salesforce by one call.
    const crm = new pg.Client({ connectionString: data.url });
    await crm.connect();
    await crm.query('update promotions set crm_connected = true where id = $1', [rows[0].id]);
    await crm.end();
    const queued = await request(second.url, { method: 'PUT', path: `/api/promotions/${rows[0].id}/send-to-crm`, headers }).answer;
    expect('status' in queued && queued.status).toBe(200);
    const crmState = async () =>
      JSON.parse((await answerOf(first.url, `/api/promotions/${rows[0].id}/crm`, headers)).body) as {
        last_send: { status: string } | null;
      };
    for (let waited = 0; (await crmState()).last_send?.status !== 'succeeded' && waited < 20_000; waited += 200) {
      await new Promise((r) => setTimeout(r, 200));
    }
    await new Promise((r) => setTimeout(r, 3000));
    expect((await crmState()).last_send?.status).toBe('succeeded');
    expect(salesforce.calls.filter((call) => call.path.endsWith('/Promotion__c/Promovente_Id__c'))).toHaveLength(1);

    // A third process with another key, or without one (a key of its own drawing), does not start.
    for (const env of [
      { ...data.env, ...storage, FILE_URL_SECRET: 'une-autre-cle' },
      { ...data.env, ...storage, FILE_URL_SECRET: '' },
    ]) {
      await expect(startServer(env)).rejects.toThrow(/FILE_URL_SECRET/);
    }

    // A change committed through the first is pushed by the second to its stream within a
    // second (the database's NOTIFY reaches every process): a notification read on the first.
    const stream = await openEventStream(second.url, headers);
    onTestFinished(() => {
      stream.close();
    });
    expect(stream.status).toBe(200);
    const unread = JSON.parse((await answerOf(first.url, '/api/notifications?filter=unread', headers)).body) as { data: { id: number }[] };
    expect(unread.data.length).toBeGreaterThan(0);
    const readAt = Date.now();
    const read = await request(first.url, { method: 'PUT', path: `/api/notifications/${unread.data[0].id}/read`, headers }).answer;
    expect('status' in read && read.status).toBe(200);
    const [told] = await stream.next((frame) => frame.event === 'change' && frame.data === JSON.stringify({ what: 'notifications' }));
    expect(told).toBeDefined();
    expect(Date.now() - readAt).toBeLessThan(1000);

    // Stopped, a process ends its streams (the browser reconnects to another) and leaves the
    // others serving; the last one may then be alone again.
    second.child.kill('SIGTERM');
    expect((await second.exited).code).toBe(0);
    expect(stream.ended()).toBe(true);
    expect((await answerOf(first.url, '/api/user', headers)).status).toBe(200);
  }, 240_000);
});
