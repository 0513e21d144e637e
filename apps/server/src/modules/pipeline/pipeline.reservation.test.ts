import { MESSAGES, PIPELINE_MESSAGES } from '@promovente/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { candidates, promotionUsers, tasks, users } from '../../db/schema/index.js';
import { createUser, signIn } from '../../test/fixtures.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { candidateAccount } from '../candidacies/candidacies.fixtures.js';
import {
  applicationRow,
  CRM,
  fillForm,
  logsOf,
  mails,
  makeApplication,
  openKinds,
  pipelineDesk,
  run,
  SEND_FORM,
  snapshot,
  tasksOf,
} from './pipeline.fixtures.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

const passwordIn = (text: string) => /Mot de passe : (\S+)/.exec(text)?.[1] ?? null;

describe('sendReservationForm (docs/sales-process.md#3-positions-and-4-the-application-lifecycle-built; docs/product/funnel.md#actions-on-an-application and docs/product/validation.md#sales-pipeline-forms)', () => {
  it('sets reservation_sent_at and FR, opens the broker task, creates the accounts and e-mails each candidate his access', async () => {
    const desk = await pipelineDesk(ctx);
    const { application, candidate, partner } = await makeApplication(desk, { partner: true });
    const response = await run(ctx.app, await desk.as(desk.broker), 'sendReservationForm', application.id, SEND_FORM);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: 'Formulaire de réservation envoyé', data: { accounts_created: 2, emails_sent: 2 } });

    const row = await applicationRow(desk.db, application.id);
    expect(row.reservationSentAt).not.toBeNull();
    expect(row.statusFr).toMatch(/^Envoyé le \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect(row.statusFrChecked).toBe(false);

    const [task] = await tasksOf(desk.db, application.id);
    expect(task).toMatchObject({
      kind: 'reservation_form_pending',
      title: 'Formulaire de réservation en attente du client',
      assignedToId: desk.broker.id,
      automaticEnd: true,
      doneAt: null,
    });

    const accounts = await desk.db.select().from(users).where(eq(users.type, 'candidate'));
    const records = await desk.db
      .select()
      .from(candidates)
      .where(
        inArray(
          candidates.userId,
          accounts.map((a) => a.id),
        ),
      );
    expect(records.map((r) => r.id).sort()).toEqual([candidate.id, partner?.candidate.id].sort());
    expect(accounts.every((a) => a.numberConnections === 0 && a.passwordHash !== null)).toBe(true);
    const memberships = await desk.db.select().from(promotionUsers).where(eq(promotionUsers.promotionId, desk.promotion.id));
    expect(accounts.every((a) => memberships.some((m) => m.userId === a.id))).toBe(true);

    const outbox = await mails(desk.db);
    expect(outbox.map((m) => m.to)).toEqual([[candidate.email], [partner?.candidate.email]]);
    const [first] = outbox;
    expect(first.subject).toBe(SEND_FORM.subject);
    expect(first.text).toContain(`http://localhost:3000/candidate/form/${application.publicId}`);
    expect(first.text).toContain(`Adresse e-mail : ${candidate.email}`);
    expect(first.html).toContain('Bonjour,<br>Voici le formulaire de réservation.');
    // The broker's own message: no Auto-Submitted, no List-Unsubscribe; its link is a real link.
    expect(first.headers).toEqual({});
    expect(first.html).toContain(`<a href="http://localhost:3000/candidate/form/${application.publicId}">`);

    // The e-mailed password signs the candidate in; the first sign-in asks for a new one (decision 003).
    const password = passwordIn(first.text);
    expect(password).toHaveLength(12);
    const login = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email: candidate.email, password } });
    expect(login.statusCode).toBe(200);
    expect(login.json().data).toMatchObject({ type: 'candidate', number_connections: 0 });

    const history = await logsOf(desk.db, application.id);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      title: 'Formulaire de réservation envoyé',
      executedById: desk.broker.id,
      lotId: desk.lots[0].id,
      candidacyId: application.candidacy1Id,
    });
    expect(history[0].executedOnTitle).toContain(' et ');
  });

  it('resends: keeps the first date, creates no second account nor task, logs the resend', async () => {
    const desk = await pipelineDesk(ctx);
    const { application } = await makeApplication(desk);
    const headers = await desk.as(desk.broker);
    expect((await run(ctx.app, headers, 'sendReservationForm', application.id, SEND_FORM)).statusCode).toBe(200);
    const first = await applicationRow(desk.db, application.id);
    const again = await run(ctx.app, headers, 'sendReservationForm', application.id, SEND_FORM);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ message: 'Formulaire de réservation renvoyé', data: { accounts_created: 0 } });
    const after = await applicationRow(desk.db, application.id);
    expect(after.reservationSentAt).toEqual(first.reservationSentAt);
    expect(after.statusFr).toBe(first.statusFr);
    expect(await openKinds(desk.db, application.id)).toEqual(['reservation_form_pending']);
    expect(await desk.db.select().from(users).where(eq(users.type, 'candidate'))).toHaveLength(1);
    const outbox = await mails(desk.db);
    expect(outbox).toHaveLength(2);
    expect(passwordIn(outbox[1].text)).toBeNull();
    expect(outbox[1].text).toContain('Votre compte Promovente existe déjà');
    expect((await logsOf(desk.db, application.id)).map((l) => l.title)).toEqual([
      'Formulaire de réservation envoyé',
      'Formulaire de réservation renvoyé',
    ]);
  });

  it('with do_not_send_email e-mails no candidate but still creates the accounts; the copy goes to the broker and his assistants', async () => {
    const desk = await pipelineDesk(ctx);
    const { application } = await makeApplication(desk);
    const assistant = await createUser(desk.db, 'broker', { agencyId: 2 });
    const { assistants } = await import('../../db/schema/index.js');
    await desk.db.insert(assistants).values({ brokerId: desk.broker.id, assistantId: assistant.id });
    const response = await run(ctx.app, await desk.as(desk.broker), 'sendReservationForm', application.id, {
      ...SEND_FORM,
      do_not_send_email: true,
      send_copy_to_broker: true,
    });
    expect(response.statusCode).toBe(200);
    const outbox = await mails(desk.db);
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ to: [desk.broker.email], cc: [assistant.email] });
    expect(outbox[0].text).toContain("cet e-mail n'a pas été envoyé aux candidats");
    expect(passwordIn(outbox[0].text)).toBeNull();
    expect(await desk.db.select().from(users).where(eq(users.type, 'candidate'))).toHaveLength(1);
    expect((await logsOf(desk.db, application.id))[0].title).toBe('Formulaire de réservation envoyé (sans e-mail aux candidats)');
  });

  it('validates subject and body with the French messages of docs/product/validation.md#sales-pipeline-forms', async () => {
    const desk = await pipelineDesk(ctx);
    const { application } = await makeApplication(desk);
    const headers = await desk.as(desk.broker);
    const noSubject = await run(ctx.app, headers, 'sendReservationForm', application.id, { body: 'x' });
    expect(noSubject.statusCode).toBe(400);
    expect(noSubject.json().message).toBe('Objet requis');
    const noBody = await run(ctx.app, headers, 'sendReservationForm', application.id, { subject: 'x', body: ' ' });
    expect(noBody.json().message).toBe('Message requis');
  });

  it('in a multi-agency promotion, is refused below priority 1 (docs/product/funnel.md#actions-on-an-application)', async () => {
    const desk = await pipelineDesk(ctx, { multiAgency: true });
    const { application: second } = await makeApplication(desk, { priority: 2 });
    const refused = await run(ctx.app, await desk.as(desk.broker), 'sendReservationForm', second.id, SEND_FORM);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(PIPELINE_MESSAGES.actionUnavailable);
    const { application: first } = await makeApplication(desk, { priority: 1, lotIndex: 1 });
    expect((await run(ctx.app, await desk.as(desk.broker), 'sendReservationForm', first.id, SEND_FORM)).statusCode).toBe(200);
  });

  it('is refused to the other roles (403), to a broker of another agency (403) and on another promotion (404)', async () => {
    const desk = await pipelineDesk(ctx);
    const { application } = await makeApplication(desk);
    const before = await snapshot(desk.db);
    for (const user of [desk.notary, desk.banker, desk.promoter, desk.architect]) {
      const response = await run(
        ctx.app,
        await desk.as(user as { id: number; email: string }),
        'sendReservationForm',
        application.id,
        SEND_FORM,
      );
      expect(response.statusCode).toBe(403);
    }
    const rival = await run(ctx.app, await desk.as(desk.rival), 'sendReservationForm', application.id, SEND_FORM);
    expect(rival.statusCode).toBe(403);
    expect(rival.json().message).toBe(MESSAGES.accessDenied);
    const outsider = await run(ctx.app, await desk.as(desk.outsider), 'sendReservationForm', application.id, SEND_FORM);
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json().message).toBe(MESSAGES.pageNotFound);
    expect(await snapshot(desk.db)).toEqual(before);
  });

  it('a candidate cannot run it either', async () => {
    const desk = await pipelineDesk(ctx);
    const { application, candidate } = await makeApplication(desk);
    const account = await candidateAccount(desk.db, desk.promotion.id, candidate);
    const response = await run(ctx.app, await desk.as(account), 'sendReservationForm', application.id, SEND_FORM);
    expect(response.statusCode).toBe(403);
  });

  it('fails as a whole when the second candidate uses the address of a staff account: no account, no e-mail, no history', async () => {
    const desk = await pipelineDesk(ctx);
    const { application, partner } = await makeApplication(desk, { partner: true });
    await desk.db
      .update(candidates)
      .set({ email: desk.promoter.email })
      .where(eq(candidates.id, partner?.candidate.id as number));
    const before = await snapshot(desk.db);
    const response = await run(ctx.app, await desk.as(desk.broker), 'sendReservationForm', application.id, SEND_FORM);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(`Email déjà existant sur un autre compte : ${desk.promoter.email}`);
    expect(await snapshot(desk.db)).toEqual(before);
  });

  it('refuses when no candidate has an e-mail address, unless the e-mail is not sent', async () => {
    const desk = await pipelineDesk(ctx);
    const { application, candidate } = await makeApplication(desk);
    await desk.db.update(candidates).set({ email: null }).where(eq(candidates.id, candidate.id));
    const headers = await desk.as(desk.broker);
    const refused = await run(ctx.app, headers, 'sendReservationForm', application.id, SEND_FORM);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(PIPELINE_MESSAGES.candidateWithoutEmail);
    const silent = await run(ctx.app, headers, 'sendReservationForm', application.id, { ...SEND_FORM, do_not_send_email: true });
    expect(silent.statusCode).toBe(200);
    expect(silent.json().data.accounts_created).toBe(0);
  });
});

describe('validateReservationForm (docs/product/reservation-form.md#reservation-lifecycle and docs/product/validation.md#sales-pipeline-forms)', () => {
  const sentAndFilled = async (desk: Awaited<ReturnType<typeof pipelineDesk>>) => {
    const { application, candidacy } = await makeApplication(desk);
    const headers = await desk.as(desk.broker);
    expect((await run(ctx.app, headers, 'sendReservationForm', application.id, SEND_FORM)).statusCode).toBe(200);
    const filled = await fillForm(ctx.app, headers, application.id, desk.db);
    expect(filled.statusCode, filled.body).toBe(200);
    return { application, candidacy, headers };
  };

  it('is refused before the form is filled, then confirms it: FR checked, the broker task closed, the notary expects the deposit at the date picked in Swiss time (winter: UTC+1)', async () => {
    const desk = await pipelineDesk(ctx);
    const { application } = await makeApplication(desk);
    const headers = await desk.as(desk.broker);
    await run(ctx.app, headers, 'sendReservationForm', application.id, SEND_FORM);
    const early = await run(ctx.app, headers, 'validateReservationForm', application.id, {});
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toBe(PIPELINE_MESSAGES.actionUnavailable);

    expect((await fillForm(ctx.app, headers, application.id, desk.db)).statusCode).toBe(200);
    expect(await openKinds(desk.db, application.id)).toEqual(['verify_reservation_form']);
    const response = await run(ctx.app, headers, 'validateReservationForm', application.id, {
      knowDate: true,
      date: '2026-12-03',
      time: '14:30',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: 'Réservation validée', data: { deposit_expected_at: '2026-12-03T13:30:00.000Z' } });
    const row = await applicationRow(desk.db, application.id);
    expect(row.reservationConfirmedAt).not.toBeNull();
    expect(row.statusFr).toMatch(/^Validé le /);
    expect(row.statusFrChecked).toBe(true);
    const all = await tasksOf(desk.db, application.id);
    expect(all.find((t) => t.kind === 'verify_reservation_form')?.doneAt).not.toBeNull();
    expect(all.find((t) => t.kind === 'reservation_deposit_expected')).toMatchObject({
      title: 'Acompte de réservation attendu',
      assignedToId: desk.notary?.id,
      endAt: new Date('2026-12-03T13:30:00.000Z'),
      doneAt: null,
    });
    expect((await logsOf(desk.db, application.id)).at(-1)?.title).toBe('Formulaire de réservation validé');

    const twice = await run(ctx.app, headers, 'validateReservationForm', application.id, {});
    expect(twice.statusCode).toBe(422);
  });

  it('without a known date opens no deposit task; a known date without a date is refused; time defaults to 10:00', async () => {
    const desk = await pipelineDesk(ctx);
    const { application, headers } = await sentAndFilled(desk);
    const missing = await run(ctx.app, headers, 'validateReservationForm', application.id, { knowDate: true });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Date requise');
    const badTime = await run(ctx.app, headers, 'validateReservationForm', application.id, {
      knowDate: true,
      date: '2026-12-03',
      time: '10:10',
    });
    expect(badTime.json().message).toBe('Heure invalide');
    const ok = await run(ctx.app, headers, 'validateReservationForm', application.id, { knowDate: true, date: '2026-12-03' });
    expect(ok.json().data.deposit_expected_at).toBe('2026-12-03T09:00:00.000Z');

    const other = await sentAndFilled(desk);
    const plain = await run(ctx.app, headers, 'validateReservationForm', other.application.id, { knowDate: false, date: '2026-12-03' });
    expect(plain.statusCode).toBe(200);
    expect(await openKinds(desk.db, other.application.id)).toEqual([]);
  });

  it('is for brokers of the agency only', async () => {
    const desk = await pipelineDesk(ctx);
    const { application } = await sentAndFilled(desk);
    for (const user of [desk.notary, desk.banker, desk.promoter, desk.architect]) {
      expect(
        (await run(ctx.app, await desk.as(user as { id: number; email: string }), 'validateReservationForm', application.id)).statusCode,
      ).toBe(403);
    }
    expect((await run(ctx.app, await desk.as(desk.rival), 'validateReservationForm', application.id)).statusCode).toBe(403);
    expect((await run(ctx.app, await desk.as(desk.outsider), 'validateReservationForm', application.id)).statusCode).toBe(404);
  });
});

describe('unvalidateReservationForm (docs/product/reservation-form.md#reservation-lifecycle and docs/product/validation.md#sales-pipeline-forms: incomplete notification)', () => {
  it('e-mails the candidates the subject and the escaped body with line breaks, and leaves the form open', async () => {
    const desk = await pipelineDesk(ctx);
    const { application, candidate, partner } = await makeApplication(desk, { partner: true });
    const headers = await desk.as(desk.broker);
    const refused = await run(ctx.app, headers, 'unvalidateReservationForm', application.id, { subject: 'Dossier', body: 'x' });
    expect(refused.statusCode).toBe(422);
    await run(ctx.app, headers, 'sendReservationForm', application.id, { ...SEND_FORM, do_not_send_email: true });
    await fillForm(ctx.app, headers, application.id, desk.db);
    const before = await mails(desk.db);

    const response = await run(ctx.app, headers, 'unvalidateReservationForm', application.id, {
      subject: 'Votre dossier est incomplet',
      body: 'Il manque :\n<b>la pièce d’identité</b> & le permis',
      emails: [candidate.email],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Le candidat a été notifié');
    const [mail] = (await mails(desk.db)).slice(before.length);
    expect(mail.to).toEqual([candidate.email, partner?.candidate.email]);
    expect(mail.subject).toBe('Votre dossier est incomplet');
    expect(mail.html).toContain('Il manque :<br>&lt;b&gt;la pièce d’identité&lt;/b&gt; &amp; le permis');
    const row = await applicationRow(desk.db, application.id);
    expect(row.reservationConfirmedAt).toBeNull();
    expect((await logsOf(desk.db, application.id)).at(-1)?.title).toBe('Réservation incomplète : candidat notifié');
    expect(
      (
        await run(ctx.app, await desk.as(desk.notary as { id: number; email: string }), 'unvalidateReservationForm', application.id, {
          subject: 'a',
          body: 'b',
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('sendNewAccess (docs/product/funnel.md#actions-on-an-application "Send credentials")', () => {
  it('is refused before the form is sent, then gives each candidate a new password that must be changed at sign-in', async () => {
    const desk = await pipelineDesk(ctx);
    const { application, candidate } = await makeApplication(desk);
    const headers = await desk.as(desk.broker);
    const early = await run(ctx.app, headers, 'sendNewAccess', application.id);
    expect(early.statusCode).toBe(422);
    await run(ctx.app, headers, 'sendReservationForm', application.id, SEND_FORM);
    const [account] = await desk.db
      .select()
      .from(users)
      .innerJoin(candidates, eq(candidates.userId, users.id))
      .where(eq(candidates.id, candidate.id))
      .then((rows) => rows.map((r) => r.users));
    await desk.db.update(users).set({ numberConnections: 4 }).where(eq(users.id, account.id));

    const response = await run(ctx.app, headers, 'sendNewAccess', application.id);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Accès envoyés');
    const mail = (await mails(desk.db)).at(-1);
    expect(mail?.to).toEqual([candidate.email]);
    expect(mail?.subject).toBe('Les Hauts de Rolle : vos accès à Promovente');
    expect(mail?.headers).toEqual({ 'Auto-Submitted': 'auto-generated' });
    const password = passwordIn(mail?.text ?? '');
    expect(password).not.toBeNull();
    const [after] = await desk.db.select().from(users).where(eq(users.id, account.id));
    expect(after.numberConnections).toBe(0);
    expect(after.passwordHash).not.toBe(account.passwordHash);
    await signIn(ctx.app, candidate.email as string, password as string);
    expect((await logsOf(desk.db, application.id)).at(-1)?.title).toBe('Nouveaux accès envoyés aux candidats');
    expect((await run(ctx.app, await desk.as(desk.banker), 'sendNewAccess', application.id)).statusCode).toBe(403);
  });
});

describe('a broker of agency 1 (CRM) on his own applications', () => {
  it('runs the same commands', async () => {
    const desk = await pipelineDesk(ctx);
    const { application } = await makeApplication(desk, { brokerId: desk.rival.id, agencyId: CRM });
    expect((await run(ctx.app, await desk.as(desk.rival), 'sendReservationForm', application.id, SEND_FORM)).statusCode).toBe(200);
    const [task] = await desk.db.select().from(tasks).where(eq(tasks.applicationId, application.id));
    expect(task.assignedToId).toBe(desk.rival.id);
  });
});
