import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailMessages } from '../../db/schema/index.js';
import { bearer, createUser, signIn } from '../../test/fixtures.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { makeApplication, pipelineDesk, run, SEND_FORM } from '../pipeline/pipeline.fixtures.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

const storedMails = () => ctx.database.db.select().from(mailMessages).orderBy(asc(mailMessages.id));

const adminView = async () => {
  const admin = await createUser(ctx.database.db, 'broker', { admin: true });
  const response = await ctx.app.inject({ method: 'GET', url: '/api/admin/mails', headers: bearer(await signIn(ctx.app, admin.email)) });
  expect(response.statusCode).toBe(200);
  return response;
};

describe('GET admin/mails: the kept e-mails without their secrets', () => {
  it("masks a password reset link's token; the stored e-mail keeps it for delivery", async () => {
    const broker = await createUser(ctx.database.db, 'broker');
    const reset = await ctx.app.inject({ method: 'POST', url: '/api/password/create', payload: { email: broker.email } });
    expect(reset.statusCode).toBe(200);
    const [stored] = await storedMails();
    const token = /\/password\/update\/([^?\s]+)/.exec(stored.text)?.[1] as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);

    const response = await adminView();
    const [shown] = response.json().data;
    expect(shown.to).toEqual([broker.email]);
    expect(response.body).not.toContain(token);
    expect(shown.text).toContain('/password/update/[masqué]?email=');
  });

  it("masks an e-mailed password and the reservation form's link", async () => {
    const desk = await pipelineDesk(ctx);
    const { application } = await makeApplication(desk);
    expect((await run(ctx.app, await desk.as(desk.broker), 'sendReservationForm', application.id, SEND_FORM)).statusCode).toBe(200);
    const [stored] = await storedMails();
    const password = /^Mot de passe : (\S+)$/m.exec(stored.text)?.[1] as string;
    const formId = /\/candidate\/form\/(\S+)/.exec(stored.text)?.[1] as string;
    expect(password).toBeTruthy();
    expect(formId).toBeTruthy();

    const response = await adminView();
    const shown = response.json().data.find((m: { id: number }) => m.id === stored.id);
    expect(response.body).not.toContain(password);
    expect(response.body).not.toContain(formId);
    expect(shown.text).toContain('Mot de passe : [masqué]');
    expect(shown.text).toContain('/candidate/form/[masqué]');
    expect(shown.text).toContain(SEND_FORM.body.split('\n')[1]);
  });

  it('leaves out the HTML part and says the mailbox is not local (production: docs/product/mails.md)', async () => {
    const broker = await createUser(ctx.database.db, 'broker');
    await ctx.app.inject({ method: 'POST', url: '/api/password/create', payload: { email: broker.email } });
    const body = (await adminView()).json();
    expect(body.local_mailbox).toBe(false);
    expect(body.data[0].html).toBeNull();
    expect(body.data[0].status).toBe('pending');
  });

  it('is refused to a broker without the admin flag', async () => {
    const broker = await createUser(ctx.database.db, 'broker');
    const response = await ctx.app.inject({ method: 'GET', url: '/api/admin/mails', headers: bearer(await signIn(ctx.app, broker.email)) });
    expect(response.statusCode).toBe(403);
  });

  it('answers with Cache-Control: no-store, like every API answer', async () => {
    const response = await adminView();
    expect(response.headers['cache-control']).toBe('no-store');
  });
});
