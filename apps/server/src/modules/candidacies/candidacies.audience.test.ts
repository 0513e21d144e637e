import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { files } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { addApplication, addComment, addTask, candidateAccount, createCandidacyRow, salesDesk } from './candidacies.fixtures.js';

/**
 * The exact fields each role receives from every answer that carries a candidacy or a
 * candidate record (issue 8, defect 9). The lists are written out here, independently of the
 * serializers: a field that appears or disappears in an answer fails this file until it is
 * added to the right role's list on purpose.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

const keys = (value: unknown) => Object.keys(value as object).sort();
const sorted = (...groups: (readonly string[])[]) => groups.flat().sort();

// The candidate record.
const IDENTITY = ['id', 'full_name', 'first_name', 'last_name', 'gender', 'is_company', 'company_name', 'profile_picture'];
const CONTACT = ['email', 'phone', 'phone_private', 'phone_pro'];
const PERSONAL = [
  'budget',
  'city',
  'zip',
  'address',
  'country',
  'household_size',
  'household_income',
  'own_funds',
  'maiden_name',
  'father_first_name',
  'mother_first_name',
  'mother_maiden_name',
  'birthday',
  'birthday_city',
  'place_origin',
  'establishment_permit',
  'job',
  'civil_status',
  'matrimonial_property',
  'avs',
  'already_swiss_owner',
  'company_type',
  'head_office',
  'company_address',
];
const CANDIDATE_OF = {
  broker: sorted(IDENTITY, CONTACT, PERSONAL, ['user_id', 'parent_candidate_id']),
  partner: sorted(IDENTITY, CONTACT, PERSONAL, ['user_id', 'parent_candidate_id']),
  architect: sorted(IDENTITY, CONTACT),
  candidate: sorted(IDENTITY, CONTACT, PERSONAL),
};

// The candidacy.
const BASE = ['id', 'promotion_id', 'created_at', 'couple', 'broker', 'candidate', 'applications', 'promotion'];
const DESK = ['status', 'status_text', 'agency_id', 'agency_name', 'broker_id', 'can_edit'];
const FINANCING = [
  'budget',
  'mortgage_amount',
  'mortgage_bank_name',
  'mortgage_contact_name',
  'second_pillar_amount',
  'second_pillar_bank_name',
  'second_pillar_contact_name',
  'third_pillar_amount',
  'third_pillar_bank_name',
  'third_pillar_contact_name',
  'financials_unavailable',
];
const DOCUMENTS = ['files', 'files_count'];
const WORK = ['comment', 'comments_count', 'user_comments', 'tasks', 'tasks_count', 'actions'];
const SALES_NOTES = ['priority', 'priority_text', 'vip', 'reason_vip', 'crm_validated', 'crm_id'];
const CANDIDACY_OF = {
  broker: sorted(BASE, DESK, FINANCING, DOCUMENTS, WORK, SALES_NOTES),
  partner: sorted(BASE, DESK, FINANCING, DOCUMENTS, WORK),
  architect: sorted(BASE, DESK, DOCUMENTS),
  candidate: sorted(BASE, FINANCING, DOCUMENTS, ['comment']),
};
const APPLICATION_ALL = sorted([
  'id',
  'public_id',
  'priority',
  'status',
  'status_text',
  'is_main',
  'lot',
  'deadline',
  'deadline_is_in_less_than_one_day',
  'is_over_deadline',
  'reservation_sent_at',
  'created_at',
  'status_FR_checked',
  'status_AC_checked',
  'status_FIN_checked',
  'status_SIGNPDV_checked',
  'status_SIGN_checked',
]);
const APPLICATION_OF = {
  broker: APPLICATION_ALL,
  partner: APPLICATION_ALL,
  architect: APPLICATION_ALL,
  candidate: sorted(['id', 'public_id', 'status', 'status_text', 'is_main', 'lot', 'reservation_sent_at', 'created_at']),
};
const PROMOTION_OF = {
  broker: sorted(['id', 'title', 'multi_agency', 'crm_updated_at']),
  partner: sorted(['id', 'title', 'multi_agency']),
  architect: sorted(['id', 'title', 'multi_agency']),
  candidate: sorted(['id', 'title']),
};

/** A candidacy of agency 1 with every part filled: VIP, CRM, an application, a file, a comment, tasks. */
const scene = async () => {
  const db = ctx.database.db;
  const desk = await salesDesk(ctx.app, db);
  const { candidacy, candidate } = await createCandidacyRow(db, desk.promotion.id, {
    agencyId: desk.leman.id,
    brokerId: desk.broker.id,
    vip: true,
    reasonVip: 'Ami du promoteur',
    crmId: 'SF-0042',
    crmValidated: true,
    priority: 1,
    comment: 'Disponible le soir',
    mortgageAmount: 600_000,
    candidate: { householdIncome: 180_000, ownFunds: 250_000, avs: '756.1234.5678.97', phone: '+41 79 000 00 00' },
  });
  const application = await addApplication(db, {
    promotionId: desk.promotion.id,
    lotId: desk.lots[0].id,
    candidacy1Id: candidacy.id,
    priority: 1,
    reservationSentAt: new Date(),
  });
  await addComment(db, { promotionId: desk.promotion.id, candidacyId: candidacy.id, comment: 'Solvable', createdById: desk.broker.id });
  await addTask(db, { promotionId: desk.promotion.id, candidacyId: candidacy.id, title: 'Rappeler le client' });
  await db.insert(files).values({
    name: 'Passeport.pdf',
    mime: 'application/pdf',
    size: 10,
    storageKey: 'x',
    owner: 'candidacy',
    promotionId: desk.promotion.id,
    candidacyId: candidacy.id,
  });
  const account = await candidateAccount(db, desk.promotion.id, candidate);
  const roles = {
    broker: desk.broker,
    promoter: desk.promoter,
    notary: desk.notary,
    banker: desk.banker,
    architect: desk.architect,
    candidate: account,
  };
  return { desk, candidacy, candidate, application, roles };
};

const AUDIENCE = {
  broker: 'broker',
  promoter: 'partner',
  notary: 'partner',
  banker: 'partner',
  architect: 'architect',
  candidate: 'candidate',
} as const;

const get = async (url: string, headers: Record<string, string>) => {
  const response = await ctx.app.inject({ method: 'GET', url, headers });
  return { status: response.statusCode, body: response.json() };
};

describe('the fields each role receives (issue 8, defect 9)', () => {
  it('GET /candidacies/{id}: the candidacy, its candidate, applications and promotion, role by role', async () => {
    const { desk, candidacy, roles } = await scene();
    for (const [role, user] of Object.entries(roles) as [keyof typeof AUDIENCE, { email: string }][]) {
      const audience = AUDIENCE[role];
      const { status, body } = await get(`/api/candidacies/${candidacy.id}`, await desk.token(user));
      expect(status, role).toBe(200);
      expect(keys(body.data), role).toEqual(CANDIDACY_OF[audience]);
      expect(keys(body.data.candidate), role).toEqual(CANDIDATE_OF[audience]);
      expect(body.data.applications, role).toHaveLength(1);
      expect(keys(body.data.applications[0]), role).toEqual(APPLICATION_OF[audience]);
      expect(keys(body.data.promotion), role).toEqual(PROMOTION_OF[audience]);
    }
  });

  it("never shows a candidate his candidacy's priority, VIP flag and reason, CRM id or validation, tasks or the desk's comments", async () => {
    const { desk, candidacy, roles } = await scene();
    const { body } = await get(`/api/candidacies/${candidacy.id}`, await desk.token(roles.candidate));
    for (const field of [...SALES_NOTES, 'status', 'tasks', 'actions', 'user_comments', 'comments_count']) {
      expect(body.data, field).not.toHaveProperty(field);
    }
    // What is his stays: his finances, his comment, his documents.
    expect(body.data.candidate.household_income).toBe(180_000);
    expect(body.data.mortgage_amount).toBe(600_000);
    expect(body.data.comment).toBe('Disponible le soir');
    expect(body.data.files.map((f: { name: string }) => f.name)).toEqual(['Passeport.pdf']);
    // The broker sees the notes.
    const broker = await get(`/api/candidacies/${candidacy.id}`, await desk.token(roles.broker));
    expect(broker.body.data).toMatchObject({ vip: true, reason_vip: 'Ami du promoteur', crm_id: 'SF-0042', crm_validated: true });
  });

  it('GET /candidates/{id}: the record and its candidacies for the broker and for the candidate himself', async () => {
    const { desk, candidate, roles } = await scene();
    const broker = await get(`/api/candidates/${candidate.id}`, await desk.token(roles.broker));
    expect(broker.status).toBe(200);
    expect(keys(broker.body.data)).toEqual(sorted(CANDIDATE_OF.broker, ['candidacies', 'threads']));
    expect(keys(broker.body.data.candidacies[0])).toEqual(CANDIDACY_OF.broker);
    expect(keys(broker.body.data.candidacies[0].candidate)).toEqual(CANDIDATE_OF.broker);

    const own = await get(`/api/candidates/${candidate.id}`, await desk.token(roles.candidate));
    expect(own.status).toBe(200);
    expect(keys(own.body.data)).toEqual(sorted(CANDIDATE_OF.candidate, ['candidacies', 'threads']));
    expect(keys(own.body.data.candidacies[0])).toEqual(CANDIDACY_OF.candidate);
    expect(keys(own.body.data.candidacies[0].candidate)).toEqual(CANDIDATE_OF.candidate);
    expect(keys(own.body.data.candidacies[0].applications[0])).toEqual(APPLICATION_OF.candidate);

    for (const role of ['promoter', 'notary', 'banker', 'architect'] as const) {
      expect((await get(`/api/candidates/${candidate.id}`, await desk.token(roles[role]))).status, role).toBe(403);
    }
  });

  it('GET /candidacies: the rows of the brokers’ table, lean (issue 20: what the table and its menu show), for brokers only', async () => {
    const { desk, roles } = await scene();
    const { status, body } = await get(`/api/candidacies?promotion=${desk.promotion.id}`, await desk.token(roles.broker));
    expect(status).toBe(200);
    expect(keys(body.data[0])).toEqual(
      sorted(
        ['id', 'promotion_id', 'created_at', 'broker', 'candidate', 'applications'],
        ['status', 'status_text', 'agency_id', 'agency_name', 'can_edit'],
        ['budget', 'files_count', 'comments_count', 'tasks', 'tasks_count'],
        SALES_NOTES,
      ),
    );
    expect(keys(body.data[0].candidate)).toEqual(sorted(['id', 'full_name', 'email']));
    expect(keys(body.data[0].applications[0])).toEqual(
      sorted(['id', 'public_id', 'priority', 'status_text', 'is_over_deadline', 'reservation_sent_at', 'lot']),
    );
    expect(keys(body.data[0].applications[0].lot)).toEqual(sorted(['reference', 'title']));
    for (const role of ['promoter', 'notary', 'banker', 'architect', 'candidate'] as const) {
      expect((await get('/api/candidacies', await desk.token(roles[role]))).status, role).toBe(403);
    }
  });

  it('GET /applications/public/{id}: the reservation form carries no sales note, for the candidate as for the desk', async () => {
    const { desk, application, roles } = await scene();
    const FORM = sorted([
      'id',
      'public_id',
      'promotion_id',
      'status',
      'status_text',
      'reservation_sent_at',
      'first_reservation_at',
      'reservation_confirmed_at',
      'confirmed',
      'negociated_price',
      'lot',
      'candidacy1',
      'candidacy2',
      'editable',
      'can_confirm',
    ]);
    const FORM_CANDIDATE = sorted(
      IDENTITY.filter((key) => key !== 'full_name' && key !== 'profile_picture'),
      CONTACT,
      [
        'maiden_name',
        'company_type',
        'head_office',
        'company_address',
        'father_first_name',
        'mother_first_name',
        'mother_maiden_name',
        'avs',
        'birthday',
        'birthday_city',
        'place_origin',
        'establishment_permit',
        'already_swiss_owner',
        'job',
        'civil_status',
        'address',
        'city',
        'country',
        'zip',
      ],
    );
    for (const role of ['broker', 'promoter', 'notary', 'banker', 'candidate'] as const) {
      const { status, body } = await get(`/api/applications/public/${application.publicId}`, await desk.token(roles[role]));
      expect(status, role).toBe(200);
      expect(keys(body.data), role).toEqual(FORM);
      expect(keys(body.data.candidacy1), role).toEqual(['candidate', 'financing', 'id']);
      expect(keys(body.data.candidacy1.candidate), role).toEqual(FORM_CANDIDATE);
      expect(keys(body.data.candidacy1.financing), role).toEqual(FINANCING.filter((key) => key !== 'budget').sort());
    }
  });
});
