// Over 400 lines: the candidacies routes' suites (access, filters, sort, rows, exports, detail, create, update) share one world.
import {
  CANDIDACY_ALREADY_EXISTS,
  type CandidaciesPage,
  type CandidacyDetail,
  MESSAGES,
  rowTaskSchema,
  XLSX_FORMATS,
} from '@promovente/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { candidacies, candidates, comments, files, logs, lots, mailMessages, tasks, users } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { isLiveFormula, loadWorkbook, readXlsx } from '../../test/xlsx-reader.js';
import { addApplication, addComment, addTask, candidateAccount, command, createCandidacyRow, salesDesk } from './candidacies.fixtures.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

const get = (url: string, headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url, headers });
const list = async (query: string, headers: Record<string, string>) => {
  const response = await get(`/api/candidacies${query}`, headers);
  expect(response.statusCode).toBe(200);
  return response.json() as CandidaciesPage;
};

const form = (overrides: Record<string, unknown> = {}, candidate: Record<string, unknown> = {}) => ({
  candidacy: {
    status: 0,
    priority: 2,
    vip: false,
    couple: true,
    budget: '950000',
    ...overrides,
    candidate: {
      first_name: 'Sophie',
      last_name: 'Rochat',
      email: 'Sophie.Rochat@exemple.ch',
      gender: 'F',
      phone: '+41 79 555 12 34',
      household_size: 3,
      zip: '1180',
      city: 'Rolle',
      ...candidate,
    },
  },
});

describe('GET /candidacies: who may call it (docs/product/access.md#route-table)', () => {
  it('is for brokers only', async () => {
    const desk = await salesDesk(ctx.app, ctx.database.db);
    for (const user of [desk.promoter, desk.notary, desk.banker, desk.architect]) {
      const response = await get(`/api/candidacies?promotion=${desk.promotion.id}`, await desk.token(user));
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(MESSAGES.accessDenied);
    }
    const { candidate } = await createCandidacyRow(ctx.database.db, desk.promotion.id);
    const account = await candidateAccount(ctx.database.db, desk.promotion.id, candidate);
    expect((await get('/api/candidacies', await desk.token(account))).statusCode).toBe(403);
    expect((await get('/api/candidacies/all', await desk.token(desk.notary))).statusCode).toBe(403);
    expect((await get('/api/candidacies/download', await desk.token(desk.promoter))).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/candidacies' })).statusCode).toBe(401);
  });

  it("answers 404 for another promotion's list", async () => {
    const desk = await salesDesk(ctx.app, ctx.database.db);
    const response = await get(`/api/candidacies?promotion=${desk.other.id}`, await desk.token(desk.broker));
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(MESSAGES.pageNotFound);
  });

  it('validates the query in French', async () => {
    const desk = await salesDesk(ctx.app, ctx.database.db);
    const response = await get('/api/candidacies?status=0,9', await desk.token(desk.broker));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Statut invalide');
    const order = await get('/api/candidacies?order=up', await desk.token(desk.broker));
    expect(order.json().message).toBe('Ordre invalide');
  });
});

describe('GET /candidacies: filters (docs/product/candidates.md#screens and docs/product/candidates.md#states)', () => {
  it('shows the arrow statuses, reveals the non-retained ones on demand and counts per status', async () => {
    const db = ctx.database.db;
    const desk = await salesDesk(ctx.app, db);
    for (const status of [0, 0, 1, 2, 3, 6]) await createCandidacyRow(db, desk.promotion.id, { status });
    await createCandidacyRow(db, desk.other.id, { status: 0 });
    const headers = await desk.token(desk.broker);

    const all = await list('', headers);
    expect(all.total).toBe(4);
    expect(all.data.map((r) => r.status).sort()).toEqual([0, 0, 3, 6]);
    expect(all.status_counts).toEqual({ '0': 2, '1': 1, '2': 1, '3': 1, '6': 1 });

    const withNonRetained = await list('?showNonRetained=1', headers);
    expect(withNonRetained.total).toBe(6);
    expect(withNonRetained.data.find((r) => r.status === 2)?.status_text).toBe('Non retenu CP');

    const clients = await list('?status=3,6', headers);
    expect(clients.data.map((r) => r.status_text).sort()).toEqual(['Acquéreur', 'Client']);
    const clientsAndNonRetained = await list('?status=3&showNonRetained=1', headers);
    expect(clientsAndNonRetained.data.map((r) => r.status).sort()).toEqual([1, 2, 3]);
  });

  it('searches by name, full name, e-mail and phone, case-insensitively, with LIKE characters taken literally', async () => {
    const db = ctx.database.db;
    const desk = await salesDesk(ctx.app, db);
    await createCandidacyRow(db, desk.promotion.id, {
      candidate: { firstName: 'Élodie', lastName: 'Favre', email: 'elodie@favre.ch', phone: '079 111 22 33' },
    });
    await createCandidacyRow(db, desk.promotion.id, {
      candidate: { firstName: 'Marc', lastName: 'Bovet', email: 'marc_b@exemple.ch', phone: '078 999 00 11' },
    });
    await createCandidacyRow(db, desk.promotion.id, { candidate: { firstName: 'Marc', lastName: 'Xavier', email: 'marcxb@exemple.ch' } });
    const headers = await desk.token(desk.broker);
    const names = async (search: string) =>
      (await list(`?search=${encodeURIComponent(search)}`, headers)).data.map((r) => r.candidate.full_name).sort();
    expect(await names('favre')).toEqual(['Élodie Favre']);
    expect(await names('élodie fa')).toEqual(['Élodie Favre']);
    expect(await names('Bovet Marc')).toEqual(['Marc Bovet']);
    expect(await names('FAVRE.CH')).toEqual(['Élodie Favre']);
    expect(await names('999 00')).toEqual(['Marc Bovet']);
    expect(await names('marc_')).toEqual(['Marc Bovet']);
    expect(await names('%')).toEqual([]);
  });

  it('filters by broker, by the user agency, by candidate, by candidacy and by lot', async () => {
    const db = ctx.database.db;
    const desk = await salesDesk(ctx.app, db);
    const mine = await createCandidacyRow(db, desk.promotion.id, { brokerId: desk.broker.id, agencyId: desk.leman.id });
    const colleague = await createCandidacyRow(db, desk.promotion.id, { brokerId: desk.colleague.id, agencyId: desk.leman.id });
    const rival = await createCandidacyRow(db, desk.promotion.id, { brokerId: desk.rival.id, agencyId: desk.jura.id });
    const [lot] = desk.lots;
    await addApplication(db, {
      promotionId: desk.promotion.id,
      lotId: lot.id,
      candidacy1Id: rival.candidacy.id,
      candidacy2Id: mine.candidacy.id,
    });
    await addApplication(db, { promotionId: desk.promotion.id, lotId: lot.id, candidacy1Id: colleague.candidacy.id, hidden: true });
    const headers = await desk.token(desk.broker);
    const ids = async (query: string) => (await list(query, headers)).data.map((r) => r.id).sort();

    expect(await ids(`?broker=${desk.colleague.id}`)).toEqual([colleague.candidacy.id]);
    expect(await ids('?showMyAgency=1')).toEqual([mine.candidacy.id, colleague.candidacy.id].sort());
    expect(await ids(`?candidat=${rival.candidate.id}`)).toEqual([rival.candidacy.id]);
    expect(await ids(`?candidacy=${mine.candidacy.id}`)).toEqual([mine.candidacy.id]);
    // Main or partner, live applications only.
    expect(await ids(`?lot=${lot.publicId}`)).toEqual([mine.candidacy.id, rival.candidacy.id].sort());
    // An id of another promotion, or that does not exist, answers 404 like a path id.
    expect((await get('/api/candidacies?lot=pas-un-uuid', headers)).statusCode).toBe(404);
  });
});

describe('GET /candidacies: sorting and pages (docs/product/layout.md#sort-and-pagination)', () => {
  it('sorts in SQL, flips with order, and pages by 50 with the pagination object', async () => {
    const db = ctx.database.db;
    const desk = await salesDesk(ctx.app, db);
    for (let i = 0; i < 55; i += 1) {
      await createCandidacyRow(db, desk.promotion.id, {
        budget: i % 5 === 0 ? null : 100_000 * i,
        candidate: { lastName: `Nom${String(i).padStart(2, '0')}`, budget: i % 5 === 0 ? 1 : null },
      });
    }
    const headers = await desk.token(desk.broker);

    const first = await list('?orderBy=candidate&order=asc', headers);
    expect(first).toMatchObject({ current_page: 1, last_page: 2, from: 1, to: 50, total: 55 });
    expect(first.data[0].candidate.full_name).toMatch(/ Nom00$/);
    const second = await list('?orderBy=candidate&order=asc&page=2', headers);
    expect(second).toMatchObject({ current_page: 2, from: 51, to: 55 });
    expect(second.data.map((r) => r.candidate.full_name.split(' ').at(-1))).toEqual(['Nom50', 'Nom51', 'Nom52', 'Nom53', 'Nom54']);

    const flipped = await list('?orderBy=candidate&order=desc', headers);
    expect(flipped.data[0].candidate.full_name).toMatch(/ Nom54$/);
    // A new column starts descending: no order means desc.
    const byBudget = await list('?orderBy=budget', headers);
    expect(byBudget.data[0].budget).toBe(5_400_000);
    expect(byBudget.data.at(-1)?.budget).toBe(1);

    // A page past the last answers the last page.
    const past = await list('?orderBy=candidate&order=asc&page=9', headers);
    expect(past.current_page).toBe(2);
    expect(past.data).toHaveLength(5);
    // An unknown column falls back to the newest first.
    const unknown = await list('?orderBy=price', headers);
    expect(unknown.data[0].id).toBeGreaterThan(unknown.data[1].id);
  });
});

describe('GET /candidacies: row content', () => {
  it('carries broker, candidate, live applications with their deadline passed or not, open tasks (3 + count) and counts; the registration comment is read with the candidacy', async () => {
    const db = ctx.database.db;
    const desk = await salesDesk(ctx.app, db);
    const { promotions } = await import('../../db/schema/index.js');
    await db.update(promotions).set({ multiAgency: true, reservationTimeout: 5 }).where(eq(promotions.id, desk.promotion.id));
    const { candidacy } = await createCandidacyRow(db, desk.promotion.id, {
      brokerId: desk.broker.id,
      agencyId: desk.leman.id,
      comment: 'Je cherche un 4.5 pièces',
      crmValidated: true,
    });
    const [lotA, lotB, lotC] = desk.lots;
    await addApplication(db, {
      promotionId: desk.promotion.id,
      lotId: lotA.id,
      candidacy1Id: candidacy.id,
      priority: 1,
      lastPriorityChange: new Date(Date.now() - 5.5 * 86_400_000),
    });
    await addApplication(db, { promotionId: desk.promotion.id, lotId: lotB.id, candidacy1Id: candidacy.id, priority: 2 });
    await addApplication(db, { promotionId: desk.promotion.id, lotId: lotC.id, candidacy1Id: candidacy.id, closedAt: new Date() });
    for (let i = 0; i < 5; i += 1) {
      await addTask(db, {
        promotionId: desk.promotion.id,
        candidacyId: candidacy.id,
        endAt: new Date(Date.now() + (i + 1) * 3_600_000),
        title: `Tâche ${i}`,
      });
    }
    await addTask(db, { promotionId: desk.promotion.id, candidacyId: candidacy.id, doneAt: new Date(), title: 'Faite' });
    await addComment(db, {
      promotionId: desk.promotion.id,
      candidacyId: candidacy.id,
      comment: 'Très motivé',
      createdById: desk.broker.id,
    });

    const brokerHeaders = await desk.token(desk.broker);
    const [row] = (await list('', brokerHeaders)).data;
    expect(row.broker).toEqual({ id: desk.broker.id, full_name: 'Paul Courtier', profile_picture: null });
    expect(row.agency_id).toBe(desk.leman.id);
    expect(row.crm_validated).toBe(true);
    // The lean row (issue 20): the candidate form reads the comment with the candidacy.
    expect(row).not.toHaveProperty('comment');
    expect((await get(`/api/candidacies/${candidacy.id}`, brokerHeaders)).json().data.comment).toBe('Je cherche un 4.5 pièces');
    expect(row.can_edit).toBe(true);
    expect(row.applications.map((a) => a.lot.reference)).toEqual([lotA.reference, lotB.reference]);
    expect(row.applications[0]).toMatchObject({
      priority: 1,
      status_text: 'Optionné',
      is_over_deadline: true,
    });
    expect(row.applications[1].is_over_deadline).toBe(false);
    expect(row.tasks.map((t) => t.title)).toEqual(['Tâche 0', 'Tâche 1', 'Tâche 2']);
    expect(row.tasks_count).toBe(5);
    // The row's task is lean (RowTask, issue 20), exactly: its dialog reads the whole task.
    expect(rowTaskSchema.strict().parse(row.tasks[0])).toMatchObject({
      time_status: expect.any(String),
      done_at: null,
      automatic_end: false,
    });
    expect(row.comments_count).toBe(1);
    expect(row.files_count).toBe(0);

    const rivalView = (await list('', await desk.token(desk.rival))).data[0];
    expect(rivalView.can_edit).toBe(false);
  });
});

describe('GET /candidacies/all and /candidacies/download', () => {
  it('lists the promotion candidacies for pickers', async () => {
    const db = ctx.database.db;
    const desk = await salesDesk(ctx.app, db);
    const a = await createCandidacyRow(db, desk.promotion.id, {
      crmValidated: true,
      agencyId: desk.leman.id,
      candidate: { lastName: 'Aubert' },
    });
    await createCandidacyRow(db, desk.other.id);
    const response = await get('/api/candidacies/all', await desk.token(desk.broker));
    expect(response.json()).toEqual({
      data: [
        { id: a.candidacy.id, candidate_id: a.candidate.id, full_name: 'Claire Aubert', crm_validated: true, agency_id: desk.leman.id },
      ],
    });
  });

  it('exports the filtered rows of every page as a real xlsx', async () => {
    const db = ctx.database.db;
    const desk = await salesDesk(ctx.app, db);
    // Created at 10:00 Swiss time, in January (UTC+1) and in July (UTC+2).
    const january = new Date('2026-01-15T09:00:00Z');
    for (let i = 0; i < 52; i += 1) await createCandidacyRow(db, desk.promotion.id, { status: 3, budget: 750_000, createdAt: january });
    await createCandidacyRow(db, desk.promotion.id, { status: 0, candidate: { lastName: 'Prospect' } });
    const july = new Date('2026-07-15T08:00:00Z');
    await createCandidacyRow(db, desk.promotion.id, { status: 3, budget: 750_000, createdAt: july, candidate: { lastName: 'Zz Juillet' } });
    const response = await get('/api/candidacies/download?status=3&orderBy=candidate&order=asc', await desk.token(desk.broker));
    expect(response.statusCode).toBe(200);
    const { url } = response.json().data;
    expect(url).toMatch(/^\/api\/files\/[0-9a-f-]+\/download\?expires=/);
    const file = await ctx.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const workbook = await loadWorkbook(file.rawPayload);
    const sheet = workbook.getWorksheet('Liste des candidats');
    expect(sheet).toBeDefined();
    expect(sheet?.getRow(1).getCell(1).value).toBe('Statut');
    expect(sheet?.getRow(1).getCell(4).value).toBe('Nom');
    expect(sheet?.rowCount).toBe(54);
    expect(sheet?.getRow(2).getCell(1).value).toBe('Client');
    expect(sheet?.getRow(2).getCell(10).value).toBe(750_000);
    expect(sheet?.getRow(2).getCell(10).numFmt).toBe(XLSX_FORMATS.amount);
    // Excel dates carry no zone: the cells hold the Swiss wall-clock time, 10:00 in both seasons.
    expect(sheet?.getRow(2).getCell(15).value).toEqual(new Date('2026-01-15T10:00:00Z'));
    expect(sheet?.getRow(54).getCell(4).value).toBe('Zz Juillet');
    expect(sheet?.getRow(54).getCell(15).value).toEqual(new Date('2026-07-15T10:00:00Z'));
    expect(sheet?.getRow(2).getCell(15).numFmt).toBe('dd/mm/yyyy hh:mm');
  });
  it('writes names, phones and comments a spreadsheet would run as inert text, in the file and once saved as CSV (openpyxl, Gnumeric)', async () => {
    const db = ctx.database.db;
    const desk = await salesDesk(ctx.app, db);
    const created = new Date('2026-01-15T09:00:00Z');
    await createCandidacyRow(db, desk.promotion.id, {
      budget: 750_000,
      createdAt: created,
      comment: '@SUM(1+1)*cmd|/C calc!A0',
      candidate: { lastName: '=1+2', firstName: '-Anne', phone: '+41 79 123 45 67' },
    });
    const { url } = (await get('/api/candidacies/download', await desk.token(desk.broker))).json().data;
    const read = readXlsx((await ctx.app.inject({ method: 'GET', url })).rawPayload);
    expect(read.formulas).toEqual([]);
    const [row] = read.cells.slice(1);
    expect([row[3].value, row[4].value, row[6].value, row[15].value]).toEqual([
      "'=1+2",
      "'-Anne",
      "'+41 79 123 45 67",
      "'@SUM(1+1)*cmd|/C calc!A0",
    ]);
    expect(row[9]).toMatchObject({ type: 'n', value: 750_000 });
    expect(row[14]).toMatchObject({ isDate: true, value: '2026-01-15T10:00:00' });
    const [csv] = read.csv.slice(1);
    expect([csv[3], csv[6], csv[9], csv[14]]).toEqual(["'=1+2", "'+41 79 123 45 67", "750'000", '15/01/2026 10:00']);
    expect(read.csv.flat().filter(isLiveFormula)).toEqual([]);
  });
});

describe('GET /candidacies/{id} and GET /candidates/{id}', () => {
  it('loads a candidacy with files, comments, applications and tasks; another promotion answers 404', async () => {
    const db = ctx.database.db;
    const desk = await salesDesk(ctx.app, db);
    const { candidacy, candidate } = await createCandidacyRow(db, desk.promotion.id, { agencyId: desk.leman.id });
    await addComment(db, {
      promotionId: desk.promotion.id,
      candidacyId: candidacy.id,
      comment: 'Appelé ce matin',
      createdById: desk.notary.id,
    });
    await addTask(db, { promotionId: desk.promotion.id, candidacyId: candidacy.id, doneAt: new Date(), title: 'Faite' });
    await addTask(db, { promotionId: desk.promotion.id, candidacyId: candidacy.id, title: 'Ouverte' });
    await db.insert(files).values({
      name: 'Passeport.pdf',
      mime: 'application/pdf',
      size: 10,
      storageKey: 'x',
      owner: 'candidacy',
      promotionId: desk.promotion.id,
      candidacyId: candidacy.id,
    });

    const response = await get(`/api/candidacies/${candidacy.id}`, await desk.token(desk.broker));
    expect(response.statusCode).toBe(200);
    const detail = response.json().data as CandidacyDetail;
    expect(detail.candidate.email).toBe(candidate.email);
    expect(detail.user_comments.map((c) => [c.comment, c.is_editable])).toEqual([['Appelé ce matin', false]]);
    expect(detail.actions.map((t) => t.title)).toEqual(['Ouverte', 'Faite']);
    expect(detail.files.map((f) => [f.name, f.can_delete])).toEqual([['Passeport.pdf', true]]);
    expect(detail.promotion.title).toBe('Les Hauts de Rolle');

    // The architect sees the candidacy but not the comments (candidacies.audience.test.ts lists his fields).
    const architect = (await get(`/api/candidacies/${candidacy.id}`, await desk.token(desk.architect))).json().data as CandidacyDetail;
    expect(architect).not.toHaveProperty('user_comments');

    const outsider = await get(`/api/candidacies/${candidacy.id}`, await desk.token(desk.outsider));
    const missing = await get('/api/candidacies/999999', await desk.token(desk.outsider));
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json()).toEqual(missing.json());
    expect((await get('/api/candidacies/abc', await desk.token(desk.broker))).json().message).toBe('Identifiant invalide');
  });

  it('lets a candidate load his own candidacy and record, never another one', async () => {
    const db = ctx.database.db;
    const desk = await salesDesk(ctx.app, db);
    const own = await createCandidacyRow(db, desk.promotion.id);
    const foreign = await createCandidacyRow(db, desk.promotion.id);
    await addComment(db, {
      promotionId: desk.promotion.id,
      candidacyId: own.candidacy.id,
      comment: 'Interne',
      createdById: desk.broker.id,
    });
    const account = await candidateAccount(db, desk.promotion.id, own.candidate);
    const headers = await desk.token(account);

    const candidacy = await get(`/api/candidacies/${own.candidacy.id}`, headers);
    expect(candidacy.statusCode).toBe(200);
    expect(candidacy.json().data).not.toHaveProperty('user_comments');
    expect((await get(`/api/candidacies/${foreign.candidacy.id}`, headers)).statusCode).toBe(404);

    const record = await get(`/api/candidates/${own.candidate.id}`, headers);
    expect(record.statusCode).toBe(200);
    expect(record.json().data.candidacies.map((c: { id: number }) => c.id)).toEqual([own.candidacy.id]);
    expect((await get(`/api/candidates/${foreign.candidate.id}`, headers)).statusCode).toBe(404);
  });

  it('shows a broker the candidate records of his promotions only', async () => {
    const db = ctx.database.db;
    const desk = await salesDesk(ctx.app, db);
    const { candidate, candidacy } = await createCandidacyRow(db, desk.promotion.id);
    await createCandidacyRow(db, desk.other.id, { candidate: { email: candidate.email } });
    const record = await get(`/api/candidates/${candidate.id}`, await desk.token(desk.broker));
    expect(record.statusCode).toBe(200);
    expect(record.json().data.candidacies.map((c: { id: number }) => c.id)).toEqual([candidacy.id]);

    const stranger = await createCandidacyRow(db, desk.other.id);
    expect((await get(`/api/candidates/${stranger.candidate.id}`, await desk.token(desk.broker))).statusCode).toBe(404);
    expect((await get(`/api/candidates/${candidate.id}`, await desk.token(desk.promoter))).statusCode).toBe(403);
  });
});

describe('createCandidacy (docs/product/validation.md#candidate-form and docs/product/errors.md#candidates-and-lots)', () => {
  it('creates the candidate and his candidacy for the broker and his agency, with a history row and no e-mail', async () => {
    const db = ctx.database.db;
    const desk = await salesDesk(ctx.app, db);
    const response = await command(ctx.app, await desk.token(desk.broker), 'createCandidacy', 'promotion', desk.promotion.id, form());
    expect(response.statusCode).toBe(200);
    const { data, message } = response.json();
    expect(message).toBe('Candidat créé');
    const [candidacy] = await db.select().from(candidacies).where(eq(candidacies.id, data.id));
    expect(candidacy).toMatchObject({
      brokerId: desk.broker.id,
      agencyId: desk.leman.id,
      status: 0,
      priority: 2,
      couple: true,
      budget: 950_000,
    });
    const [candidate] = await db.select().from(candidates).where(eq(candidates.id, data.candidate_id));
    expect(candidate).toMatchObject({ email: 'sophie.rochat@exemple.ch', gender: 'F', zip: '1180', householdSize: 3 });
    const [log] = await db.select().from(logs);
    expect(log).toMatchObject({
      title: 'Candidat créé',
      executedOnTitle: 'Sophie Rochat',
      candidacyId: data.id,
      executedById: desk.broker.id,
    });
    expect(await db.select().from(mailMessages)).toEqual([]);
  });

  it('gives the candidacy to a colleague of the same agency, never to another agency', async () => {
    const db = ctx.database.db;
    const desk = await salesDesk(ctx.app, db);
    const headers = await desk.token(desk.broker);
    const ok = await command(ctx.app, headers, 'createCandidacy', 'promotion', desk.promotion.id, form({ broker_id: desk.colleague.id }));
    const [row] = await db.select().from(candidacies).where(eq(candidacies.id, ok.json().data.id));
    expect(row.brokerId).toBe(desk.colleague.id);
    const refused = await command(
      ctx.app,
      headers,
      'createCandidacy',
      'promotion',
      desk.promotion.id,
      form({ broker_id: desk.rival.id }, { email: 'autre@exemple.ch' }),
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('Courtier invalide');
  });

  it('validates the form with French messages', async () => {
    const desk = await salesDesk(ctx.app, ctx.database.db);
    const headers = await desk.token(desk.broker);
    const message = async (fields: unknown) =>
      (await command(ctx.app, headers, 'createCandidacy', 'promotion', desk.promotion.id, fields as Record<string, unknown>)).json()
        .message;
    expect(await message(form({ status: null }))).toBe('Statut requis');
    expect(await message(form({ priority: 4 }))).toBe('Priorité requise');
    expect(await message(form({}, { first_name: '   ' }))).toBe('Prénom requis');
    expect(await message(form({}, { last_name: '' }))).toBe('Nom requis');
    expect(await message(form({}, { email: ' ' }))).toBe('E-mail requis');
    expect(await message(form({}, { email: 'pas-un-email' }))).toBe('E-mail invalide');
    expect(await message(form({ budget: 'beaucoup' }))).toBe('Le budget doit être un nombre');
    expect(await message(form({}, { own_funds: '12a' }))).toBe('Les fonds propres doivent être un nombre');
    expect(await message(form({}, { zip: '11-80' }))).toBe('Le code postal doit être numérique');
    expect(await message({})).toBe('Candidature requise');
  });

  it("answers 'already_exists' only for a candidacy of this promotion, whatever other promotions or staff accounts know of the e-mail", async () => {
    const db = ctx.database.db;
    const desk = await salesDesk(ctx.app, db);
    const headers = await desk.token(desk.broker);
    await createCandidacyRow(db, desk.promotion.id, { candidate: { email: 'deja@exemple.ch' } });
    const taken = await command(
      ctx.app,
      headers,
      'createCandidacy',
      'promotion',
      desk.promotion.id,
      form({}, { email: 'DEJA@exemple.ch' }),
    );
    expect(taken.statusCode).toBe(200);
    expect(taken.json().data).toBe(CANDIDACY_ALREADY_EXISTS);
    expect(await db.select().from(logs)).toEqual([]);

    // A staff account's e-mail tells nothing: the candidacy is created like any other.
    const staff = await command(
      ctx.app,
      headers,
      'createCandidacy',
      'promotion',
      desk.promotion.id,
      form({}, { email: desk.notary.email }),
    );
    expect(staff.statusCode).toBe(200);
    expect(staff.json().data).toMatchObject({ id: expect.any(Number), candidate_id: expect.any(Number) });
  });

  it("gives a person known only in another promotion this promotion's own record: nothing of the other promotion is read or changed (decision 008)", async () => {
    const db = ctx.database.db;
    const desk = await salesDesk(ctx.app, db);
    const headers = await desk.token(desk.broker);
    const elsewhere = await createCandidacyRow(db, desk.other.id, {
      candidate: {
        email: 'ailleurs@exemple.ch',
        phone: '+41 79 111 22 33',
        address: 'Chemin des Vignes 3',
        householdIncome: 240_000,
        ownFunds: 380_000,
        avs: '756.1234.5678.97',
      },
    });
    const [before] = await db.select().from(candidates).where(eq(candidates.id, elsewhere.candidate.id));

    const created = await command(
      ctx.app,
      headers,
      'createCandidacy',
      'promotion',
      desk.promotion.id,
      form({}, { email: 'ailleurs@exemple.ch', phone: '+41 79 999 00 00' }),
    );
    expect(created.statusCode).toBe(200);
    const { id, candidate_id: candidateId } = created.json().data;
    expect(candidateId).not.toBe(elsewhere.candidate.id);

    // The broker reads this promotion's record only: none of the other promotion's values.
    const candidacy = (await get(`/api/candidacies/${id}`, headers)).json().data;
    const record = (await get(`/api/candidates/${candidateId}`, headers)).json().data;
    for (const person of [candidacy.candidate, record]) {
      expect(person).toMatchObject({
        id: candidateId,
        phone: '+41 79 999 00 00',
        address: null,
        household_income: null,
        own_funds: null,
        avs: null,
      });
    }
    expect((await get(`/api/candidates/${elsewhere.candidate.id}`, headers)).statusCode).toBe(404);
    expect((await get(`/api/candidacies/${elsewhere.candidacy.id}`, headers)).statusCode).toBe(404);

    // Editing this promotion's record leaves the other promotion's as it was.
    const edit = form({}, { email: 'ailleurs@exemple.ch', phone: '+41 79 000 00 01', household_income: '99000', address: 'Écrasé 1' });
    expect((await command(ctx.app, headers, 'updateCandidacy', 'candidacy', id, edit)).statusCode).toBe(200);
    const [after] = await db.select().from(candidates).where(eq(candidates.id, elsewhere.candidate.id));
    expect(after).toEqual(before);
  });

  it('is refused to other roles and answers 404 for another promotion', async () => {
    const desk = await salesDesk(ctx.app, ctx.database.db);
    for (const user of [desk.promoter, desk.notary]) {
      const response = await command(ctx.app, await desk.token(user), 'createCandidacy', 'promotion', desk.promotion.id, form());
      expect(response.statusCode).toBe(403);
    }
    const other = await command(ctx.app, await desk.token(desk.broker), 'createCandidacy', 'promotion', desk.other.id, form());
    expect(other.statusCode).toBe(404);
  });
});

describe('updateCandidacy', () => {
  it('edits a candidacy of the own agency; the e-mail stays read-only; another agency is refused', async () => {
    const db = ctx.database.db;
    const desk = await salesDesk(ctx.app, db);
    const { candidacy, candidate } = await createCandidacyRow(db, desk.promotion.id, {
      agencyId: desk.leman.id,
      brokerId: desk.colleague.id,
    });
    const edit = form(
      { priority: 1, vip: true, reason_vip: 'Ami du promoteur' },
      { email: candidate.email, first_name: 'Claire-Lise', budget: '' },
    );
    const ok = await command(ctx.app, await desk.token(desk.broker), 'updateCandidacy', 'candidacy', candidacy.id, edit);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('Candidature modifiée');
    const [row] = await db.select().from(candidacies).where(eq(candidacies.id, candidacy.id));
    expect(row).toMatchObject({ priority: 1, vip: true, reasonVip: 'Ami du promoteur', brokerId: desk.colleague.id });
    const [person] = await db.select().from(candidates).where(eq(candidates.id, candidate.id));
    expect(person).toMatchObject({ firstName: 'Claire-Lise', budget: null, email: candidate.email });
    expect((await db.select().from(logs))[0].title).toBe('Candidature modifiée');

    const email = await command(
      ctx.app,
      await desk.token(desk.broker),
      'updateCandidacy',
      'candidacy',
      candidacy.id,
      form({}, { email: 'nouveau@exemple.ch' }),
    );
    expect(email.statusCode).toBe(422);
    expect(email.json().message).toBe("L'e-mail du candidat ne peut pas être modifié");

    const rival = await command(ctx.app, await desk.token(desk.rival), 'updateCandidacy', 'candidacy', candidacy.id, edit);
    expect(rival.statusCode).toBe(403);
    expect(rival.json().message).toBe(MESSAGES.accessDenied);
    const outsider = await command(ctx.app, await desk.token(desk.outsider), 'updateCandidacy', 'candidacy', candidacy.id, edit);
    expect(outsider.statusCode).toBe(404);
  });

  it('keeps the status at least what the live applications say', async () => {
    const db = ctx.database.db;
    const desk = await salesDesk(ctx.app, db);
    const { candidacy, candidate } = await createCandidacyRow(db, desk.promotion.id, { agencyId: desk.leman.id, status: 4 });
    await addApplication(db, { promotionId: desk.promotion.id, lotId: desk.lots[0].id, candidacy1Id: candidacy.id, status: 1 });
    await command(
      ctx.app,
      await desk.token(desk.broker),
      'updateCandidacy',
      'candidacy',
      candidacy.id,
      form({ status: 0 }, { email: candidate.email }),
    );
    const [row] = await db.select().from(candidacies).where(eq(candidacies.id, candidacy.id));
    expect(row.status).toBe(4);
  });
});

describe('deleteCandidacy', () => {
  it('removes the candidacy and its data and recomputes the lot statuses', async () => {
    const db = ctx.database.db;
    const desk = await salesDesk(ctx.app, db);
    const { candidacy, candidate } = await createCandidacyRow(db, desk.promotion.id, { agencyId: desk.leman.id });
    const [lot] = desk.lots;
    const application = await addApplication(db, { promotionId: desk.promotion.id, lotId: lot.id, candidacy1Id: candidacy.id, status: 1 });
    await db.update(lots).set({ status: 3 }).where(eq(lots.id, lot.id));
    await addTask(db, { promotionId: desk.promotion.id, candidacyId: candidacy.id });
    await addComment(db, { promotionId: desk.promotion.id, candidacyId: candidacy.id, comment: 'x', createdById: desk.broker.id });

    const rival = await command(ctx.app, await desk.token(desk.rival), 'deleteCandidacy', 'candidacy', candidacy.id);
    expect(rival.statusCode).toBe(403);

    const response = await command(ctx.app, await desk.token(desk.broker), 'deleteCandidacy', 'candidacy', candidacy.id);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Candidature supprimée');
    expect(await db.select().from(candidacies).where(eq(candidacies.id, candidacy.id))).toEqual([]);
    expect(await db.select().from(tasks)).toEqual([]);
    expect(await db.select().from(comments)).toEqual([]);
    const [after] = await db.select().from(lots).where(eq(lots.id, lot.id));
    expect(after.status).toBe(0);
    const [log] = await db.select().from(logs);
    expect(log).toMatchObject({ title: 'Candidature supprimée', executedOnTitle: `${candidate.firstName} ${candidate.lastName}` });
    expect(application.id).toBeGreaterThan(0);
  });

  it('moves the positions behind up on a multi-agency lot and tells their brokers', async () => {
    const db = ctx.database.db;
    const desk = await salesDesk(ctx.app, db);
    const { promotions, notifications } = await import('../../db/schema/index.js');
    await db.update(promotions).set({ multiAgency: true }).where(eq(promotions.id, desk.promotion.id));
    const [lot] = desk.lots;
    const first = await createCandidacyRow(db, desk.promotion.id, { agencyId: desk.leman.id });
    const second = await createCandidacyRow(db, desk.promotion.id, { agencyId: desk.jura.id, brokerId: desk.rival.id });
    await addApplication(db, { promotionId: desk.promotion.id, lotId: lot.id, candidacy1Id: first.candidacy.id, priority: 1 });
    const behind = await addApplication(db, {
      promotionId: desk.promotion.id,
      lotId: lot.id,
      candidacy1Id: second.candidacy.id,
      priority: 2,
    });
    await command(ctx.app, await desk.token(desk.broker), 'deleteCandidacy', 'candidacy', first.candidacy.id);
    const { applications } = await import('../../db/schema/index.js');
    const [moved] = await db.select().from(applications).where(eq(applications.id, behind.id));
    expect(moved.priority).toBe(1);
    const [notice] = await db.select().from(notifications).where(eq(notifications.userId, desk.rival.id));
    // The pipeline's positions service: the same texts as deleteApplication's moves.
    expect(notice).toMatchObject({
      title: 'Priorité modifiée',
      description: `${second.candidate.firstName} ${second.candidate.lastName} passe de la priorité 2 à 1 sur le lot ${lot.reference}.`,
    });
  });
});

describe('moveCandidacyToOtherAgency', () => {
  it('moves to another agency of the promotion, leaves the broker, and the old agency loses control', async () => {
    const db = ctx.database.db;
    const desk = await salesDesk(ctx.app, db);
    const { candidacy } = await createCandidacyRow(db, desk.promotion.id, { agencyId: desk.leman.id, brokerId: desk.broker.id });
    const headers = await desk.token(desk.broker);
    const move = (agency_id: unknown) => command(ctx.app, headers, 'moveCandidacyToOtherAgency', 'candidacy', candidacy.id, { agency_id });

    expect((await move(undefined)).json().message).toBe('Agence requise');
    const same = await move(desk.leman.id);
    expect(same.statusCode).toBe(422);
    expect(same.json().message).toBe('La candidature est déjà dans cette agence');
    // An agency that does not work on the promotion answers 404, like an unknown id.
    expect((await move(desk.alpes.id)).statusCode).toBe(404);

    const ok = await move(desk.jura.id);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe("Candidature déplacée vers l'agence Agence du Jura");
    const [row] = await db.select().from(candidacies).where(eq(candidacies.id, candidacy.id));
    expect(row).toMatchObject({ agencyId: desk.jura.id, brokerId: null });
    expect((await db.select().from(logs))[0].title).toBe("Candidature déplacée vers l'agence Agence du Jura");
    // Irreversible for the old agency.
    expect((await move(desk.leman.id)).statusCode).toBe(403);
    const back = await command(ctx.app, await desk.token(desk.rival), 'moveCandidacyToOtherAgency', 'candidacy', candidacy.id, {
      agency_id: desk.leman.id,
    });
    expect(back.statusCode).toBe(200);
  });
});

describe('history rows', () => {
  it('names the executor', async () => {
    const db = ctx.database.db;
    const desk = await salesDesk(ctx.app, db);
    await command(ctx.app, await desk.token(desk.broker), 'createCandidacy', 'promotion', desk.promotion.id, form());
    const [log] = await db.select({ executedById: logs.executedById }).from(logs);
    const [executor] = await db
      .select()
      .from(users)
      .where(eq(users.id, log.executedById ?? 0));
    expect(executor.email).toBe(desk.broker.email);
  });
});
