// Over 400 lines: the commands that change an application's position share one funnel world and its helpers.
import { MESSAGES, PIPELINE_MESSAGES } from '@promovente/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { applications, lots, tasks } from '../../db/schema/index.js';
import { createUser } from '../../test/fixtures.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createCandidacy } from '../attribution/attribution.fixtures.js';
import {
  applicationRow,
  CRM,
  candidacyRow,
  type Desk,
  LEMAN,
  logsOf,
  lotRow,
  makeApplication,
  notificationsOf,
  pipelineDesk,
  run,
  snapshot,
} from './pipeline.fixtures.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

const WAITING_LIST_ONLY = 'Ce lot est réservé ou signé : seule la priorité 9 (non prioritaire) est possible';

/** Three positioned applications on lot A-101 of a multi-agency promotion, each of another broker. */
const threePositions = async (desk: Desk) => {
  const second = await createUser(desk.db, 'broker', { agencyId: CRM, promotionIds: [desk.promotion.id], lastName: 'Second' });
  const third = await createUser(desk.db, 'broker', { agencyId: LEMAN, promotionIds: [desk.promotion.id], lastName: 'Troisième' });
  const a = await makeApplication(desk, { priority: 1 });
  const b = await makeApplication(desk, { priority: 2, brokerId: second.id, agencyId: CRM });
  const c = await makeApplication(desk, { priority: 3, brokerId: third.id });
  return { a, b, c, second, third };
};

const priorities = async (desk: Desk, ids: number[]) => Promise.all(ids.map(async (id) => (await applicationRow(desk.db, id)).priority));

describe('updateApplication: negociated_price (docs/product/validation.md#sales-pipeline-forms)', () => {
  it('saves a multiple of 1000 and logs it in CHF; refuses other values with the French messages', async () => {
    const desk = await pipelineDesk(ctx);
    const { application } = await makeApplication(desk, { status: 2 });
    const broker = await desk.as(desk.broker);
    const response = await run(ctx.app, broker, 'updateApplication', application.id, { negociated_price: 1_250_000 });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Prix négocié enregistré');
    expect((await applicationRow(desk.db, application.id)).negociatedPrice).toBe(1_250_000);
    expect((await logsOf(desk.db, application.id))[0].title).toBe("Prix négocié : 1'250'000 CHF");

    const step = await run(ctx.app, broker, 'updateApplication', application.id, { negociated_price: 1_250_500 });
    expect(step.statusCode).toBe(400);
    expect(step.json().message).toBe('Le prix doit être un multiple de 1000');
    expect((await run(ctx.app, broker, 'updateApplication', application.id, { negociated_price: -1000 })).json().message).toBe(
      'Prix requis',
    );
    const both = await run(ctx.app, broker, 'updateApplication', application.id, { negociated_price: 1000, priority: 1 });
    expect(both.statusCode).toBe(400);
  });

  it.each([[''], ['  '], [null]])(
    "refuses an emptied negotiated price (%j) with 'Prix requis', never 0 CHF; the price stays",
    async (emptied) => {
      const desk = await pipelineDesk(ctx);
      const { application } = await makeApplication(desk, { status: 2 });
      const broker = await desk.as(desk.broker);
      expect((await run(ctx.app, broker, 'updateApplication', application.id, { negociated_price: 1_250_000 })).statusCode).toBe(200);
      const response = await run(ctx.app, broker, 'updateApplication', application.id, { negociated_price: emptied });
      expect([response.statusCode, response.json().message]).toEqual([400, PIPELINE_MESSAGES.priceRequired]);
      expect((await applicationRow(desk.db, application.id)).negociatedPrice).toBe(1_250_000);
    },
  );

  it('is refused to the other roles, to another agency and on another promotion', async () => {
    const desk = await pipelineDesk(ctx);
    const { application } = await makeApplication(desk);
    for (const user of [desk.notary as Desk['broker'], desk.banker, desk.promoter, desk.architect]) {
      expect((await run(ctx.app, await desk.as(user), 'updateApplication', application.id, { negociated_price: 1000 })).statusCode).toBe(
        403,
      );
    }
    expect(
      (await run(ctx.app, await desk.as(desk.rival), 'updateApplication', application.id, { negociated_price: 1000 })).statusCode,
    ).toBe(403);
    expect(
      (await run(ctx.app, await desk.as(desk.outsider), 'updateApplication', application.id, { negociated_price: 1000 })).statusCode,
    ).toBe(404);
  });
});

describe('updateApplication: milestones (docs/product/funnel.md#milestones)', () => {
  it('never changes FR, AC or FIN nor a checkbox by hand; changes SIGN PdV and SIGN only while unchecked', async () => {
    const desk = await pipelineDesk(ctx);
    const { application } = await makeApplication(desk, {
      statusFr: 'Validé le 01/12/2026 10:00',
      statusFrChecked: true,
      statusSignpdv: 'Prévue le 10/02/2027 11:00',
      statusSign: 'Signé le 15/06/2027 10:00',
      statusSignChecked: true,
    });
    const broker = await desk.as(desk.broker);
    const before = await snapshot(desk.db);
    for (const fields of [
      { status_FR: 'Envoyé le 01/01/2026 10:00' },
      { status_AC: 'Reçu le 01/01/2026' },
      { status_FIN: 'Solvable' },
      { status_SIGNPDV_checked: true },
      { status_FR_checked: false },
      { status_SIGN: 'Prévue le 20/06/2027 10:00' },
    ]) {
      const response = await run(ctx.app, broker, 'updateApplication', application.id, fields);
      expect(response.statusCode, JSON.stringify(fields)).toBe(422);
      expect(response.json().message).toBe('Ce statut ne peut plus être modifié');
    }
    expect(await snapshot(desk.db)).toEqual(before);

    // The modal sends the whole form: unchanged fields pass, the open one changes.
    const response = await run(ctx.app, broker, 'updateApplication', application.id, {
      status_FR: 'Validé le 01/12/2026 10:00',
      status_FR_checked: true,
      status_AC: null,
      status_AC_checked: false,
      status_SIGNPDV: 'Prévue le 12/02/2027 11:00',
      status_SIGNPDV_checked: false,
      status_SIGN: 'Signé le 15/06/2027 10:00',
      status_SIGN_checked: true,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Statuts enregistrés');
    expect((await applicationRow(desk.db, application.id)).statusSignpdv).toBe('Prévue le 12/02/2027 11:00');
    expect((await logsOf(desk.db, application.id)).map((l) => l.title)).toEqual(['Statuts modifiés : SIGN PdV']);
    const banker = await run(ctx.app, await desk.as(desk.banker), 'updateApplication', application.id, { status_SIGNPDV: 'x' });
    expect(banker.statusCode).toBe(403);
  });
});

describe('updateApplication: priority outside multi-agency (docs/sales-process.md#3-positions-and-4-the-application-lifecycle-built)', () => {
  it('takes the chosen priority freely but only 9 on a Réservé lot', async () => {
    const desk = await pipelineDesk(ctx);
    const { application } = await makeApplication(desk, { priority: 9 });
    const broker = await desk.as(desk.broker);
    const response = await run(ctx.app, broker, 'updateApplication', application.id, { priority: 2 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: 'Priorité modifiée', data: { priority: 2 } });
    const row = await applicationRow(desk.db, application.id);
    expect(row.priority).toBe(2);
    expect(Date.now() - row.lastPriorityChange.getTime()).toBeLessThan(60_000);
    expect((await logsOf(desk.db, application.id))[0].title).toBe('Priorité modifiée de NP à 2');
    const invalid = await run(ctx.app, broker, 'updateApplication', application.id, { priority: 4 });
    expect(invalid.json().message).toBe('Priorité requise');

    await makeApplication(desk, { status: 1, priority: 1, brokerId: desk.rival.id, agencyId: CRM });
    const refused = await run(ctx.app, broker, 'updateApplication', application.id, { priority: 1 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(WAITING_LIST_ONLY);
    expect((await run(ctx.app, broker, 'updateApplication', application.id, { priority: 9 })).statusCode).toBe(200);
  });

  it('offers neither "go to best" nor "release" (docs/product/positions.md#priority-modal)', async () => {
    const desk = await pipelineDesk(ctx);
    const { application } = await makeApplication(desk, { priority: 2 });
    const broker = await desk.as(desk.broker);
    expect((await run(ctx.app, broker, 'goToLatestPriority', application.id)).statusCode).toBe(422);
    expect((await run(ctx.app, broker, 'goToBestAvailablePriority', application.id)).statusCode).toBe(422);
  });
});

describe('positions in a multi-agency promotion (docs/sales-process.md#3-positions-and-4-the-application-lifecycle-built)', () => {
  it('taking position 1 moves the others down by one, each move logged and its broker notified', async () => {
    const desk = await pipelineDesk(ctx, { multiAgency: true });
    const { a, b, c, second, third } = await threePositions(desk);
    const response = await run(ctx.app, await desk.as(third), 'updateApplication', c.application.id, { priority: 1 });
    expect(response.statusCode).toBe(200);
    expect(await priorities(desk, [a.application.id, b.application.id, c.application.id])).toEqual([2, 3, 1]);
    expect((await logsOf(desk.db, a.application.id)).map((l) => l.title)).toEqual([
      `Priorité modifiée de 1 à 2 : ${c.candidate.firstName} ${c.candidate.lastName} a pris la priorité 1 sur le lot A-101`,
    ]);
    expect((await logsOf(desk.db, c.application.id)).map((l) => l.title)).toEqual(['Priorité modifiée de 3 à 1']);
    expect((await notificationsOf(desk.db, desk.broker.id)).map((n) => n.description)).toEqual([
      `${a.candidate.firstName} ${a.candidate.lastName} passe de la priorité 1 à 2 sur le lot A-101.`,
    ]);
    expect(await notificationsOf(desk.db, second.id)).toHaveLength(1);
    expect(await notificationsOf(desk.db, third.id)).toHaveLength(0);
  });

  it('an unranked application cannot enter when the three positions are taken, nor beyond a Réservé one', async () => {
    const desk = await pipelineDesk(ctx, { multiAgency: true });
    await threePositions(desk);
    const { application } = await makeApplication(desk, { priority: 9 });
    const broker = await desk.as(desk.broker);
    const full = await run(ctx.app, broker, 'updateApplication', application.id, { priority: 1 });
    expect(full.statusCode).toBe(422);
    expect(full.json().message).toBe(MESSAGES.lotAssignmentBlocked);
    expect((await run(ctx.app, broker, 'goToBestAvailablePriority', application.id)).json().message).toBe(MESSAGES.lotAssignmentBlocked);

    const reserved = await makeApplication(desk, { lotIndex: 1, priority: 1, status: 1 });
    const waiting = await makeApplication(desk, { lotIndex: 1, priority: 9 });
    const refused = await run(ctx.app, broker, 'goToBestAvailablePriority', waiting.application.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(WAITING_LIST_ONLY);
    // Beyond status 0, the priority of a multi-agency application no longer moves (docs/product/funnel.md#actions-on-an-application).
    expect((await run(ctx.app, broker, 'goToLatestPriority', reserved.application.id)).json().message).toBe(
      PIPELINE_MESSAGES.actionUnavailable,
    );
  });

  it('releasing a position (goToLatestPriority) moves the positions behind up; goToBestAvailablePriority takes the freed one', async () => {
    const desk = await pipelineDesk(ctx, { multiAgency: true });
    const { a, b, c, second, third } = await threePositions(desk);
    const broker = await desk.as(desk.broker);
    const released = await run(ctx.app, broker, 'goToLatestPriority', a.application.id);
    expect(released.statusCode).toBe(200);
    expect(released.json().message).toBe('Position libérée');
    expect(await priorities(desk, [a.application.id, b.application.id, c.application.id])).toEqual([9, 1, 2]);
    expect((await logsOf(desk.db, b.application.id))[0].title).toBe(
      "Priorité modifiée de 2 à 1 : une position s'est libérée sur le lot A-101",
    );
    expect((await notificationsOf(desk.db, second.id)).map((n) => n.title)).toEqual(['Priorité modifiée']);
    expect(await notificationsOf(desk.db, third.id)).toHaveLength(1);
    expect((await applicationRow(desk.db, b.application.id)).lastPriorityChange.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect((await run(ctx.app, broker, 'goToLatestPriority', a.application.id)).statusCode).toBe(422);

    const best = await run(ctx.app, broker, 'goToBestAvailablePriority', a.application.id);
    expect(best.statusCode).toBe(200);
    expect(best.json().data.priority).toBe(3);
    expect((await run(ctx.app, broker, 'goToBestAvailablePriority', a.application.id)).statusCode).toBe(422);
  });

  it('two positions freed at once, then a position freed during an attribution, leave the positions unique and compact (queue promotion, edge cases)', async () => {
    const desk = await pipelineDesk(ctx, { multiAgency: true });
    const { a, b, c, second } = await threePositions(desk);
    const [released, deleted] = await Promise.all([
      run(ctx.app, await desk.as(desk.broker), 'goToLatestPriority', a.application.id),
      run(ctx.app, await desk.as(second), 'deleteApplication', b.application.id),
    ]);
    expect([released.statusCode, deleted.statusCode]).toEqual([200, 200]);
    // The two commands queue at the lot's lock: the last position moved up twice, to 1.
    expect(await priorities(desk, [a.application.id, c.application.id])).toEqual([9, 1]);
    expect((await logsOf(desk.db, c.application.id)).map((log) => log.title.slice(0, 29))).toEqual([
      'Priorité modifiée de 3 à 2 : ',
      'Priorité modifiée de 2 à 1 : ',
    ]);

    // A new attribution and the release of priority 1 at once: whichever takes the lot first,
    // the attributed application ends at the first position and nobody shares one.
    const { candidacy } = await createCandidacy(desk.db, desk.promotion.id, { brokerId: desk.broker.id, agencyId: LEMAN, status: 3 });
    const headers = await desk.as(desk.broker);
    const [attributed, freed] = await Promise.all([
      ctx.app.inject({
        method: 'POST',
        url: '/api/app/executeCommand',
        headers,
        payload: { name: 'attributeLot', entity: 'candidacy', entity_id: candidacy.id, additionnal_fields: { lot_id: desk.lots[0].id } },
      }),
      run(ctx.app, await desk.as(desk.broker), 'goToLatestPriority', c.application.id),
    ]);
    expect([attributed.statusCode, freed.statusCode]).toEqual([200, 200]);
    const newcomer = attributed.json().data.id as number;
    expect(await priorities(desk, [newcomer, a.application.id, c.application.id])).toEqual([1, 9, 9]);
  });

  it('is refused to the other roles and to a broker of another agency', async () => {
    const desk = await pipelineDesk(ctx, { multiAgency: true });
    const { a } = await threePositions(desk);
    const before = await snapshot(desk.db);
    for (const user of [desk.notary as Desk['broker'], desk.banker, desk.promoter, desk.architect, desk.rival]) {
      expect((await run(ctx.app, await desk.as(user), 'goToLatestPriority', a.application.id)).statusCode).toBe(403);
    }
    expect(await snapshot(desk.db)).toEqual(before);
  });
});

describe('UpdateLastPriorityChange (docs/sales-process.md#3-positions-and-4-the-application-lifecycle-built: admins only)', () => {
  it('restarts the deadline of a priority 1 for an admin of any agency, and only then', async () => {
    const desk = await pipelineDesk(ctx, { multiAgency: true });
    const old = new Date(Date.now() - 6 * 86_400_000);
    const { application } = await makeApplication(desk, { priority: 1, lastPriorityChange: old, deadlineNotifiedAt: old });
    const { application: second } = await makeApplication(desk, { priority: 2 });
    const plain = await run(ctx.app, await desk.as(desk.broker), 'UpdateLastPriorityChange', application.id);
    expect(plain.statusCode).toBe(403);
    const admin = await createUser(desk.db, 'broker', { admin: true, agencyId: CRM });
    const headers = await desk.as(admin);
    const response = await run(ctx.app, headers, 'UpdateLastPriorityChange', application.id);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Compteur de priorité réinitialisé');
    const row = await applicationRow(desk.db, application.id);
    expect(row.lastPriorityChange.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(row.deadlineNotifiedAt).toBeNull();
    expect((await logsOf(desk.db, application.id))[0]).toMatchObject({
      title: 'Compteur de priorité réinitialisé',
      executedById: admin.id,
    });
    expect((await run(ctx.app, headers, 'UpdateLastPriorityChange', second.id)).statusCode).toBe(422);
    const adminNotary = await createUser(desk.db, 'notary', { admin: true });
    expect((await run(ctx.app, await desk.as(adminNotary), 'UpdateLastPriorityChange', application.id)).statusCode).toBe(403);
  });
});

describe('deleteApplication (docs/sales-process.md#3-positions-and-4-the-application-lifecycle-built)', () => {
  it('hides the application, closes its open tasks, moves the positions behind up and recomputes the lot', async () => {
    const desk = await pipelineDesk(ctx, { multiAgency: true });
    const { a, b, c } = await threePositions(desk);
    await desk.db.update(lots).set({ status: 2 }).where(eq(lots.id, desk.lots[0].id));
    await desk.db.insert(tasks).values({
      promotionId: desk.promotion.id,
      applicationId: a.application.id,
      title: 'Rappeler le client',
      endAt: new Date(Date.now() + 86_400_000),
    });
    const broker = await desk.as(desk.broker);
    const response = await run(ctx.app, broker, 'deleteApplication', a.application.id);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Dossier supprimé');
    expect((await applicationRow(desk.db, a.application.id)).hidden).toBe(true);
    expect(await priorities(desk, [b.application.id, c.application.id])).toEqual([1, 2]);
    const [task] = await desk.db.select().from(tasks).where(eq(tasks.applicationId, a.application.id));
    expect(task.doneAt).not.toBeNull();
    expect((await logsOf(desk.db, a.application.id)).at(-1)?.title).toBe('Dossier supprimé (lot A-101)');
    // Hidden applications do not exist for commands.
    expect((await run(ctx.app, broker, 'deleteApplication', a.application.id)).statusCode).toBe(404);

    expect((await run(ctx.app, await desk.as(desk.rival), 'deleteApplication', b.application.id)).statusCode).toBe(200);
    expect(await priorities(desk, [c.application.id])).toEqual([1]);
    expect((await lotRow(desk.db, desk.lots[0].id)).status).toBe(2);
  });

  it('frees a Réservé lot: it shows its raw status again; the candidacy keeps its status (only upward)', async () => {
    const desk = await pipelineDesk(ctx);
    const { application, candidacy } = await makeApplication(desk, { status: 1 });
    await desk.db.update(lots).set({ status: 3 }).where(eq(lots.id, desk.lots[0].id));
    const { candidacies } = await import('../../db/schema/index.js');
    await desk.db.update(candidacies).set({ status: 4 }).where(eq(candidacies.id, candidacy.id));
    expect((await run(ctx.app, await desk.as(desk.broker), 'deleteApplication', application.id)).statusCode).toBe(200);
    expect((await lotRow(desk.db, desk.lots[0].id)).status).toBe(0);
    expect((await candidacyRow(desk.db, candidacy.id)).status).toBe(4);
  });

  it('is refused to the other roles, to another agency and on another promotion, leaving everything as it was', async () => {
    const desk = await pipelineDesk(ctx);
    const { application } = await makeApplication(desk);
    const before = await snapshot(desk.db);
    for (const user of [desk.notary as Desk['broker'], desk.banker, desk.promoter, desk.architect, desk.rival]) {
      expect((await run(ctx.app, await desk.as(user), 'deleteApplication', application.id)).statusCode).toBe(403);
    }
    expect((await run(ctx.app, await desk.as(desk.outsider), 'deleteApplication', application.id)).statusCode).toBe(404);
    expect(await snapshot(desk.db)).toEqual(before);
  });
});

describe('addCandidacy and detachCandidacy (docs/product/validation.md#add-partner and docs/product/validation.md#remove-partner)', () => {
  it('adds a partner of the promotion, who becomes Client; refuses the main candidacy, another promotion and a second partner', async () => {
    const desk = await pipelineDesk(ctx);
    const { application, candidacy, candidate } = await makeApplication(desk);
    const { candidacy: partner, candidate: partnerCandidate } = await createCandidacy(desk.db, desk.promotion.id, { agencyId: CRM });
    const elsewhere = await createCandidacy(desk.db, desk.other.id);
    const broker = await desk.as(desk.broker);

    expect((await run(ctx.app, broker, 'addCandidacy', application.id, {})).json().message).toBe('Veuillez choisir une candidature');
    const self = await run(ctx.app, broker, 'addCandidacy', application.id, { candidacy_2_id: candidacy.id });
    expect(self.statusCode).toBe(422);
    expect(self.json().message).toBe('Le candidat ne peut pas être son propre partenaire');
    expect((await run(ctx.app, broker, 'addCandidacy', application.id, { candidacy_2_id: elsewhere.candidacy.id })).statusCode).toBe(404);
    expect(
      (await run(ctx.app, broker, 'addCandidacy', application.id, { candidacy_2_id: partner.id, promotion_id: desk.other.id })).statusCode,
    ).toBe(404);

    const response = await run(ctx.app, broker, 'addCandidacy', application.id, {
      candidacy_2_id: partner.id,
      promotion_id: desk.promotion.id,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Partenaire ajouté');
    expect((await applicationRow(desk.db, application.id)).candidacy2Id).toBe(partner.id);
    expect((await candidacyRow(desk.db, partner.id)).status).toBe(3);
    const [log] = await logsOf(desk.db, application.id);
    expect(log.title).toBe(`Partenaire ajouté : ${partnerCandidate.firstName} ${partnerCandidate.lastName}`);
    expect(log.executedOnTitle).toBe(
      `${candidate.firstName} ${candidate.lastName} et ${partnerCandidate.firstName} ${partnerCandidate.lastName}`,
    );
    const another = await createCandidacy(desk.db, desk.promotion.id);
    expect((await run(ctx.app, broker, 'addCandidacy', application.id, { candidacy_2_id: another.candidacy.id })).json().message).toBe(
      PIPELINE_MESSAGES.actionUnavailable,
    );
  });

  it('refuses a partner who already has a file on the lot', async () => {
    const desk = await pipelineDesk(ctx);
    const { application } = await makeApplication(desk);
    const { candidacy: onLot } = await makeApplication(desk, { priority: 9 });
    const response = await run(ctx.app, await desk.as(desk.broker), 'addCandidacy', application.id, { candidacy_2_id: onLot.id });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Ce partenaire a déjà un dossier sur ce lot');
  });

  it('for agency 1 in a CRM-synced promotion, accepts only CRM-validated partners', async () => {
    const desk = await pipelineDesk(ctx, { crmUpdatedAt: new Date() });
    const { application } = await makeApplication(desk, { brokerId: desk.rival.id, agencyId: CRM });
    const { candidacy: plain } = await createCandidacy(desk.db, desk.promotion.id, { agencyId: CRM });
    const { candidacy: validated } = await createCandidacy(desk.db, desk.promotion.id, { agencyId: CRM, crmValidated: true });
    const rival = await desk.as(desk.rival);
    const refused = await run(ctx.app, rival, 'addCandidacy', application.id, { candidacy_2_id: plain.id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('Le partenaire doit être validé dans le CRM');
    expect((await run(ctx.app, rival, 'addCandidacy', application.id, { candidacy_2_id: validated.id })).statusCode).toBe(200);
  });

  it('detaches the partner, or the main candidacy whose partner then becomes the main one', async () => {
    const desk = await pipelineDesk(ctx);
    const { application, candidacy, partner } = await makeApplication(desk, { partner: true });
    const other = await makeApplication(desk, { partner: true, lotIndex: 1 });
    const broker = await desk.as(desk.broker);
    const stranger = await run(ctx.app, broker, 'detachCandidacy', application.id, { candidacy_id: other.candidacy.id });
    expect(stranger.statusCode).toBe(422);
    expect(stranger.json().message).toBe('Cette candidature ne fait pas partie du dossier');

    const removed = await run(ctx.app, broker, 'detachCandidacy', application.id, { candidacy_id: partner?.candidacy.id });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe('Partenaire retiré');
    expect(await applicationRow(desk.db, application.id)).toMatchObject({ candidacy1Id: candidacy.id, candidacy2Id: null });
    expect((await logsOf(desk.db, application.id))[0].title).toBe(
      `Partenaire retiré : ${partner?.candidate.firstName} ${partner?.candidate.lastName}`,
    );
    expect((await run(ctx.app, broker, 'detachCandidacy', application.id, { candidacy_id: candidacy.id })).statusCode).toBe(422);

    const main = await run(ctx.app, broker, 'detachCandidacy', other.application.id, { candidacy_id: other.candidacy.id });
    expect(main.statusCode).toBe(200);
    expect(await applicationRow(desk.db, other.application.id)).toMatchObject({
      candidacy1Id: other.partner?.candidacy.id,
      candidacy2Id: null,
    });
    expect((await logsOf(desk.db, other.application.id))[0].candidacyId).toBe(other.partner?.candidacy.id);
    expect((await run(ctx.app, await desk.as(desk.banker), 'detachCandidacy', other.application.id, { candidacy_id: 1 })).statusCode).toBe(
      403,
    );
  });
});

describe('a refused command changes nothing', () => {
  it('leaves no row, no e-mail, no notification and no history line', async () => {
    const desk = await pipelineDesk(ctx, { multiAgency: true });
    const { a } = await threePositions(desk);
    await desk.db.update(applications).set({ status: 1 }).where(eq(applications.id, a.application.id));
    const before = await snapshot(desk.db);
    const broker = await desk.as(desk.broker);
    for (const [name, fields] of [
      ['goToLatestPriority', {}],
      ['actOfPurchaseSigned', {}],
      ['clientNonSolvent', {}],
      ['validateReservationForm', {}],
      ['sendNewAccess', {}],
      ['agreementFundsReceived', {}],
      ['updateApplication', { status_FR: 'x' }],
    ] as const) {
      const response = await run(ctx.app, broker, name, a.application.id, fields);
      expect(response.statusCode, name).toBe(422);
    }
    expect(await snapshot(desk.db)).toEqual(before);
  });
});
