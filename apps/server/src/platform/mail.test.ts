import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailMessages } from '../db/schema/index.js';
import { createTestContext, type TestContext } from '../test/harness.js';
import { startSmtpCapture } from '../test/smtp.js';
import { createMailer, queueMail } from './mail.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

const log = pino({ level: 'silent' });
const jobCount = async () => {
  const result = await ctx.database.db.execute(`select count(*)::int as n from pgboss.job where name = 'mail'` as never);
  return (result as unknown as { rows: { n: number }[] }).rows[0].n;
};

describe('the e-mail outbox (docs/sales-process.md#3-positions-and-4-the-application-lifecycle-built and docs/sales-process.md#5-messages-notifications-e-mails-built)', () => {
  it('leaves no e-mail and no job when the transaction that queued it fails', async () => {
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await queueMail(tx, ctx.jobs, { to: ['a@test.ch'], subject: 'Sujet', text: 'Corps' });
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
        queueMail(tx, ctx.jobs, { to: ['claire@test.ch'], subject: 'Réservation', text: 'Bonjour <Claire>,\nà bientôt' }),
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
    const id = await ctx.database.db.transaction((tx) => queueMail(tx, ctx.jobs, { to: ['b@test.ch'], subject: 'S', text: 'T' }));
    await createMailer(ctx.database.db, { from: 'x@test.ch', log }).deliver(id, false);
    const [row] = await ctx.database.db.select().from(mailMessages).where(eq(mailMessages.id, id));
    expect(row.status).toBe('kept');
  });

  it('records a failed send for a retry, and gives up on the last attempt', async () => {
    const smtp = await startSmtpCapture({ rejectWith: 'boîte pleine' });
    try {
      const id = await ctx.database.db.transaction((tx) => queueMail(tx, ctx.jobs, { to: ['c@test.ch'], subject: 'S', text: 'T' }));
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
      await ctx.database.db.transaction((tx) => queueMail(tx, ctx.jobs, { to: ['d@test.ch'], subject: 'Par le worker', text: 'T' }));
      const deadline = Date.now() + 10_000;
      while (smtp.mails.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(smtp.mails.map((m) => m.to)).toEqual([['d@test.ch']]);
    } finally {
      await smtp.close();
    }
  });
});
