import { MESSAGES, PROMOTION_ARCHIVE_MESSAGES } from '@promovente/shared';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RawRow, rowsOf } from '../../db/rows.js';
import { buildings, candidacies, candidates, finances, logs, lots, promotions } from '../../db/schema/index.js';
import { bearer, createBuildingWithLots, createPromotion, createUser, signIn } from '../../test/fixtures.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

// Archiving a promotion (docs/product/promotion-administration.md#archived-promotion): admins
// archive and restore; an archived promotion leaves 'Mes promotions' for the filter 'Archivées',
// its members keep reading it, and every change of its data is refused in French (409).

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

const world = async () => {
  const db = ctx.database.db;
  const rolle = await createPromotion(db, { title: 'Les Hauts de Rolle' });
  const nyon = await createPromotion(db, { title: 'Nyon Centre' });
  const { building, lots: rows } = await createBuildingWithLots(db, rolle.id, [800_000, 950_000]);
  const admin = await createUser(db, 'broker', { admin: true, firstName: 'Laurent', lastName: 'Mottier' });
  const broker = await createUser(db, 'broker', {
    promotionIds: [rolle.id, nyon.id],
    preferences: { selected_promotion: rolle.id },
  });
  const promoter = await createUser(db, 'promoter', { promotionIds: [rolle.id] });
  await db.update(promotions).set({ brokerId: broker.id }).where(eq(promotions.id, rolle.id));
  return {
    db,
    rolle,
    nyon,
    building,
    lots: rows,
    admin: bearer(await signIn(ctx.app, admin.email)),
    broker: bearer(await signIn(ctx.app, broker.email)),
    promoter: bearer(await signIn(ctx.app, promoter.email)),
  };
};

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, headers: Record<string, string>, payload?: object) =>
  ctx.app.inject({ method, url, headers, payload });
const titlesOf = (answer: { json: () => { data: { title: string }[] } }) => answer.json().data.map((card) => card.title);

describe('PUT promotions/{id}/archive and /restore (admins)', () => {
  it("archives: the promotion leaves 'Mes promotions' for the filter 'Archivées', its members still read it", async () => {
    const w = await world();
    const archived = await call('PUT', `/api/promotions/${w.rolle.id}/archive`, w.admin);
    expect(archived.statusCode).toBe(200);
    expect(archived.json().message).toBe(PROMOTION_ARCHIVE_MESSAGES.archived);
    expect(Date.parse(archived.json().data.archived_at)).toBeGreaterThan(Date.now() - 60_000);

    expect(titlesOf(await call('GET', '/api/promotions', w.broker))).toEqual(['Nyon Centre']);
    const filtered = (await call('GET', '/api/promotions?archived=1', w.broker)).json();
    expect(filtered.data).toEqual([{ id: w.rolle.id, title: 'Les Hauts de Rolle', logo: null, agencies: [], archived: true }]);
    // Its members keep reading it: the record, its buildings, its people, and the header knows.
    expect((await call('GET', `/api/promotions/${w.rolle.id}`, w.broker)).json().data.archived_at).toBe(archived.json().data.archived_at);
    expect((await call('GET', `/api/promotions/${w.rolle.id}/buildings`, w.broker)).statusCode).toBe(200);
    expect((await call('GET', `/api/promotions/${w.rolle.id}/people`, w.broker)).statusCode).toBe(200);
    const user = (await call('GET', '/api/user', w.broker)).json().data;
    expect(user.promotion).toMatchObject({ id: w.rolle.id, archived: true });
    const picker = (await call('GET', '/api/user/promotions', w.broker)).json().data;
    expect(picker.map((p: { title: string; archived: boolean }) => [p.title, p.archived])).toEqual([
      ['Les Hauts de Rolle', true],
      ['Nyon Centre', false],
    ]);
    const [log] = await w.db.select().from(logs).where(eq(logs.promotionId, w.rolle.id));
    expect(log.title).toBe(PROMOTION_ARCHIVE_MESSAGES.archived);
  });

  it('refuses every change of its data in French (409) and changes nothing; the other promotions go on', async () => {
    const w = await world();
    await call('PUT', `/api/promotions/${w.rolle.id}/archive`, w.admin);
    const base = `/api/promotions/${w.rolle.id}/buildings`;
    const refusals = [
      await call('POST', base, w.admin, { title: 'Bâtiment B', city: 'Rolle' }),
      await call('POST', `${base}/${w.building.id}`, w.admin, { title: 'Renommé', city: 'Rolle' }),
      await call('PUT', `${base}/${w.building.id}/lots/${w.lots[0].id}`, w.admin, { raw_price: 1 }),
      await call('DELETE', `${base}/${w.building.id}/lots/${w.lots[1].id}`, w.admin),
      await call('DELETE', `${base}/${w.building.id}`, w.admin),
      await call('PUT', `/api/lots/${w.lots[0].id}`, w.broker, { id: w.lots[0].id, price: 1 }),
      await call('POST', `/api/promotions/${w.rolle.id}/promoters`, w.admin, {
        first_name: 'Léa',
        last_name: 'Neuve',
        email: 'lea@exemple.ch',
      }),
    ];
    for (const refused of refusals) {
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().message).toBe(MESSAGES.promotionArchived);
    }
    expect(await w.db.select().from(buildings).where(eq(buildings.promotionId, w.rolle.id))).toHaveLength(1);
    expect((await w.db.select().from(lots).where(eq(lots.id, w.lots[0].id)))[0].rawPrice).toBe(800_000);
    // The settings of an archived promotion cannot be saved either (the promotion row itself).
    await expect(w.db.update(promotions).set({ title: 'Autre' }).where(eq(promotions.id, w.rolle.id))).rejects.toThrow();
    // Another promotion is not concerned.
    expect((await call('POST', `/api/promotions/${w.nyon.id}/buildings`, w.admin, { title: 'Bâtiment N', city: 'Nyon' })).statusCode).toBe(
      200,
    );
  });

  it('answers 409 to the record’s calls that would change nothing, and only to who may open the promotion', async () => {
    const w = await world();
    const people = (await call('GET', `/api/promotions/${w.rolle.id}/people`, w.admin)).json().data;
    await call('PUT', `/api/promotions/${w.rolle.id}/archive`, w.admin);
    // Adding a promoter already there changes nothing, yet it is refused like any change.
    const again = await call('POST', `/api/promotions/${w.rolle.id}/add-promoter/${people.promoters[0].id}`, w.admin);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MESSAGES.promotionArchived);
    // A broker who is not a member learns nothing of its state: 404, as for a missing promotion.
    const outsider = await createUser(w.db, 'broker', { promotionIds: [w.nyon.id] });
    const headers = bearer(await signIn(ctx.app, outsider.email));
    const hidden = await call('POST', `/api/promotions/${w.rolle.id}/buildings`, headers, { title: 'B', city: 'Rolle' });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe(MESSAGES.pageNotFound);
  });

  it('lets the first read of the finances make their empty record, but refuses their edit', async () => {
    const w = await world();
    await call('PUT', `/api/promotions/${w.rolle.id}/archive`, w.admin);
    const [record] = await w.db.insert(finances).values({ promotionId: w.rolle.id }).returning();
    await expect(w.db.update(finances).set({ landPrice1: 1 }).where(eq(finances.id, record.id))).rejects.toThrow();
  });

  it('restores: back in Mes promotions, and its data changes again', async () => {
    const w = await world();
    await call('PUT', `/api/promotions/${w.rolle.id}/archive`, w.admin);
    const restored = await call('PUT', `/api/promotions/${w.rolle.id}/restore`, w.admin);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ message: PROMOTION_ARCHIVE_MESSAGES.restored, data: { archived_at: null } });
    expect(titlesOf(await call('GET', '/api/promotions', w.broker))).toEqual(['Les Hauts de Rolle', 'Nyon Centre']);
    expect(titlesOf(await call('GET', '/api/promotions?archived=1', w.broker))).toEqual([]);
    const created = await call('POST', `/api/promotions/${w.rolle.id}/buildings`, w.admin, { title: 'Bâtiment B', city: 'Rolle' });
    expect(created.statusCode).toBe(200);
    const titles = (await w.db.select().from(logs).where(eq(logs.promotionId, w.rolle.id))).map((log) => log.title);
    expect(titles).toEqual([PROMOTION_ARCHIVE_MESSAGES.archived, PROMOTION_ARCHIVE_MESSAGES.restored, 'Immeuble Bâtiment B créé']);
  });

  it('is for admins only (403), answers 404 for a missing promotion and 409 when there is nothing to do', async () => {
    const w = await world();
    for (const action of ['archive', 'restore']) {
      expect((await call('PUT', `/api/promotions/${w.rolle.id}/${action}`, w.broker)).statusCode).toBe(403);
      expect((await call('PUT', `/api/promotions/${w.rolle.id}/${action}`, w.promoter)).statusCode).toBe(403);
      expect((await call('PUT', `/api/promotions/${w.nyon.id + 1000}/${action}`, w.admin)).statusCode).toBe(404);
    }
    const notArchived = await call('PUT', `/api/promotions/${w.rolle.id}/restore`, w.admin);
    expect(notArchived.statusCode).toBe(409);
    expect(notArchived.json().message).toBe(PROMOTION_ARCHIVE_MESSAGES.notArchived);
    await call('PUT', `/api/promotions/${w.rolle.id}/archive`, w.admin);
    const again = await call('PUT', `/api/promotions/${w.rolle.id}/archive`, w.admin);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PROMOTION_ARCHIVE_MESSAGES.alreadyArchived);
    const bad = await call('GET', '/api/promotions?archived=oui', w.broker);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Filtre des promotions archivées invalide');
  });
});

describe('the database guard of an archived promotion (migration 0016)', () => {
  /** What reading writes, the outbox and the accounts are left out on purpose (the migration says why). */
  const UNGUARDED = ['library_accesses', 'mail_messages', 'notifications'];

  it('guards every table of a promotion’s data, so that a table added later without its guard fails here', async () => {
    const rows = <T extends RawRow>(query: SQL) => rowsOf<T>(ctx.database.db, query);
    const withPromotion = await rows<{ table_name: string }>(
      sql`select table_name from information_schema.columns where table_schema = 'public' and column_name = 'promotion_id'`,
    );
    const triggers = await rows<{ table: string; n: number }>(
      sql`select event_object_table as table, count(*)::int as n from information_schema.triggers
          where trigger_schema = 'public' and trigger_name like '%archived%' group by event_object_table`,
    );
    const guarded = Object.fromEntries(triggers.map((t) => [t.table, t.n]));
    const expected = [...withPromotion.map((r) => r.table_name), 'thread_messages', 'campaign_files'].filter((t) => !UNGUARDED.includes(t));
    // finances: its first read makes the empty record, so update and delete only.
    for (const table of expected) expect(guarded[table], `${table} is not guarded`).toBe(table === 'finances' ? 2 : 3);
    // The promotion row itself: one row trigger, on update and delete.
    expect(guarded.promotions).toBe(2);
    expect(Object.keys(guarded).sort()).toEqual([...expected, 'promotions'].sort());
  });

  it('refuses a direct insert, update and delete of an archived promotion’s rows with SQLSTATE PV001', async () => {
    const w = await world();
    const [candidate] = await w.db.insert(candidates).values({ promotionId: w.rolle.id, firstName: 'Anne', lastName: 'Roch' }).returning();
    await w.db.update(promotions).set({ archivedAt: new Date() }).where(eq(promotions.id, w.rolle.id));
    const codeOf = async (statement: Promise<unknown>) => {
      try {
        await statement;
        return 'passed';
      } catch (error) {
        const cause = (error as { cause?: { code?: string } }).cause;
        return cause?.code ?? (error as { code?: string }).code;
      }
    };
    expect(await codeOf(w.db.insert(candidacies).values({ promotionId: w.rolle.id, candidateId: candidate.id }))).toBe('PV001');
    expect(await codeOf(w.db.update(candidates).set({ lastName: 'X' }).where(eq(candidates.id, candidate.id)))).toBe('PV001');
    expect(await codeOf(w.db.delete(lots).where(and(eq(lots.promotionId, w.rolle.id), eq(lots.id, w.lots[0].id))))).toBe('PV001');
    expect(await codeOf(w.db.insert(buildings).values({ promotionId: w.nyon.id, title: 'N', city: 'Nyon' }))).toBe('passed');
  });
});
