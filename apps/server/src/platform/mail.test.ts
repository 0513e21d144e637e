import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { firstRowOf } from '../db/rows.js';
import { mailMessages, users } from '../db/schema/index.js';
import { createUser } from '../test/fixtures.js';
import { createTestContext, type TestContext } from '../test/harness.js';
import { startSmtpCapture } from '../test/smtp.js';
import { createMailer, type MailInput, queueMail, queueNotificationMails, unsubscribeLinks } from './mail.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

const log = pino({ level: 'silent' });
const jobCount = async () => {
  const row = await firstRowOf<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from pgboss.job where name = 'mail'`);
  return row?.n;
};

describe('the e-mail outbox (docs/sales-process.md#3-positions-and-4-the-application-lifecycle-built and docs/sales-process.md#5-messages-notifications-e-mails-built)', () => {
  it('leaves no e-mail and no job when the transaction that queued it fails', async () => {
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await queueMail(tx, ctx.jobs, { kind: 'transactional', to: ['a@test.ch'], subject: 'Sujet', text: 'Corps' });
        throw new Error('la commande échoue');
      }),
    ).rejects.toThrow('la commande échoue');
    expect(await ctx.database.db.select().from(mailMessages)).toEqual([]);
    expect(await jobCount()).toBe(0);
  });

  it('delivers over SMTP after commit, with the text escaped in the HTML part', async () => {
    const smtp = await startSmtpCapture();
    try {
      const id = await ctx.database.db.transaction((tx) =>
        queueMail(tx, ctx.jobs, {
          kind: 'transactional',
          to: ['claire@test.ch'],
          subject: 'Réservation',
          text: 'Bonjour <Claire>,\nà bientôt',
        }),
      );
      expect(await jobCount()).toBe(1);
      const mailer = createMailer(ctx.database.db, { smtpUrl: smtp.url, from: 'Promovente <no-reply@test.ch>', log });
      await mailer.deliver(id, false);
      expect(smtp.mails).toHaveLength(1);
      expect(smtp.mails[0].to).toEqual(['claire@test.ch']);
      expect(smtp.mails[0].raw).toContain('multipart/alternative');
      const [row] = await ctx.database.db.select().from(mailMessages).where(eq(mailMessages.id, id));
      expect(row.html).toContain('Bonjour &lt;Claire&gt;,<br>à bientôt');
      expect(row.status).toBe('sent');
      expect(row.sentAt).not.toBeNull();
    } finally {
      await smtp.close();
    }
  });

  it('keeps the e-mail in the database when no SMTP server is configured', async () => {
    const id = await ctx.database.db.transaction((tx) =>
      queueMail(tx, ctx.jobs, { kind: 'transactional', to: ['b@test.ch'], subject: 'S', text: 'T' }),
    );
    await createMailer(ctx.database.db, { from: 'x@test.ch', log }).deliver(id, false);
    const [row] = await ctx.database.db.select().from(mailMessages).where(eq(mailMessages.id, id));
    expect(row.status).toBe('kept');
  });

  it('records a failed send for a retry, and gives up on the last attempt', async () => {
    const smtp = await startSmtpCapture({ rejectWith: 'boîte pleine' });
    try {
      const id = await ctx.database.db.transaction((tx) =>
        queueMail(tx, ctx.jobs, { kind: 'transactional', to: ['c@test.ch'], subject: 'S', text: 'T' }),
      );
      const mailer = createMailer(ctx.database.db, { smtpUrl: smtp.url, from: 'x@test.ch', log });
      await expect(mailer.deliver(id, false)).rejects.toThrow();
      let [row] = await ctx.database.db.select().from(mailMessages).where(eq(mailMessages.id, id));
      expect([row.status, row.attempts]).toEqual(['pending', 1]);
      expect(row.lastError).toContain('boîte pleine');
      await expect(mailer.deliver(id, true)).rejects.toThrow();
      [row] = await ctx.database.db.select().from(mailMessages).where(eq(mailMessages.id, id));
      expect([row.status, row.attempts]).toEqual(['failed', 2]);
    } finally {
      await smtp.close();
    }
  });

  it('is delivered by the pg-boss worker once committed', async () => {
    const smtp = await startSmtpCapture();
    try {
      const mailer = createMailer(ctx.database.db, { smtpUrl: smtp.url, from: 'x@test.ch', log });
      await ctx.jobs.work('mail', (data: { id: number }, last) => mailer.deliver(data.id, last));
      await ctx.database.db.transaction((tx) =>
        queueMail(tx, ctx.jobs, { kind: 'transactional', to: ['d@test.ch'], subject: 'Par le worker', text: 'T' }),
      );
      const deadline = Date.now() + 10_000;
      while (smtp.mails.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(smtp.mails.map((m) => m.to)).toEqual([['d@test.ch']]);
    } finally {
      await smtp.close();
    }
  });
});

/**
 * The e-mails as a mail client reads them: sent over SMTP by nodemailer, then parsed from the raw
 * MIME by postal-mime (another library than the writer), so that what is checked is what arrives.
 */
describe('the e-mails as received (docs/decisions/025-mail-headers-and-salesforce-batches.md)', () => {
  const deliverAndParse = async (input: MailInput) => {
    const smtp = await startSmtpCapture();
    try {
      const id = await ctx.database.db.transaction((tx) => queueMail(tx, ctx.jobs, input));
      await createMailer(ctx.database.db, { smtpUrl: smtp.url, from: 'Promovente <no-reply@test.ch>', log }).deliver(id, false);
      expect(smtp.mails).toHaveLength(1);
      return await PostalMime.parse(smtp.mails[0].raw);
    } finally {
      await smtp.close();
    }
  };
  const header = (email: Awaited<ReturnType<typeof PostalMime.parse>>, name: string) =>
    email.headers.find((h) => h.key === name.toLowerCase())?.value ?? null;
  /** The hrefs of the HTML part, entities decoded as a browser would. */
  const hrefs = (html: string | undefined) =>
    [...(html ?? '').matchAll(/<a href="([^"]*)">/g)].map((m) =>
      m[1]
        .replace(/&amp;/g, '&')
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'"),
    );

  it('gives the HTML part a real link for every address of the text part, the text around it escaped', async () => {
    const email = await deliverAndParse({
      kind: 'personal',
      to: ['claire@test.ch'],
      subject: 'Réservation',
      text: [
        'Bonjour <Claire> & Paul,',
        'Formulaire de réservation : http://localhost:3140/candidate/form/ab12?x=1&y=2.',
        'Le site : www.hauts-de-rolle.ch, ou écrivez à vente@hauts-de-rolle.ch',
      ].join('\n'),
    });
    const textUrls = email.text?.match(/https?:\/\/[^\s]+[^\s.,]/g) ?? [];
    expect(textUrls).toEqual(['http://localhost:3140/candidate/form/ab12?x=1&y=2']);
    expect(hrefs(email.html)).toEqual([
      'http://localhost:3140/candidate/form/ab12?x=1&y=2',
      'http://www.hauts-de-rolle.ch',
      'mailto:vente@hauts-de-rolle.ch',
    ]);
    expect(email.html).toContain('Bonjour &lt;Claire&gt; &amp; Paul,<br>');
    // The sentence's full stop stays outside the link.
    expect(email.html).toContain('?x=1&amp;y=2</a>.<br>');
  });

  it('marks an automatic e-mail Auto-Submitted: auto-generated, without List-Unsubscribe when it cannot be stopped', async () => {
    const email = await deliverAndParse({
      kind: 'transactional',
      to: ['a@test.ch'],
      subject: 'Mot de passe',
      text: 'Lien : https://x.ch/r',
    });
    expect(header(email, 'Auto-Submitted')).toBe('auto-generated');
    expect(header(email, 'List-Unsubscribe')).toBeNull();
    expect(header(email, 'List-Unsubscribe-Post')).toBeNull();
  });

  it('leaves a message a person wrote unmarked: no Auto-Submitted, no List-Unsubscribe', async () => {
    const email = await deliverAndParse({ kind: 'personal', to: ['a@test.ch'], subject: 'Votre réservation', text: 'Bonjour' });
    expect(header(email, 'Auto-Submitted')).toBeNull();
    expect(header(email, 'List-Unsubscribe')).toBeNull();
  });

  it('gives a notification one-click List-Unsubscribe (RFC 8058) and a last line with the confirmation page', async () => {
    const links = unsubscribeLinks('https://app.promovente.ch', '3f0c6a86-3e0b-4d53-9a55-4b1e3f0d2a11');
    const email = await deliverAndParse({
      kind: 'notification',
      to: ['a@test.ch'],
      subject: 'Nouveau message',
      text: 'Bonjour',
      unsubscribe: links,
    });
    expect(header(email, 'Auto-Submitted')).toBe('auto-generated');
    expect(header(email, 'List-Unsubscribe')).toBe('<https://app.promovente.ch/api/unsubscribe/3f0c6a86-3e0b-4d53-9a55-4b1e3f0d2a11>');
    expect(header(email, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(email.text).toMatch(
      /\n-- \nVous recevez cet e-mail car .* Pour ne plus les recevoir : https:\/\/app\.promovente\.ch\/unsubscribe\/3f0c6a86-3e0b-4d53-9a55-4b1e3f0d2a11\n?$/,
    );
    expect(hrefs(email.html)).toEqual(['https://app.promovente.ch/unsubscribe/3f0c6a86-3e0b-4d53-9a55-4b1e3f0d2a11']);
  });

  it('queues a notification for each user with his own unsubscribe link, and none for a user who turned them off', async () => {
    const db = ctx.database.db;
    const anne = await createUser(db, 'broker', { email: 'anne@test.ch' });
    const paul = await createUser(db, 'broker', { email: 'paul@test.ch', emailNotifications: false });
    const queued = await db.transaction((tx) =>
      queueNotificationMails(tx, ctx.jobs, 'https://app.ch', [anne.id, paul.id, anne.id], { subject: 'S', text: 'T' }),
    );
    expect(queued).toBe(1);
    const rows = await db.select().from(mailMessages);
    const [token] = await db.select({ token: users.unsubscribeToken }).from(users).where(eq(users.id, anne.id));
    expect(rows.map((r) => [r.to, r.headers['List-Unsubscribe']])).toEqual([
      [['anne@test.ch'], `<https://app.ch/api/unsubscribe/${token.token}>`],
    ]);
  });
});
