import { commandRoles, PIPELINE_API, rolesWith } from '@promovente/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import {
  applicationRow,
  type Desk,
  fillForm,
  logsOf,
  lotRow,
  mails,
  makeApplication,
  openKinds,
  pipelineDesk,
  run,
  SEND_FORM,
  snapshot,
} from './pipeline.fixtures.js';
import { PIPELINE_STEPS } from './pipeline.routes.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

const call = (method: 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: Record<string, unknown>) =>
  ctx.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });

const staff = (user: Desk['notary']) => user as Desk['broker'];

describe('the direct application calls of docs/product/calls.md#direct-application-calls (the same handlers as the commands)', () => {
  it('let in at the door exactly the roles of their command', () => {
    for (const [name, route] of Object.entries(PIPELINE_API)) {
      const { command } = PIPELINE_STEPS[name as keyof typeof PIPELINE_API];
      expect([...rolesWith(route.access)].sort(), name).toEqual([...commandRoles(command)].sort());
    }
  });

  it('walk a sale from the filled form to Vendu, answering { data, message }', async () => {
    const desk = await pipelineDesk(ctx);
    const { application } = await makeApplication(desk);
    const id = application.id;
    const broker = await desk.as(desk.broker);
    const notary = await desk.as(staff(desk.notary));
    const banker = await desk.as(desk.banker);
    expect((await run(ctx.app, broker, 'sendReservationForm', id, SEND_FORM)).statusCode).toBe(200);
    expect((await fillForm(ctx.app, broker, id, desk.db)).statusCode).toBe(200);

    const incomplete = await call('POST', `/applications/sendNotificationIncomplete/${id}`, broker, {
      subject: 'Pièces manquantes',
      body: 'Merci de compléter.',
    });
    expect(incomplete.statusCode).toBe(200);
    expect(incomplete.json()).toEqual({ data: { id }, message: 'Le candidat a été notifié' });
    expect((await mails(desk.db)).at(-1)?.subject).toBe('Pièces manquantes');

    const complete = await call('PUT', `/applications/${id}/markAsComplete`, broker, { knowDate: true, date: '2026-12-03', time: '09:00' });
    expect(complete.statusCode).toBe(200);
    expect(complete.json()).toMatchObject({ message: 'Réservation validée', data: { deposit_expected_at: '2026-12-03T08:00:00.000Z' } });

    const deposit = await call('POST', `/applications/${id}/reservation-deposit-received`, notary);
    expect(deposit.json()).toMatchObject({ message: 'Acompte reçu', data: { status: 1 } });
    expect((await lotRow(desk.db, desk.lots[0].id)).status).toBe(3);
    expect((await call('POST', `/applications/${id}/deposit-received`, notary)).statusCode).toBe(422);

    expect((await call('POST', `/applications/${id}/client-non-solvent`, banker)).json().message).toBe('Client non solvable');
    expect((await call('POST', `/applications/${id}/client-solvent`, banker)).json().message).toBe('Client solvable');
    expect((await call('POST', `/applications/${id}/scheduleAgreement`, broker, { date: '2027-02-10T09:00:00.000Z' })).statusCode).toBe(
      200,
    );
    expect((await call('POST', `/applications/${id}/send-act`, notary)).json().message).toBe("Projet d'acte envoyé");
    expect((await call('POST', `/applications/${id}/confirm-received-agreement-funds`, notary)).json().message).toBe(
      'Promesse de vente signée',
    );
    const plan = await call('POST', `/applications/${id}/planActOfPurchase`, broker, {
      date: '2027-06-15T08:00:00.000Z',
      subject: "Signature de l'acte",
      body: 'Rendez-vous.',
    });
    expect(plan.json().message).toBe("Signature de l'acte planifiée");
    expect(
      (
        await call('POST', `/applications/${id}/createPlanActOfPurchase`, broker, {
          date: '2027-06-15T08:00:00.000Z',
          subject: 'a',
          body: 'b',
        })
      ).statusCode,
    ).toBe(422);
    expect((await call('POST', `/applications/${id}/send-call-for-funds`, notary)).json().message).toBe('Appel de fonds envoyé');
    const signed = await call('POST', `/applications/${id}/sign-act`, broker);
    expect(signed.json()).toMatchObject({ message: "Projet d'acte signé", data: { status: 3 } });
    expect((await applicationRow(desk.db, id)).status).toBe(3);
    expect(await openKinds(desk.db, id)).toEqual([]);
    // One history row per call, exactly like the commands.
    expect((await logsOf(desk.db, id)).map((l) => l.title)).toEqual([
      'Formulaire de réservation envoyé',
      'Formulaire de réservation rempli',
      'Réservation incomplète : candidat notifié',
      'Formulaire de réservation validé',
      'Acompte de réservation reçu : dossier réservé',
      'Client non solvable',
      'Client solvable',
      'Signature de la promesse planifiée le 10/02/2027 10:00',
      "Projet d'acte envoyé",
      'Fonds de la promesse reçus : promesse de vente signée',
      "Signature de l'acte planifiée le 15/06/2027 10:00",
      'Appel de fonds envoyé',
      'Acte de vente signé : lot vendu',
    ]);
  });

  it('POST applications/complete/{id} confirms without a deposit date; createPlanActOfPurchase plans the act; deposit-received pays', async () => {
    const desk = await pipelineDesk(ctx);
    const { application } = await makeApplication(desk);
    const id = application.id;
    const broker = await desk.as(desk.broker);
    await run(ctx.app, broker, 'sendReservationForm', id, { ...SEND_FORM, do_not_send_email: true });
    await fillForm(ctx.app, broker, id, desk.db);
    const complete = await call('POST', `/applications/complete/${id}`, broker, { knowDate: true, date: '2026-12-03' });
    expect(complete.json()).toMatchObject({ data: { deposit_expected_at: null } });
    expect((await call('POST', `/applications/${id}/deposit-received`, broker)).statusCode).toBe(200);
    await call('POST', `/applications/${id}/client-solvent`, broker);
    await call('POST', `/applications/${id}/scheduleAgreement`, broker, { date: '2027-02-10T09:00:00.000Z' });
    await call('POST', `/applications/${id}/send-act`, broker);
    await call('POST', `/applications/${id}/confirm-received-agreement-funds`, broker);
    const plan = await call('POST', `/applications/${id}/createPlanActOfPurchase`, broker, {
      date: '2027-06-15T08:00:00.000Z',
      subject: 'a',
      body: 'b',
      do_not_send_email: true,
    });
    expect(plan.statusCode).toBe(200);
    expect((await applicationRow(desk.db, id)).actOfPurchaseAt?.toISOString()).toBe('2027-06-15T08:00:00.000Z');
  });

  it('answer 401 without a token, 403 to a role the command does not allow, 404 for another promotion and 400 for a bad id', async () => {
    const desk = await pipelineDesk(ctx);
    const { application } = await makeApplication(desk, { reservationSentAt: new Date() });
    const id = application.id;
    const before = await snapshot(desk.db);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/applications/${id}/deposit-received` })).statusCode).toBe(401);
    expect((await call('POST', `/applications/${id}/deposit-received`, await desk.as(desk.promoter))).statusCode).toBe(403);
    expect((await call('POST', `/applications/${id}/deposit-received`, await desk.as(desk.banker))).statusCode).toBe(403);
    expect((await call('POST', `/applications/${id}/client-solvent`, await desk.as(staff(desk.notary)))).statusCode).toBe(403);
    expect((await call('POST', `/applications/${id}/sign-act`, await desk.as(staff(desk.notary)))).statusCode).toBe(403);
    expect((await call('PUT', `/applications/${id}/markAsComplete`, await desk.as(desk.architect))).statusCode).toBe(403);
    expect((await call('POST', `/applications/${id}/deposit-received`, await desk.as(desk.outsider))).statusCode).toBe(404);
    expect((await call('POST', `/applications/${id}/deposit-received`, await desk.as(desk.rival))).statusCode).toBe(403);
    const bad = await call('POST', '/applications/abc/deposit-received', await desk.as(desk.broker));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Identifiant invalide');
    const missing = await call('POST', `/applications/sendNotificationIncomplete/${id}`, await desk.as(desk.broker), { body: 'x' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Objet requis');
    expect(await snapshot(desk.db)).toEqual(before);
  });
});
