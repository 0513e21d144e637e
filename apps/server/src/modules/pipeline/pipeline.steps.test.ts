// Over 400 lines: the steps of one sale, from deposit to act, run in order on one funnel world.
import { PIPELINE_MESSAGES } from '@promovente/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { applications, promotionUsers } from '../../db/schema/index.js';
import { createUser } from '../../test/fixtures.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { callForFundsDue } from './lifecycle.steps.js';
import {
  applicationRow,
  CRM,
  candidacyRow,
  type Desk,
  fillForm,
  logsOf,
  lotHistory,
  lotRow,
  mails,
  makeApplication,
  notificationsOf,
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

const PROMISE_AT = '2027-02-10T09:00:00.000Z';
const ACT_AT = '2027-06-15T08:00:00.000Z';
const PLAN_ACT = { date: ACT_AT, subject: "Signature de l'acte", body: 'Rendez-vous chez le notaire.' };

/** The steps of docs/sales-process.md#3-positions-and-4-the-application-lifecycle-built in order; `advance` runs them through the commands. */
const STEPS = ['send', 'fill', 'validate', 'deposit', 'solvent', 'schedule', 'draft', 'funds', 'plan', 'callForFunds', 'sign'] as const;
type Step = (typeof STEPS)[number];

const advance = async (desk: Desk, applicationId: number, through: Step) => {
  const broker = await desk.as(desk.broker);
  const calls: Record<Step, () => Promise<{ statusCode: number; body: string }>> = {
    send: () => run(ctx.app, broker, 'sendReservationForm', applicationId, SEND_FORM),
    fill: () => fillForm(ctx.app, broker, applicationId, desk.db),
    validate: () => run(ctx.app, broker, 'validateReservationForm', applicationId, {}),
    deposit: () => run(ctx.app, broker, 'advanceDepositReceived', applicationId),
    solvent: () => run(ctx.app, broker, 'ClientSolvent', applicationId),
    schedule: () => run(ctx.app, broker, 'scheduleAgreement', applicationId, { date: PROMISE_AT }),
    draft: () => run(ctx.app, broker, 'draftActSent', applicationId),
    funds: () => run(ctx.app, broker, 'agreementFundsReceived', applicationId),
    plan: () => run(ctx.app, broker, 'planActOfPurchase', applicationId, { ...PLAN_ACT, do_not_send_email: true }),
    callForFunds: () => run(ctx.app, broker, 'callForFundsSent', applicationId),
    sign: () => run(ctx.app, broker, 'actOfPurchaseSigned', applicationId),
  };
  for (const step of STEPS) {
    const response = await calls[step]();
    expect(response.statusCode, `${step}: ${response.body}`).toBe(200);
    if (step === through) return;
  }
};

const staff = (user: { id: number; email: string } | null) => user as { id: number; email: string };

describe('advanceDepositReceived (docs/sales-process.md#3-positions-and-4-the-application-lifecycle-built; docs/product/funnel.md#actions-on-an-application "Reservation deposit paid")', () => {
  it('by the notary: status 1, AC checked, lot Réservé with its history, candidacy Client acquéreur, the banker checks solvency', async () => {
    const desk = await pipelineDesk(ctx);
    const { application, candidacy } = await makeApplication(desk);
    await advance(desk, application.id, 'validate');
    const early = await makeApplication(desk, { lotIndex: 1 });
    const refused = await run(ctx.app, await desk.as(staff(desk.notary)), 'advanceDepositReceived', early.application.id);
    expect(refused.statusCode).toBe(422);

    const response = await run(ctx.app, await desk.as(staff(desk.notary)), 'advanceDepositReceived', application.id);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Acompte reçu');
    const row = await applicationRow(desk.db, application.id);
    expect(row).toMatchObject({ status: 1, statusAcChecked: true });
    expect(row.statusAc).toMatch(/^Reçu le /);
    expect(row.reservationDepositConfirmedAt).not.toBeNull();
    expect((await lotRow(desk.db, desk.lots[0].id)).status).toBe(3);
    expect((await lotHistory(desk.db, desk.lots[0].id)).at(-1)).toMatchObject({ column: 'status', to: '3', userId: desk.notary?.id });
    expect((await candidacyRow(desk.db, candidacy.id)).status).toBe(4);
    const solvency = (await tasksOf(desk.db, application.id)).find((t) => t.kind === 'verify_solvency');
    expect(solvency).toMatchObject({ title: 'Vérifier la solvabilité du client', assignedToId: desk.banker.id, doneAt: null });
    expect((await logsOf(desk.db, application.id)).at(-1)).toMatchObject({
      title: 'Acompte de réservation reçu : dossier réservé',
      executedById: desk.notary?.id,
    });
    expect((await notificationsOf(desk.db, desk.broker.id)).map((n) => n.title)).toContain('Acompte de réservation reçu');
  });

  it('closes the deposit task the confirmation opened', async () => {
    const desk = await pipelineDesk(ctx);
    const { application } = await makeApplication(desk);
    const broker = await desk.as(desk.broker);
    await advance(desk, application.id, 'fill');
    await run(ctx.app, broker, 'validateReservationForm', application.id, { knowDate: true, date: '2026-12-03', time: '10:00' });
    expect(await openKinds(desk.db, application.id)).toEqual(['reservation_deposit_expected']);
    await run(ctx.app, broker, 'advanceDepositReceived', application.id);
    expect(await openKinds(desk.db, application.id)).toEqual(['verify_solvency']);
  });

  it('refuses a second reservation on the lot (409), and the banker, promoter and architect (403)', async () => {
    const desk = await pipelineDesk(ctx);
    const { application } = await makeApplication(desk);
    const { application: holder } = await makeApplication(desk, { status: 1, priority: 9 });
    await desk.db.update(applications).set({ reservationSentAt: new Date() }).where(eq(applications.id, application.id));
    const before = await snapshot(desk.db);
    const response = await run(ctx.app, await desk.as(desk.broker), 'advanceDepositReceived', application.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(PIPELINE_MESSAGES.lotAlreadyReserved);
    for (const user of [desk.banker, desk.promoter, desk.architect]) {
      expect((await run(ctx.app, await desk.as(user), 'advanceDepositReceived', application.id)).statusCode).toBe(403);
    }
    expect(await snapshot(desk.db)).toEqual(before);
    expect(holder.status).toBe(1);
  });

  it('lets exactly one of two deposits on the same lot at the same time succeed (docs/sales-process.md#2-lots-built, concurrency)', async () => {
    const desk = await pipelineDesk(ctx);
    const sent = { reservationSentAt: new Date() };
    const first = await makeApplication(desk, { ...sent, priority: 1 });
    const second = await makeApplication(desk, { ...sent, priority: 2, brokerId: desk.rival.id, agencyId: CRM });
    const answers = await Promise.all([
      run(ctx.app, await desk.as(desk.broker), 'advanceDepositReceived', first.application.id),
      run(ctx.app, await desk.as(desk.rival), 'advanceDepositReceived', second.application.id),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const statuses = [await applicationRow(desk.db, first.application.id), await applicationRow(desk.db, second.application.id)].map(
      (r) => r.status,
    );
    expect(statuses.sort()).toEqual([0, 1]);
    expect((await lotRow(desk.db, desk.lots[0].id)).status).toBe(3);
  });

  it('in a multi-agency promotion only priority 1 pays the deposit', async () => {
    const desk = await pipelineDesk(ctx, { multiAgency: true });
    const { application } = await makeApplication(desk, { priority: 2, reservationSentAt: new Date() });
    const response = await run(ctx.app, await desk.as(desk.broker), 'advanceDepositReceived', application.id);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(PIPELINE_MESSAGES.actionUnavailable);
  });
});

describe('solvency (docs/product/funnel.md#actions-on-an-application "Client solvent" and "Client non solvent")', () => {
  it('the banker finds the client non solvent: FIN unchecked, task closed, the broker notified; then solvent', async () => {
    const desk = await pipelineDesk(ctx);
    const { application } = await makeApplication(desk);
    const banker = await desk.as(desk.banker);
    const early = await run(ctx.app, banker, 'clientNonSolvent', application.id);
    expect(early.statusCode).toBe(422);
    await advance(desk, application.id, 'deposit');

    const no = await run(ctx.app, banker, 'clientNonSolvent', application.id);
    expect(no.statusCode).toBe(200);
    expect(no.json().message).toBe('Client non solvable');
    let row = await applicationRow(desk.db, application.id);
    expect(row).toMatchObject({ solvent: false, statusFinChecked: false });
    expect(row.statusFin).toMatch(/^Non solvable le /);
    expect(await openKinds(desk.db, application.id)).toEqual([]);
    expect((await notificationsOf(desk.db, desk.broker.id)).map((n) => n.title)).toContain('Client non solvable');
    expect((await run(ctx.app, banker, 'clientNonSolvent', application.id)).statusCode).toBe(422);

    const yes = await run(ctx.app, banker, 'ClientSolvent', application.id);
    expect(yes.statusCode).toBe(200);
    row = await applicationRow(desk.db, application.id);
    expect(row).toMatchObject({ solvent: true, statusFinChecked: true });
    expect(row.statusFin).toMatch(/^Solvable le /);
    expect((await logsOf(desk.db, application.id)).slice(-2).map((l) => l.title)).toEqual(['Client non solvable', 'Client solvable']);
    const again = await run(ctx.app, banker, 'ClientSolvent', application.id);
    expect(again.statusCode).toBe(422);
  });

  it('is refused to the notary, the promoter and the architect', async () => {
    const desk = await pipelineDesk(ctx);
    const { application } = await makeApplication(desk);
    await advance(desk, application.id, 'deposit');
    for (const user of [staff(desk.notary), desk.promoter, desk.architect]) {
      expect((await run(ctx.app, await desk.as(user), 'ClientSolvent', application.id)).statusCode).toBe(403);
      expect((await run(ctx.app, await desk.as(user), 'clientNonSolvent', application.id)).statusCode).toBe(403);
    }
  });
});

describe('the promise (docs/product/funnel.md#actions-on-an-application "Schedule promise signing", "Send draft act", "Confirm promise funds received")', () => {
  it('schedules, the notary sends the draft act then confirms the funds: status 2, PDV checked, lot Signé, candidacy Promettant acquéreur', async () => {
    const desk = await pipelineDesk(ctx);
    const { application, candidacy } = await makeApplication(desk);
    const broker = await desk.as(desk.broker);
    const notary = await desk.as(staff(desk.notary));
    expect((await run(ctx.app, broker, 'scheduleAgreement', application.id, { date: PROMISE_AT })).statusCode).toBe(422);
    await advance(desk, application.id, 'solvent');

    const missing = await run(ctx.app, broker, 'scheduleAgreement', application.id, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Date requise');
    expect((await run(ctx.app, notary, 'scheduleAgreement', application.id, { date: PROMISE_AT })).statusCode).toBe(403);
    const scheduled = await run(ctx.app, broker, 'scheduleAgreement', application.id, { date: PROMISE_AT });
    expect(scheduled.statusCode).toBe(200);
    let row = await applicationRow(desk.db, application.id);
    expect(row.promisePlannedAt?.toISOString()).toBe(PROMISE_AT);
    expect(row.statusSignpdv).toBe('Prévue le 10/02/2027 10:00');
    expect((await tasksOf(desk.db, application.id)).find((t) => t.kind === 'send_draft_act')).toMatchObject({
      title: "Envoyer le projet d'acte",
      assignedToId: desk.notary?.id,
      doneAt: null,
    });
    expect((await logsOf(desk.db, application.id)).at(-1)?.title).toBe('Signature de la promesse planifiée le 10/02/2027 10:00');
    expect((await run(ctx.app, broker, 'scheduleAgreement', application.id, { date: PROMISE_AT })).statusCode).toBe(422);

    expect((await run(ctx.app, notary, 'agreementFundsReceived', application.id)).statusCode).toBe(422);
    expect((await run(ctx.app, await desk.as(desk.banker), 'draftActSent', application.id)).statusCode).toBe(403);
    expect((await run(ctx.app, notary, 'draftActSent', application.id)).statusCode).toBe(200);
    const funds = (await tasksOf(desk.db, application.id)).find((t) => t.kind === 'confirm_promise_funds');
    expect(funds).toMatchObject({ title: 'Confirmer la réception des fonds de la promesse', assignedToId: desk.notary?.id });
    expect(funds?.endAt.toISOString()).toBe(PROMISE_AT);
    expect(await openKinds(desk.db, application.id)).toEqual(['confirm_promise_funds']);
    expect((await run(ctx.app, notary, 'draftActSent', application.id)).statusCode).toBe(422);

    const signed = await run(ctx.app, notary, 'agreementFundsReceived', application.id);
    expect(signed.statusCode).toBe(200);
    row = await applicationRow(desk.db, application.id);
    expect(row).toMatchObject({ status: 2, statusSignpdvChecked: true });
    expect(row.statusSignpdv).toMatch(/^Signée le /);
    expect(row.promiseSignedAt).not.toBeNull();
    expect((await lotRow(desk.db, desk.lots[0].id)).status).toBe(4);
    expect((await candidacyRow(desk.db, candidacy.id)).status).toBe(5);
    expect(await openKinds(desk.db, application.id)).toEqual([]);
  });
});

describe('the act (docs/product/funnel.md#actions-on-an-application "Plan act of purchase signing", "Send call for funds", "Act signed")', () => {
  it('refuses to plan without a notary in the promotion, with the alert of docs/product/errors.md#sales-pipeline, and writes nothing', async () => {
    const desk = await pipelineDesk(ctx);
    const { application } = await makeApplication(desk);
    await advance(desk, application.id, 'funds');
    await desk.db.delete(promotionUsers).where(eq(promotionUsers.userId, desk.notary?.id as number));
    const before = await snapshot(desk.db);
    const response = await run(ctx.app, await desk.as(desk.broker), 'planActOfPurchase', application.id, PLAN_ACT);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('Veuillez ajouter un notaire à la promotion avant de valider cette étape');
    expect(await snapshot(desk.db)).toEqual(before);
  });

  it('plans the act: SIGN text, e-mails to the notary and the candidates, the call for funds due 30 days before in Swiss time', async () => {
    const desk = await pipelineDesk(ctx);
    const { application, candidate } = await makeApplication(desk);
    const broker = await desk.as(desk.broker);
    expect((await run(ctx.app, broker, 'planActOfPurchase', application.id, PLAN_ACT)).statusCode).toBe(422);
    await advance(desk, application.id, 'funds');
    const before = (await mails(desk.db)).length;
    const missing = await run(ctx.app, broker, 'planActOfPurchase', application.id, { date: ACT_AT, body: 'x' });
    expect(missing.json().message).toBe('Objet requis');
    expect((await run(ctx.app, await desk.as(staff(desk.notary)), 'planActOfPurchase', application.id, PLAN_ACT)).statusCode).toBe(403);

    const response = await run(ctx.app, broker, 'planActOfPurchase', application.id, PLAN_ACT);
    expect(response.statusCode).toBe(200);
    const row = await applicationRow(desk.db, application.id);
    expect(row.actOfPurchaseAt?.toISOString()).toBe(ACT_AT);
    expect(row.statusSign).toBe('Prévue le 15/06/2027 10:00');
    const sent = (await mails(desk.db)).slice(before);
    expect(sent.map((m) => m.to)).toEqual([[desk.notary?.email], [candidate.email]]);
    expect(sent[0].text).toContain("Signature de l'acte prévue le 15/06/2027 10:00 (heure suisse)");
    expect(sent[0].text).toContain('lot A-101 (Les Hauts de Rolle)');
    expect(sent[1]).toMatchObject({ subject: "Signature de l'acte", text: 'Rendez-vous chez le notaire.' });
    const call = (await tasksOf(desk.db, application.id)).find((t) => t.kind === 'send_call_for_funds');
    expect(call).toMatchObject({ title: "Envoyer l'appel de fonds", assignedToId: desk.notary?.id, doneAt: null });
    expect(call?.endAt.toISOString()).toBe('2027-05-16T08:00:00.000Z');
    expect((await run(ctx.app, broker, 'planActOfPurchase', application.id, PLAN_ACT)).statusCode).toBe(422);
  });

  it('with do_not_send_email e-mails only the notary', async () => {
    const desk = await pipelineDesk(ctx);
    const { application } = await makeApplication(desk);
    await advance(desk, application.id, 'funds');
    const before = (await mails(desk.db)).length;
    await run(ctx.app, await desk.as(desk.broker), 'planActOfPurchase', application.id, { ...PLAN_ACT, do_not_send_email: true });
    expect((await mails(desk.db)).slice(before).map((m) => m.to)).toEqual([[desk.notary?.email]]);
  });

  it('the notary sends the call for funds (broker notified); the broker signs the act: Vendu, the other files on the lot closed and their brokers told', async () => {
    const desk = await pipelineDesk(ctx);
    const { application, candidacy } = await makeApplication(desk);
    const colleague = await createUser(desk.db, 'broker', { agencyId: 1, promotionIds: [desk.promotion.id] });
    const waiting = await makeApplication(desk, { brokerId: colleague.id, agencyId: 1, priority: 9 });
    const hiddenOne = await makeApplication(desk, { hidden: true });
    await advance(desk, application.id, 'plan');
    const notary = await desk.as(staff(desk.notary));
    expect((await run(ctx.app, await desk.as(desk.banker), 'callForFundsSent', application.id)).statusCode).toBe(403);
    expect((await run(ctx.app, notary, 'callForFundsSent', application.id)).statusCode).toBe(200);
    expect((await notificationsOf(desk.db, desk.broker.id)).map((n) => n.title)).toContain('Appel de fonds envoyé');
    expect((await run(ctx.app, notary, 'callForFundsSent', application.id)).statusCode).toBe(422);
    expect((await run(ctx.app, notary, 'actOfPurchaseSigned', application.id)).statusCode).toBe(403);

    const response = await run(ctx.app, await desk.as(desk.broker), 'actOfPurchaseSigned', application.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: "Projet d'acte signé", data: { status: 3, closed: [waiting.application.id] } });
    const row = await applicationRow(desk.db, application.id);
    expect(row).toMatchObject({ status: 3, statusSignChecked: true });
    expect(row.statusSign).toMatch(/^Signé le /);
    expect(row.actOfPurchaseSignedAt).not.toBeNull();
    expect((await candidacyRow(desk.db, candidacy.id)).status).toBe(6);
    expect((await lotRow(desk.db, desk.lots[0].id)).status).toBe(4);
    expect((await applicationRow(desk.db, waiting.application.id)).closedAt).not.toBeNull();
    expect((await applicationRow(desk.db, hiddenOne.application.id)).closedAt).toBeNull();
    expect((await notificationsOf(desk.db, colleague.id)).map((n) => n.title)).toEqual(['Lot A-101 vendu']);
    expect((await logsOf(desk.db, waiting.application.id)).map((l) => l.title)).toEqual([
      'Dossier clos : le lot A-101 a été vendu à un autre candidat',
    ]);
    expect((await logsOf(desk.db, application.id)).at(-1)?.title).toBe('Acte de vente signé : lot vendu');
    expect((await run(ctx.app, await desk.as(desk.broker), 'actOfPurchaseSigned', application.id)).statusCode).toBe(422);
    // A closed file accepts no further step.
    const closed = await run(ctx.app, await desk.as(colleague), 'sendReservationForm', waiting.application.id, SEND_FORM);
    expect(closed.statusCode).toBe(422);
  });
});

describe('the whole sale, from attribution to Vendu, through the commands (docs/sales-process.md#3-positions-and-4-the-application-lifecycle-built)', () => {
  it('walks every step with the roles of docs/product/funnel.md#actions-on-an-application and leaves a coherent history', async () => {
    const desk = await pipelineDesk(ctx, { multiAgency: true });
    const broker = await desk.as(desk.broker);
    const notary = await desk.as(staff(desk.notary));
    const banker = await desk.as(desk.banker);
    const { createCandidacy } = await import('../attribution/attribution.fixtures.js');
    const { candidacy, candidate } = await createCandidacy(desk.db, desk.promotion.id, { brokerId: desk.broker.id, agencyId: 2 });
    const attributed = await ctx.app.inject({
      method: 'POST',
      url: '/api/commands/attributeLot',
      headers: broker,
      payload: { entity: 'candidacy', entity_id: candidacy.id, additionnal_fields: { lot_id: desk.lots[1].id } },
    });
    expect(attributed.statusCode).toBe(200);
    const id = attributed.json().data.id as number;
    expect(attributed.json().data.priority).toBe(1);

    const steps: [Record<string, string>, string, Record<string, unknown>?][] = [[broker, 'sendReservationForm', SEND_FORM]];
    for (const [headers, name, fields] of steps) expect((await run(ctx.app, headers, name, id, fields)).statusCode).toBe(200);

    // The candidate signs in with the e-mailed password, chooses his own, and fills the form.
    const password = /Mot de passe : (\S+)/.exec((await mails(desk.db))[0].text)?.[1] as string;
    const login = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email: candidate.email, password } });
    const candidateHeaders = { authorization: `Bearer ${login.json().token}` };
    const changed = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/password',
      headers: candidateHeaders,
      payload: { password: 'Un-nouveau-mot-de-passe-2026', password_confirmation: 'Un-nouveau-mot-de-passe-2026' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await fillForm(ctx.app, candidateHeaders, id, desk.db)).statusCode).toBe(200);

    const rest: [Record<string, string>, string, Record<string, unknown>?][] = [
      [broker, 'validateReservationForm', { knowDate: true, date: '2026-12-03', time: '10:00' }],
      [notary, 'advanceDepositReceived'],
      [banker, 'ClientSolvent'],
      [broker, 'scheduleAgreement', { date: PROMISE_AT }],
      [notary, 'draftActSent'],
      [notary, 'agreementFundsReceived'],
      [broker, 'planActOfPurchase', PLAN_ACT],
      [notary, 'callForFundsSent'],
      [broker, 'actOfPurchaseSigned'],
    ];
    for (const [headers, name, fields] of rest) {
      const response = await run(ctx.app, headers, name, id, fields);
      expect(response.statusCode, `${name}: ${response.body}`).toBe(200);
    }
    const row = await applicationRow(desk.db, id);
    expect(row).toMatchObject({
      status: 3,
      statusFrChecked: true,
      statusAcChecked: true,
      statusFinChecked: true,
      statusSignpdvChecked: true,
      statusSignChecked: true,
    });
    expect((await lotRow(desk.db, desk.lots[1].id)).status).toBe(4);
    expect((await candidacyRow(desk.db, candidacy.id)).status).toBe(6);
    expect(await openKinds(desk.db, id)).toEqual([]);
    expect((await tasksOf(desk.db, id)).map((t) => t.kind)).toEqual([
      'reservation_form_pending',
      'verify_reservation_form',
      'reservation_deposit_expected',
      'verify_solvency',
      'send_draft_act',
      'confirm_promise_funds',
      'send_call_for_funds',
    ]);
    expect((await lotHistory(desk.db, desk.lots[1].id)).map((h) => `${h.from}->${h.to}`)).toEqual(['0->2', '2->3', '3->4']);
    expect((await logsOf(desk.db, id)).length).toBe(12);
  });
});

describe('dates of the process tasks', () => {
  it('counts the call for funds in Swiss calendar days across a clock change', () => {
    // An act on 15 April 2027 10:00 (UTC+2) is called for on 16 March 2027 10:00 (UTC+1).
    expect(callForFundsDue(new Date('2027-04-15T08:00:00Z'), new Date('2027-03-01T08:00:00Z')).toISOString()).toBe(
      '2027-03-16T09:00:00.000Z',
    );
    const now = new Date('2027-04-01T08:00:00Z');
    expect(callForFundsDue(new Date('2027-04-15T08:00:00Z'), now).toISOString()).toBe('2027-04-04T08:00:00.000Z');
    expect(callForFundsDue(new Date('2027-04-02T08:00:00Z'), now).toISOString()).toBe('2027-04-02T08:00:00.000Z');
  });
});
