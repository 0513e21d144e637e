// Over 400 lines: the form's four suites (who opens it, first and second candidate, broker) share one sale world and its helpers.
import {
  MESSAGES,
  MILESTONE_TEXTS,
  milestoneText,
  PIPELINE_MESSAGES,
  PROCESS_TASKS,
  RESERVATION_MESSAGES,
  type ReservationForm,
} from '@promovente/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { applications, candidacies, candidates, logs, lots, notifications, tasks } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { addApplication, candidateAccount, command, createCandidacyRow, salesDesk } from '../candidacies/candidacies.fixtures.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

const DAY = 86_400_000;

/**
 * A promotion with two agencies, the other roles, and an application whose reservation form was
 * sent to Thomas Berset (broker Paul of the Léman agency): the waiting task is open.
 */
const setup = async (values: Partial<typeof applications.$inferInsert> = {}) => {
  const db = ctx.database.db;
  const desk = await salesDesk(ctx.app, db);
  const main = await createCandidacyRow(db, desk.promotion.id, {
    brokerId: desk.broker.id,
    agencyId: desk.leman.id,
    status: 3,
    candidate: { firstName: 'Thomas', lastName: 'Berset', email: 'thomas.berset@exemple.ch', gender: 'M' },
  });
  const account = await candidateAccount(db, desk.promotion.id, main.candidate);
  const sentAt = new Date(Date.now() - DAY);
  const application = await addApplication(db, {
    promotionId: desk.promotion.id,
    lotId: desk.lots[1].id,
    candidacy1Id: main.candidacy.id,
    status: 0,
    priority: 1,
    reservationSentAt: sentAt,
    statusFr: milestoneText(MILESTONE_TEXTS.formSent, sentAt),
    ...values,
  });
  const [pending] = await db
    .insert(tasks)
    .values({
      promotionId: desk.promotion.id,
      applicationId: application.id,
      title: PROCESS_TASKS.reservation_form_pending.title,
      kind: 'reservation_form_pending',
      automaticEnd: true,
      endAt: new Date(Date.now() + 4 * DAY),
      assignedToId: desk.broker.id,
    })
    .returning();
  return { db, desk, main, account, application, pending };
};

const load = (publicId: string, headers: Record<string, string>) =>
  ctx.app.inject({ method: 'GET', url: `/api/applications/public/${publicId}`, headers });

const loadForm = async (publicId: string, headers: Record<string, string>) => {
  const response = await load(publicId, headers);
  expect(response.statusCode).toBe(200);
  return response.json().data as ReservationForm;
};

/** The form as the wizard sends it back: what it loaded, with the changes. */
const payloadOf = (form: ReservationForm, changes: { candidate1?: object; financing1?: object; candidacy2?: object | null } = {}) => ({
  candidacy1: {
    candidate: { ...form.candidacy1.candidate, ...changes.candidate1 },
    financing: { ...form.candidacy1.financing, ...changes.financing1 },
  },
  candidacy2:
    changes.candidacy2 !== undefined
      ? changes.candidacy2
      : form.candidacy2
        ? { candidate: form.candidacy2.candidate, financing: form.candidacy2.financing }
        : null,
});

const submit = (headers: Record<string, string>, applicationId: number, fields: object) =>
  command(ctx.app, headers, 'submitReservationForm', 'application', applicationId, fields as Record<string, unknown>);

const CIVIL = {
  gender: 'M',
  birthday: '1984-05-17',
  birthday_city: 'Lausanne',
  place_origin: 'Gland',
  civil_status: 'marié',
  avs: '756.1234.5678.97',
  job: 'Ingénieur',
  father_first_name: 'Pierre',
  mother_first_name: 'Anne',
  mother_maiden_name: 'Favre',
  address: 'Chemin du Bochet 7',
  zip: '1196',
  city: 'Gland',
  country: 'Suisse',
  phone_private: '+41 22 364 10 10',
  already_swiss_owner: true,
};

const FINANCING = {
  mortgage_amount: "720'000",
  mortgage_bank_name: 'UBS',
  mortgage_contact_name: 'Marc Rey',
  second_pillar_amount: '120000',
  second_pillar_bank_name: 'Caisse de pension',
  third_pillar_amount: 40000,
  financials_unavailable: false,
};

/** A second candidate typed into step 3. */
const PARTNER = {
  candidate: {
    first_name: 'Julie',
    last_name: 'Berset',
    email: 'Julie.Berset@exemple.ch',
    gender: 'F',
    maiden_name: 'Rochat',
    civil_status: 'marié',
    zip: '1196',
  },
  financing: { third_pillar_amount: '25000' },
};

describe('GET /applications/public/:publicId: who opens the reservation form (docs/product/access.md#route-table and docs/product/access.md#who-may-do-what)', () => {
  it('answers the lot summary of step 1 and both candidacies', async () => {
    const { db, desk, main, account, application } = await setup({ negociatedPrice: 1_200_000 });
    const lot = desk.lots[1];
    await db.insert(lots).values([
      {
        promotionId: desk.promotion.id,
        buildingId: lot.buildingId,
        parentId: lot.id,
        lotTypeId: 5,
        floorId: 1,
        reference: 'P-01',
        rawPrice: 30_000,
      },
      {
        promotionId: desk.promotion.id,
        buildingId: lot.buildingId,
        parentId: lot.id,
        lotTypeId: 5,
        floorId: 1,
        reference: 'C-01',
        rawPrice: 15_000,
        priceIncluded: true,
      },
    ]);
    await db.update(lots).set({ areaHab: 104.5, title: 'Appartement 4.5 pièces' }).where(eq(lots.id, lot.id));

    const form = await loadForm(application.publicId, await desk.token(account));
    expect(form).toMatchObject({
      id: application.id,
      public_id: application.publicId,
      status: 0,
      status_text: 'Optionné',
      confirmed: false,
      first_reservation_at: null,
      negociated_price: 1_200_000,
      lot: {
        reference: lot.reference,
        title: 'Appartement 4.5 pièces',
        promotion_title: 'Les Hauts de Rolle',
        building_title: 'Bâtiment A',
        children: 2,
        area_hab: 104.5,
        nb_rooms: lot.nbRooms,
        price: 1_250_000,
        total_price: 1_280_000,
      },
      candidacy1: {
        id: main.candidacy.id,
        candidate: {
          id: main.candidate.id,
          first_name: 'Thomas',
          last_name: 'Berset',
          email: 'thomas.berset@exemple.ch',
          is_company: false,
        },
        financing: { mortgage_amount: null, financials_unavailable: false },
      },
      candidacy2: null,
      editable: true,
      can_confirm: true,
    });
  });

  it('lets brokers edit and confirm; notaries, promoters and bankers only read; architects are refused', async () => {
    const { desk, application } = await setup();
    expect(await loadForm(application.publicId, await desk.token(desk.broker))).toMatchObject({ editable: true, can_confirm: true });
    for (const reader of [desk.notary, desk.promoter, desk.banker]) {
      expect(await loadForm(application.publicId, await desk.token(reader))).toMatchObject({ editable: false, can_confirm: false });
    }
    // A broker of another agency sees it, but the candidate is not his agency's (docs/product/access.md#who-may-do-what).
    expect(await loadForm(application.publicId, await desk.token(desk.rival))).toMatchObject({ editable: false, can_confirm: false });
    const architect = await load(application.publicId, await desk.token(desk.architect));
    expect(architect.statusCode).toBe(403);
    expect(architect.json().message).toBe(MESSAGES.accessDenied);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/applications/public/${application.publicId}` })).statusCode).toBe(401);
  });

  it("answers 404 for another candidate's application, another promotion's, a deleted one and an unknown id", async () => {
    const { db, desk, application } = await setup();
    const stranger = await createCandidacyRow(db, desk.promotion.id, { brokerId: desk.broker.id, agencyId: desk.leman.id });
    const strangerAccount = await candidateAccount(db, desk.promotion.id, stranger.candidate);
    for (const [publicId, user] of [
      [application.publicId, strangerAccount],
      [application.publicId, desk.outsider],
      ['00000000-0000-4000-8000-000000000000', desk.broker],
      ['pas-un-identifiant', desk.broker],
    ] as const) {
      const response = await load(publicId, await desk.token(user));
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(MESSAGES.pageNotFound);
    }
    await db.update(applications).set({ hidden: true }).where(eq(applications.id, application.id));
    expect((await load(application.publicId, await desk.token(desk.broker))).statusCode).toBe(404);
  });

  it('locks the form for the candidate once the broker confirmed it, not for the broker', async () => {
    const { desk, account, application } = await setup({ firstReservationAt: new Date(), reservationConfirmedAt: new Date() });
    expect(await loadForm(application.publicId, await desk.token(account))).toMatchObject({
      confirmed: true,
      editable: false,
      can_confirm: false,
    });
    expect(await loadForm(application.publicId, await desk.token(desk.broker))).toMatchObject({ editable: true, can_confirm: true });
  });
});

describe('submitReservationForm by the candidate (docs/product/reservation-form.md#screens and docs/product/reservation-form.md#reservation-lifecycle; docs/sales-process.md#3-positions-and-4-the-application-lifecycle-built)', () => {
  it('saves the candidate and his financing, sets the dates, moves the tasks, notifies the broker and writes the history', async () => {
    const { db, desk, main, account, application, pending } = await setup();
    const headers = await desk.token(account);
    const form = await loadForm(application.publicId, headers);
    const response = await submit(headers, application.id, payloadOf(form, { candidate1: CIVIL, financing1: FINANCING }));
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(RESERVATION_MESSAGES.submitted);
    const answer = response.json().data as ReservationForm;
    expect(answer.candidacy1.candidate).toMatchObject({ birthday: '1984-05-17', civil_status: 'marié', zip: '1196' });

    const [candidate] = await db.select().from(candidates).where(eq(candidates.id, main.candidate.id));
    expect(candidate).toMatchObject({
      email: 'thomas.berset@exemple.ch',
      birthday: '1984-05-17',
      birthdayCity: 'Lausanne',
      civilStatus: 'marié',
      avs: '756.1234.5678.97',
      fatherFirstName: 'Pierre',
      motherMaidenName: 'Favre',
      zip: '1196',
      alreadySwissOwner: true,
      companyName: null,
    });
    const [candidacy] = await db.select().from(candidacies).where(eq(candidacies.id, main.candidacy.id));
    expect(candidacy).toMatchObject({
      mortgageAmount: 720_000,
      mortgageBankName: 'UBS',
      mortgageContactName: 'Marc Rey',
      secondPillarAmount: 120_000,
      thirdPillarAmount: 40_000,
      thirdPillarBankName: null,
      financialsUnavailable: false,
    });

    const [saved] = await db.select().from(applications).where(eq(applications.id, application.id));
    expect(saved.firstReservationAt).not.toBeNull();
    expect(Date.now() - (saved.firstReservationAt as Date).getTime()).toBeLessThan(60_000);
    expect(saved.statusFr).toBe(milestoneText(MILESTONE_TEXTS.formFilled, saved.firstReservationAt as Date));
    expect(saved.statusFrChecked).toBe(false);

    const [waiting] = await db.select().from(tasks).where(eq(tasks.id, pending.id));
    expect(waiting.doneAt).not.toBeNull();
    expect(waiting.doneById).toBe(account.id);
    const verify = await db
      .select()
      .from(tasks)
      .where(and(eq(tasks.applicationId, application.id), eq(tasks.kind, 'verify_reservation_form')));
    expect(verify).toHaveLength(1);
    expect(verify[0]).toMatchObject({
      title: PROCESS_TASKS.verify_reservation_form.title,
      assignedToId: desk.broker.id,
      automaticEnd: true,
      doneAt: null,
    });

    const sent = await db.select().from(notifications).where(eq(notifications.userId, desk.broker.id));
    expect(sent).toMatchObject([
      { title: RESERVATION_MESSAGES.filled, description: `Thomas Berset – lot ${desk.lots[1].reference}`, promotionId: desk.promotion.id },
    ]);
    const history = await db.select().from(logs);
    expect(history).toMatchObject([
      {
        title: RESERVATION_MESSAGES.filled,
        executedOnTitle: 'Thomas Berset',
        executedById: account.id,
        applicationId: application.id,
        lotId: desk.lots[1].id,
        candidacyId: main.candidacy.id,
      },
    ]);
  });

  it('keeps the first filling date and opens no second check task when submitted again', async () => {
    const { db, desk, account, application } = await setup();
    const headers = await desk.token(account);
    const form = await loadForm(application.publicId, headers);
    expect((await submit(headers, application.id, payloadOf(form))).statusCode).toBe(200);
    const [first] = await db.select().from(applications).where(eq(applications.id, application.id));

    const again = await loadForm(application.publicId, headers);
    expect(again.first_reservation_at).toBe((first.firstReservationAt as Date).toISOString());
    const response = await submit(headers, application.id, payloadOf(again, { candidate1: { job: 'Architecte' } }));
    expect(response.statusCode).toBe(200);
    const [second] = await db.select().from(applications).where(eq(applications.id, application.id));
    expect(second.firstReservationAt).toEqual(first.firstReservationAt);
    const verify = await db
      .select()
      .from(tasks)
      .where(and(eq(tasks.applicationId, application.id), eq(tasks.kind, 'verify_reservation_form')));
    expect(verify).toHaveLength(1);
    const titles = (await db.select().from(logs).orderBy(logs.id)).map((l) => l.title);
    expect(titles).toEqual([RESERVATION_MESSAGES.filled, RESERVATION_MESSAGES.updated]);
  });

  it('is refused once the broker confirmed the form, and before it was sent', async () => {
    const confirmed = await setup({ firstReservationAt: new Date(), reservationConfirmedAt: new Date() });
    const headers = await confirmed.desk.token(confirmed.account);
    const form = await loadForm(confirmed.application.publicId, headers);
    const locked = await submit(headers, confirmed.application.id, payloadOf(form, { candidate1: { job: 'Pilote' } }));
    expect(locked.statusCode).toBe(422);
    expect(locked.json().message).toBe(RESERVATION_MESSAGES.locked);
    const [candidate] = await confirmed.db.select().from(candidates).where(eq(candidates.id, confirmed.main.candidate.id));
    expect(candidate.job).toBeNull();

    await ctx.reset();
    const unsent = await setup({ reservationSentAt: null });
    const unsentHeaders = await unsent.desk.token(unsent.account);
    const draft = await loadForm(unsent.application.publicId, unsentHeaders);
    expect(draft.editable).toBe(false);
    const early = await submit(unsentHeaders, unsent.application.id, payloadOf(draft));
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toBe(RESERVATION_MESSAGES.notSent);
  });

  it("answers 404 on another candidate's application and 403 to notaries, promoters and bankers", async () => {
    const { db, desk, application } = await setup();
    const form = await loadForm(application.publicId, await desk.token(desk.broker));
    const stranger = await createCandidacyRow(db, desk.promotion.id, { brokerId: desk.broker.id, agencyId: desk.leman.id });
    const strangerAccount = await candidateAccount(db, desk.promotion.id, stranger.candidate);
    const foreign = await submit(await desk.token(strangerAccount), application.id, payloadOf(form));
    expect(foreign.statusCode).toBe(404);
    for (const user of [desk.notary, desk.promoter, desk.banker]) {
      const response = await submit(await desk.token(user), application.id, payloadOf(form));
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(MESSAGES.accessDenied);
    }
    expect((await submit(await desk.token(desk.outsider), application.id, payloadOf(form))).statusCode).toBe(404);
    expect(await db.select().from(logs)).toHaveLength(0);
  });

  it('refuses a change of e-mail and keeps the company fields only with the company toggle', async () => {
    const { db, desk, main, account, application } = await setup();
    const headers = await desk.token(account);
    const form = await loadForm(application.publicId, headers);
    const changed = await submit(headers, application.id, payloadOf(form, { candidate1: { email: 'autre@exemple.ch' } }));
    expect(changed.statusCode).toBe(422);
    expect(changed.json().message).toBe("L'e-mail du candidat ne peut pas être modifié");

    const company = { company_name: 'Berset Immobilier SA', company_type: 'SA', head_office: 'Gland', company_address: 'Route de Nyon 2' };
    const withCompany = await submit(headers, application.id, payloadOf(form, { candidate1: { ...company, is_company: true } }));
    expect(withCompany.statusCode).toBe(200);
    expect(withCompany.json().data.candidacy1.candidate).toMatchObject({ ...company, is_company: true });
    const without = await submit(headers, application.id, payloadOf(form, { candidate1: { ...company, is_company: false } }));
    expect(without.statusCode).toBe(200);
    const [candidate] = await db.select().from(candidates).where(eq(candidates.id, main.candidate.id));
    expect(candidate).toMatchObject({ companyName: null, companyType: null, headOffice: null, companyAddress: null });

    const noName = await submit(headers, application.id, payloadOf(form, { candidate1: { is_company: true, company_name: ' ' } }));
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toBe(RESERVATION_MESSAGES.companyNameRequired);
  });

  it('answers the validation errors in French (docs/product/validation.md#sales-pipeline-forms)', async () => {
    const { desk, account, application } = await setup();
    const headers = await desk.token(account);
    const form = await loadForm(application.publicId, headers);
    const cases: [object, string][] = [
      [{ candidate1: { zip: '12a4' } }, 'Le code postal doit être numérique'],
      [{ financing1: { mortgage_amount: '-5' } }, 'Les montants doivent être des nombres entiers positifs'],
      [{ financing1: { second_pillar_amount: '12.5' } }, 'Les montants doivent être des nombres entiers positifs'],
      [{ candidate1: { civil_status: 'fiancé' } }, 'État civil invalide'],
      [{ candidate1: { first_name: '  ' } }, 'Prénom requis'],
      [{ candidate1: { last_name: '' } }, 'Nom requis'],
      [{ candidate1: { gender: 'X' } }, 'Genre invalide'],
      [{ candidate1: { birthday: '2999-01-01' } }, 'Date de naissance invalide'],
      [{ candidate1: { birthday: '1980-02-30' } }, 'Date de naissance invalide'],
      [{ candidacy2: { candidate: { first_name: 'Julie', last_name: 'Berset', gender: 'F' }, financing: {} } }, 'E-mail requis'],
    ];
    for (const [changes, message] of cases) {
      const response = await submit(headers, application.id, payloadOf(form, changes));
      expect(response.statusCode, message).toBe(400);
      expect(response.json().message).toBe(message);
    }
  });
});

describe('submitReservationForm: the second candidate (docs/product/reservation-form.md#screens step 3)', () => {
  it('creates the second candidate and his candidacy with the main broker and agency, attached as candidacy 2', async () => {
    const { db, desk, main, account, application } = await setup();
    const headers = await desk.token(account);
    const form = await loadForm(application.publicId, headers);
    const response = await submit(headers, application.id, payloadOf(form, { candidacy2: PARTNER }));
    expect(response.statusCode).toBe(200);
    const data = response.json().data as ReservationForm;
    expect(data.candidacy2?.candidate).toMatchObject({ first_name: 'Julie', email: 'julie.berset@exemple.ch', maiden_name: 'Rochat' });

    const [saved] = await db.select().from(applications).where(eq(applications.id, application.id));
    expect(saved.candidacy2Id).toBe(data.candidacy2?.id);
    const [partner] = await db
      .select()
      .from(candidacies)
      .where(eq(candidacies.id, saved.candidacy2Id as number));
    expect(partner).toMatchObject({
      promotionId: desk.promotion.id,
      brokerId: desk.broker.id,
      agencyId: desk.leman.id,
      couple: true,
      status: 3,
      thirdPillarAmount: 25_000,
    });
    const [mainAfter] = await db.select().from(candidacies).where(eq(candidacies.id, main.candidacy.id));
    expect(mainAfter.couple).toBe(true);
    const [history] = await db.select().from(logs);
    expect(history.executedOnTitle).toBe('Thomas Berset et Julie Berset');

    // Sent again with its id, it is updated; sent as null, it is not removed here.
    const again = await loadForm(application.publicId, headers);
    const update = await submit(
      headers,
      application.id,
      payloadOf(again, { candidacy2: { ...again.candidacy2, candidate: { ...again.candidacy2?.candidate, job: 'Médecin' } } }),
    );
    expect(update.statusCode).toBe(200);
    expect(update.json().data.candidacy2.candidate.job).toBe('Médecin');
    const alone = await submit(headers, application.id, payloadOf(again, { candidacy2: null }));
    expect(alone.statusCode).toBe(422);
    expect(alone.json().message).toBe(RESERVATION_MESSAGES.partnerRemoval);
    expect(await db.select().from(candidacies)).toHaveLength(2);
  });

  it('lets the second candidate open and fill the form of the application he is partner of', async () => {
    const { db, desk, application } = await setup();
    const partner = await createCandidacyRow(db, desk.promotion.id, { brokerId: desk.broker.id, agencyId: desk.leman.id });
    await db.update(applications).set({ candidacy2Id: partner.candidacy.id }).where(eq(applications.id, application.id));
    const partnerAccount = await candidateAccount(db, desk.promotion.id, partner.candidate);
    const headers = await desk.token(partnerAccount);
    const form = await loadForm(application.publicId, headers);
    expect(form.candidacy2?.candidate.id).toBe(partner.candidate.id);
    const response = await submit(headers, application.id, payloadOf(form, { financing1: { financials_unavailable: true } }));
    expect(response.statusCode).toBe(200);
    expect(response.json().data.candidacy1.financing.financials_unavailable).toBe(true);
  });

  it("refuses the same e-mail for both candidates and an e-mail of another person of this promotion; other promotions' people do not count (decision 008)", async () => {
    const { db, desk, account, application } = await setup();
    const headers = await desk.token(account);
    const form = await loadForm(application.publicId, headers);
    const same = await submit(
      headers,
      application.id,
      payloadOf(form, { candidacy2: { ...PARTNER, candidate: { ...PARTNER.candidate, email: 'THOMAS.berset@exemple.ch' } } }),
    );
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe(PIPELINE_MESSAGES.sameEmail);

    const elsewhere = await createCandidacyRow(db, desk.other.id, { candidate: { email: 'julie.berset@exemple.ch' } });
    const blocking = await createCandidacyRow(db, desk.promotion.id, { candidate: { email: 'julie.berset@exemple.ch' } });
    const taken = await submit(headers, application.id, payloadOf(form, { candidacy2: PARTNER }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(MESSAGES.emailAlreadyExists);
    const [saved] = await db.select().from(applications).where(eq(applications.id, application.id));
    expect(saved.candidacy2Id).toBeNull();
    expect(saved.firstReservationAt).toBeNull();
    // Nothing of the attempt stays: Thomas, the other promotion's and this promotion's Julie only.
    expect(await db.select().from(candidates)).toHaveLength(3);

    await db.delete(candidates).where(eq(candidates.id, blocking.candidate.id));
    const accepted = await submit(headers, application.id, payloadOf(form, { candidacy2: PARTNER }));
    expect(accepted.statusCode).toBe(200);
    const julies = await db.select().from(candidates).where(eq(candidates.email, 'julie.berset@exemple.ch'));
    expect(julies.map((c) => c.promotionId).sort()).toEqual([desk.promotion.id, desk.other.id].sort());
    const [untouched] = await db.select().from(candidates).where(eq(candidates.id, elsewhere.candidate.id));
    expect(untouched).toEqual(elsewhere.candidate);
  });

  it('refuses a candidate who is not the one of the application', async () => {
    const { db, desk, account, application } = await setup();
    const headers = await desk.token(account);
    const form = await loadForm(application.publicId, headers);
    const stranger = await createCandidacyRow(db, desk.promotion.id);
    const wrong = await submit(headers, application.id, payloadOf(form, { candidate1: { id: stranger.candidate.id } }));
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe(RESERVATION_MESSAGES.candidateMismatch);
    const [strangerAfter] = await db.select().from(candidates).where(eq(candidates.id, stranger.candidate.id));
    expect(strangerAfter.lastName).toBe(stranger.candidate.lastName);
  });
});

describe('submitReservationForm by a broker (docs/product/access.md#who-may-do-what)', () => {
  it('edits a confirmed form without reopening the check task nor touching the validated milestone', async () => {
    const confirmedAt = new Date(Date.now() - 3600_000);
    const { db, desk, main, application } = await setup({
      firstReservationAt: confirmedAt,
      reservationConfirmedAt: confirmedAt,
      statusFr: milestoneText(MILESTONE_TEXTS.formValidated, confirmedAt),
      statusFrChecked: true,
    });
    const headers = await desk.token(desk.broker);
    const form = await loadForm(application.publicId, headers);
    const response = await submit(headers, application.id, payloadOf(form, { candidate1: { job: 'Notaire' } }));
    expect(response.statusCode).toBe(200);
    const [candidate] = await db.select().from(candidates).where(eq(candidates.id, main.candidate.id));
    expect(candidate.job).toBe('Notaire');
    const [saved] = await db.select().from(applications).where(eq(applications.id, application.id));
    expect(saved.statusFr).toBe(milestoneText(MILESTONE_TEXTS.formValidated, confirmedAt));
    expect(saved.firstReservationAt).toEqual(confirmedAt);
    const verify = await db
      .select()
      .from(tasks)
      .where(and(eq(tasks.applicationId, application.id), eq(tasks.kind, 'verify_reservation_form')));
    expect(verify).toHaveLength(0);
    // The broker is not notified of his own filling.
    expect(await db.select().from(notifications)).toHaveLength(0);
    const [history] = await db.select().from(logs);
    expect(history).toMatchObject({ title: RESERVATION_MESSAGES.updated, executedById: desk.broker.id });
  });

  it("refuses a broker of another agency (403) and a closed application's form (422)", async () => {
    const { db, desk, application } = await setup();
    const form = await loadForm(application.publicId, await desk.token(desk.broker));
    const rival = await submit(await desk.token(desk.rival), application.id, payloadOf(form));
    expect(rival.statusCode).toBe(403);
    expect(rival.json().message).toBe(MESSAGES.accessDenied);

    await db.update(applications).set({ closedAt: new Date() }).where(eq(applications.id, application.id));
    expect(await loadForm(application.publicId, await desk.token(desk.broker))).toMatchObject({ editable: false, can_confirm: false });
    const closed = await submit(await desk.token(desk.broker), application.id, payloadOf(form));
    expect(closed.statusCode).toBe(422);
    expect(closed.json().message).toBe(RESERVATION_MESSAGES.closed);
  });
});
