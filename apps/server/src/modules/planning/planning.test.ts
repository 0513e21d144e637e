import { PLANNING_MESSAGES } from '@promovente/shared';
import ICAL from 'ical.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { applications, candidacies, candidates, files, planningTasks } from '../../db/schema/index.js';
import { bearer, createBuildingWithLots, createPromotion, createUser, signIn } from '../../test/fixtures.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { buildPlanningCalendar, planningUid } from './planning.ics.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

const db = () => ctx.database.db;

/** A promotion with a pilot, a broker, an investor and a light investor, and another promotion. */
const setup = async () => {
  const promotion = await createPromotion(db());
  const other = await createPromotion(db(), { title: 'Autre promotion' });
  const inA = { promotionIds: [promotion.id] };
  const token = async (type: Parameters<typeof createUser>[1], values: Parameters<typeof createUser>[2] = inA) =>
    signIn(ctx.app, (await createUser(db(), type, values)).email);
  return {
    promotion,
    other,
    pilot: await token('pilot'),
    broker: await token('broker'),
    investor: await token('investor'),
    light: await token('investor', { ...inA, restrictedAccess: 1 }),
    notary: await token('notary'),
    outsider: await token('pilot', { promotionIds: [other.id] }),
  };
};

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: bearer(token), payload: payload as Record<string, unknown> | undefined });

const form = (promotionId: number, values: Record<string, unknown> = {}) => ({
  title: 'Mise à l’enquête publique',
  category: 2,
  dateFrom: '2026-03-02',
  dateTo: '2026-04-01',
  details: 'Affichage au pilier public',
  promotion_id: promotionId,
  ...values,
});

describe('planning (docs/product/planning.md)', () => {
  it('a pilot adds, edits and deletes a task; each answer is the full list by start day', async () => {
    const s = await setup();
    const first = await call('POST', '/api/planning', s.pilot, form(s.promotion.id));
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe(PLANNING_MESSAGES.taskCreated);
    const second = await call(
      'POST',
      '/api/planning',
      s.pilot,
      form(s.promotion.id, { title: 'Étude', category: 1, dateFrom: '2026-01-05', dateTo: '2026-01-05', details: '' }),
    );
    const list = second.json().data;
    expect(list.map((t: { title: string }) => t.title)).toEqual(['Étude', 'Mise à l’enquête publique']);
    expect(list[0]).toEqual({
      id: expect.any(Number),
      title: 'Étude',
      category: 1,
      dateFrom: '2026-01-05',
      dateTo: '2026-01-05',
      details: null,
      promotion_id: s.promotion.id,
    });

    const id = list[1].id;
    const edited = await call(
      'PUT',
      `/api/planning/${id}`,
      s.pilot,
      form(s.promotion.id, { title: '  Enquête  ', category: 3, dateTo: '2026-05-15' }),
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data[1]).toMatchObject({ id, title: 'Enquête', category: 3, dateTo: '2026-05-15' });

    const deleted = await call('DELETE', `/api/planning/${id}`, s.pilot);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().data.map((t: { title: string }) => t.title)).toEqual(['Étude']);
    expect(deleted.json().message).toBe(PLANNING_MESSAGES.taskDeleted);
  });

  it('requires title, start, end and category (the "Valider" rule), details optional; end not before start', async () => {
    const s = await setup();
    const refused = async (values: Record<string, unknown>) => {
      const response = await call('POST', '/api/planning', s.pilot, form(s.promotion.id, values));
      expect(response.statusCode).toBe(400);
      return response.json().message;
    };
    expect(await refused({ title: '  ' })).toBe(PLANNING_MESSAGES.titleRequired);
    expect(await refused({ category: undefined })).toBe(PLANNING_MESSAGES.categoryRequired);
    expect(await refused({ category: 5 })).toBe(PLANNING_MESSAGES.categoryRequired);
    expect(await refused({ dateFrom: '' })).toBe(PLANNING_MESSAGES.dateFromRequired);
    expect(await refused({ dateTo: undefined })).toBe(PLANNING_MESSAGES.dateToRequired);
    expect(await refused({ dateFrom: '2026-02-30' })).toBe(PLANNING_MESSAGES.dateInvalid);
    expect(await refused({ dateFrom: '2026-05-02', dateTo: '2026-05-01' })).toBe(PLANNING_MESSAGES.dateOrder);
    expect((await call('POST', '/api/planning', s.pilot, form(s.promotion.id, { details: undefined }))).statusCode).toBe(200);
  });

  it('brokers and investors read (the light investor too); only pilots write (403); other roles are refused', async () => {
    const s = await setup();
    await call('POST', '/api/planning', s.pilot, form(s.promotion.id));
    for (const reader of [s.broker, s.investor, s.light, s.pilot]) {
      const response = await call('GET', `/api/planning?promotion_id=${s.promotion.id}`, reader);
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toHaveLength(1);
    }
    expect((await call('GET', `/api/planning?promotion_id=${s.promotion.id}`, s.notary)).statusCode).toBe(403);
    const [task] = (await call('GET', `/api/planning?promotion_id=${s.promotion.id}`, s.pilot)).json().data;
    for (const writer of [s.broker, s.investor]) {
      expect((await call('POST', '/api/planning', writer, form(s.promotion.id))).statusCode).toBe(403);
      expect((await call('PUT', `/api/planning/${task.id}`, writer, form(s.promotion.id))).statusCode).toBe(403);
      expect((await call('DELETE', `/api/planning/${task.id}`, writer)).statusCode).toBe(403);
    }
  });

  it("answers 404 for another promotion's planning and tasks, and for a task moved to another promotion", async () => {
    const s = await setup();
    const [task] = (await call('POST', '/api/planning', s.pilot, form(s.promotion.id))).json().data;
    expect((await call('GET', `/api/planning?promotion_id=${s.promotion.id}`, s.outsider)).statusCode).toBe(404);
    expect((await call('POST', '/api/planning', s.outsider, form(s.promotion.id))).statusCode).toBe(404);
    expect((await call('PUT', `/api/planning/${task.id}`, s.outsider, form(s.other.id))).statusCode).toBe(404);
    expect((await call('DELETE', `/api/planning/${task.id}`, s.outsider)).statusCode).toBe(404);
    // A pilot of A naming B in the body of A's task: 404, the task stays in A.
    expect((await call('PUT', `/api/planning/${task.id}`, s.pilot, form(s.other.id))).statusCode).toBe(404);
    expect((await call('DELETE', '/api/planning/2000000000', s.pilot)).statusCode).toBe(404);
  });

  it('refuses a 501st task with a French message (422)', async () => {
    const s = await setup();
    await db()
      .insert(planningTasks)
      .values(
        Array.from({ length: 500 }, (_, i) => ({
          promotionId: s.promotion.id,
          title: `T${i}`,
          category: 1,
          dateFrom: '2026-01-01',
          dateTo: '2026-01-02',
        })),
      );
    const response = await call('POST', '/api/planning', s.pilot, form(s.promotion.id));
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(PLANNING_MESSAGES.tooManyTasks);
  });

  it("shows the live applications' planned promises and acts as the read-only sales lane, on their Swiss day", async () => {
    const s = await setup();
    const { lots } = await createBuildingWithLots(db(), s.promotion.id, [800_000, 900_000]);
    const [candidate] = await db()
      .insert(candidates)
      .values({ promotionId: s.promotion.id, firstName: 'Anne', lastName: 'Martin' })
      .returning();
    const [candidacy] = await db().insert(candidacies).values({ promotionId: s.promotion.id, candidateId: candidate.id }).returning();
    const [app] = await db()
      .insert(applications)
      .values({
        promotionId: s.promotion.id,
        lotId: lots[0].id,
        candidacy1Id: candidacy.id,
        status: 2,
        // 23:30 UTC on 14 June is 01:30 on 15 June in Zurich (summer time).
        promisePlannedAt: new Date('2026-06-14T23:30:00Z'),
        actOfPurchaseAt: new Date('2026-09-01T08:00:00Z'),
      })
      .returning();
    await db()
      .insert(applications)
      .values({ promotionId: s.promotion.id, lotId: lots[1].id, candidacy1Id: candidacy.id, hidden: true, promisePlannedAt: new Date() });
    const answer = (await call('GET', `/api/planning?promotion_id=${s.promotion.id}`, s.investor)).json();
    expect(answer.sales).toEqual([
      { application_id: app.id, kind: 'PDV', date: '2026-06-15', lot_reference: lots[0].reference },
      { application_id: app.id, kind: 'SIGN', date: '2026-09-01', lot_reference: lots[0].reference },
    ]);
  });

  it('exports the planning as an .ics file behind a signed URL, for its readers', async () => {
    const s = await setup();
    await call('POST', '/api/planning', s.pilot, form(s.promotion.id, { title: 'Enquête; phase 2, lot A', details: 'Ligne 1\nLigne 2' }));
    const exported = await call('GET', `/api/planning/export?promotion_id=${s.promotion.id}`, s.broker);
    expect(exported.statusCode).toBe(200);
    const url = exported.json().data.url as string;
    const file = await ctx.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/calendar');
    const [event] = readCalendar(file.body).events;
    expect(event).toMatchObject({
      summary: 'Enquête; phase 2, lot A',
      description: 'Ligne 1\nLigne 2',
      allDay: true,
      start: '2026-03-02',
      end: '2026-04-02',
    });
    expect(event.uid).toMatch(new RegExp(`^promotion-${s.promotion.id}-planning-task-\\d+@promovente\\.ch$`));
    const [row] = await db().select({ owner: files.owner, name: files.name }).from(files);
    expect(row).toEqual({ owner: 'export', name: `Planning - ${s.promotion.title}.ics` });
    expect((await call('GET', `/api/planning/export?promotion_id=${s.promotion.id}`, s.outsider)).statusCode).toBe(404);
  });
});

/** The calendar as Mozilla's ical.js reads it (a parser nobody here wrote). */
const readCalendar = (text: string) => {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return {
    name: calendar.getFirstPropertyValue('x-wr-calname'),
    events: calendar.getAllSubcomponents('vevent').map((component) => {
      const event = new ICAL.Event(component);
      return {
        uid: event.uid,
        summary: event.summary,
        description: event.description,
        categories: component.getFirstPropertyValue('categories'),
        allDay: event.startDate.isDate && event.endDate.isDate,
        start: event.startDate.toString(),
        end: event.endDate.toString(),
      };
    }),
  };
};

describe('the .ics writer (RFC 5545, ical-generator; read back by ical.js)', () => {
  const task = {
    id: 7,
    title: `Gros œuvre; phase 2, lot A – ${'é'.repeat(60)}`,
    category: 4 as const,
    dateFrom: '2026-12-31',
    dateTo: '2026-12-31',
    details: 'Ligne 1\nLigne 2, \\ fin',
    promotion_id: 1,
  };
  const sale = { application_id: 3, kind: 'SIGN' as const, date: '2027-01-15', lot_reference: 'A-12' };
  const at = new Date('2026-11-24T10:00:00Z');

  it('writes all-day events whose UIDs carry the promotion, the same on every export', () => {
    const text = buildPlanningCalendar({ id: 12, title: 'Les Terrasses' }, [task], [sale], at);
    expect(text).toBe(buildPlanningCalendar({ id: 12, title: 'Les Terrasses' }, [task], [sale], at));
    const calendar = readCalendar(text);
    expect(calendar.name).toBe('Planning - Les Terrasses');
    expect(calendar.events).toEqual([
      {
        uid: 'promotion-12-planning-task-7@promovente.ch',
        summary: task.title,
        description: task.details,
        categories: 'Phase travaux',
        allDay: true,
        start: '2026-12-31',
        end: '2027-01-01',
      },
      {
        uid: 'promotion-12-application-3-sign@promovente.ch',
        summary: 'Acte d’achat prévu : lot A-12',
        description: null,
        categories: 'Ventes',
        allDay: true,
        start: '2027-01-15',
        end: '2027-01-16',
      },
    ]);
    expect(planningUid.sale(12, { application_id: 3, kind: 'PDV' })).toBe('promotion-12-application-3-pdv@promovente.ch');
  });

  it('ends every line with CRLF and folds long lines at 75 octets', () => {
    const text = buildPlanningCalendar({ id: 12, title: 'Les Terrasses' }, [task], [], at);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    const lines = text.slice(0, -2).split('\r\n');
    expect(lines.every((line) => !line.includes('\n') && new TextEncoder().encode(line).length <= 75)).toBe(true);
    expect(lines.some((line) => line.startsWith(' '))).toBe(true);
  });
});
