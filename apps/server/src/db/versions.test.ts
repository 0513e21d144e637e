import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { createBuildingWithLots, createPromotion, createUser } from '../test/fixtures.js';
import { createTestContext, type TestContext } from '../test/harness.js';
import { rowsOf } from './rows.js';
import { lots, notifications, threadMessages, threads, users } from './schema/index.js';

/**
 * Versions of the data (docs/architecture.md, 'Versions of the data'): the database's triggers
 * add 1 to a scope's version at the commit of every transaction that changed its rows.
 */

/** The tables no cached answer reads (migration 0017 says why): they bump no version. */
const LEFT_OUT = new Set([
  'auth_tokens',
  'rate_limit_hits',
  'demo_requests',
  'mail_messages',
  'data_versions',
  // The versions of each table of each scope, raised with data_versions (migration 0027).
  'data_table_versions',
  // A writing transaction's notes of the scopes it changed, gone at its commit (migration 0026).
  'pending_versions',
  // The server processes and their shared settings (migration 0024): not a promotion's data.
  'server_processes',
]);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

const db = () => ctx.database.db;
const versions = async () =>
  Object.fromEntries(
    (await rowsOf<{ scope: number; version: string | number }>(db(), sql`select scope, version from data_versions`)).map((row) => [
      Number(row.scope),
      Number(row.version),
    ]),
  ) as Record<number, number>;
const tableVersions = async () =>
  Object.fromEntries(
    (
      await rowsOf<{ scope: number; table_name: string; version: string | number }>(
        db(),
        sql`select scope, table_name, version from data_table_versions`,
      )
    ).map((row) => [`${row.scope} ${row.table_name}`, Number(row.version)]),
  ) as Record<string, number>;

describe('versions of the data (docs/architecture.md, "Versions of the data")', () => {
  it('every table but those no cached answer reads bumps a version on insert, update and delete', async () => {
    const tables = await rowsOf<{ table: string; events: string[] }>(
      db(),
      sql`select c.relname as table,
            array(select distinct e from pg_trigger t, unnest(array[
              case when t.tgtype & 4 <> 0 then 'insert' end,
              case when t.tgtype & 8 <> 0 then 'delete' end,
              case when t.tgtype & 16 <> 0 then 'update' end]) e
             where t.tgrelid = c.oid and not t.tgisinternal and t.tgname like '%version%' and e is not null order by 1) as events
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind = 'r' and c.relname not like '__drizzle%'
          order by 1`,
    );
    expect(tables.length).toBeGreaterThan(35);
    const missing = tables
      .filter(({ table, events }) => !LEFT_OUT.has(table) && events.join(',') !== 'delete,insert,update')
      .map(({ table, events }) => `${table}: ${events.join(',') || 'none'}`);
    expect(missing).toEqual([]);
    // What is left out is left out: nothing there bumps.
    expect(tables.filter(({ table, events }) => LEFT_OUT.has(table) && events.length > 0).map(({ table }) => table)).toEqual([]);
  });

  it("an account bumps the firm's version on a change of any column but the selected promotion and the sign-in's two (migration 0028)", async () => {
    const [{ columns }] = await rowsOf<{ columns: string[] }>(
      db(),
      sql`select array(select a.attname from pg_trigger t join pg_attribute a on a.attrelid = t.tgrelid and a.attnum = any(t.tgattr)
                        where t.tgname = 'users_version_update' order by 1)::text[] as columns`,
    );
    const all = await rowsOf<{ column_name: string }>(
      db(),
      sql`select column_name from information_schema.columns where table_schema = 'public' and table_name = 'users' order by 1`,
    );
    expect([...columns].sort()).toEqual(
      all
        .map((row) => row.column_name)
        // The selected promotion and the count of connections are in the reader's key (platform/answer-cache.ts); the last sign-in no answer shows.
        .filter((name) => !['id', 'preferences', 'updated_at', 'number_connections', 'last_login_at'].includes(name))
        .sort(),
    );
  });

  it("a write bumps its own promotion's version, and only that one, in its transaction", async () => {
    const first = await createPromotion(db());
    const second = await createPromotion(db());
    const { lots: rows } = await createBuildingWithLots(db(), first.id, [500_000, 600_000]);
    const before = await versions();

    await db().update(lots).set({ rawPrice: 510_000 }).where(eq(lots.id, rows[0].id));
    const after = await versions();
    expect(after[first.id]).toBe(before[first.id] + 1);
    expect(after[second.id]).toBe(before[second.id]);

    // A rolled-back write leaves the version where it was.
    await db()
      .transaction(async (tx) => {
        await tx.update(lots).set({ rawPrice: 1 }).where(eq(lots.id, rows[1].id));
        throw new Error('rolled back');
      })
      .catch(() => null);
    expect((await versions())[first.id]).toBe(after[first.id]);
  });

  it("a message bumps its thread's promotion; an account's name bumps the firm (0), its selected promotion nothing", async () => {
    const promotion = await createPromotion(db());
    const broker = await createUser(db(), 'broker', { promotionIds: [promotion.id] });
    const [thread] = await db()
      .insert(threads)
      .values({ promotionId: promotion.id, title: 'Visite', createdById: broker.id, toId: broker.id })
      .returning();
    const before = await versions();
    await db().insert(threadMessages).values({ threadId: thread.id, senderId: broker.id, content: 'Bonjour' });
    const afterMessage = await versions();
    expect(afterMessage[promotion.id]).toBe(before[promotion.id] + 1);
    expect(afterMessage[0]).toBe(before[0]);

    await db().update(users).set({ lastName: 'Dvořák' }).where(eq(users.id, broker.id));
    expect((await versions())[0]).toBe(afterMessage[0] + 1);
    await db()
      .update(users)
      .set({ preferences: { selected_promotion: promotion.id }, updatedAt: new Date() })
      .where(eq(users.id, broker.id));
    expect((await versions())[0]).toBe(afterMessage[0] + 1);
  });

  it("a notification, its read mark and its deletion raise its user's own scope (minus his id), and no promotion's nor another user's (migration 0038)", async () => {
    const promotion = await createPromotion(db());
    const broker = await createUser(db(), 'broker', { promotionIds: [promotion.id] });
    const other = await createUser(db(), 'broker', { promotionIds: [promotion.id] });
    const before = await tableVersions();
    const at = (versions: Record<string, number>, scope: number) => versions[`${scope} notifications`] ?? 0;

    const [sent] = await db()
      .insert(notifications)
      .values({ userId: broker.id, promotionId: promotion.id, title: 'Option expirée', description: 'Lot A-101' })
      .returning();
    const afterInsert = await tableVersions();
    expect(at(afterInsert, -broker.id)).toBe(at(before, -broker.id) + 1);
    expect(at(afterInsert, -other.id)).toBe(at(before, -other.id));
    expect(at(afterInsert, promotion.id)).toBe(0);
    expect(Object.keys(afterInsert).filter((key) => !(key in before) && !key.endsWith(' notifications'))).toEqual([]);

    await db().update(notifications).set({ readAt: new Date() }).where(eq(notifications.id, sent.id));
    expect(at(await tableVersions(), -broker.id)).toBe(at(afterInsert, -broker.id) + 1);
    await db().delete(notifications).where(eq(notifications.id, sent.id));
    expect(at(await tableVersions(), -broker.id)).toBe(at(afterInsert, -broker.id) + 2);

    // One statement for two users raises each once.
    await db()
      .insert(notifications)
      .values([broker, other].map((user) => ({ userId: user.id, promotionId: null, title: 'Rappel', description: 'Tâche' })));
    const afterBoth = await tableVersions();
    expect(at(afterBoth, -broker.id)).toBe(at(afterInsert, -broker.id) + 3);
    expect(at(afterBoth, -other.id)).toBe(at(afterInsert, -other.id) + 1);
  });

  it("a transaction's versions are raised at its commit, once per scope and per table of a scope, and lock nothing before (migrations 0026, 0027)", async () => {
    const first = await createPromotion(db());
    const second = await createPromotion(db());
    const { lots: firstLots } = await createBuildingWithLots(db(), first.id, [500_000, 600_000]);
    const { lots: secondLots } = await createBuildingWithLots(db(), second.id, [700_000]);
    const before = await versions();
    const tablesBefore = await tableVersions();

    await db().transaction(async (tx) => {
      await tx.update(lots).set({ rawPrice: 510_000 }).where(eq(lots.id, firstLots[0].id));
      await tx.update(lots).set({ rawPrice: 610_000 }).where(eq(lots.id, firstLots[1].id));
      await tx.update(lots).set({ rawPrice: 710_000 }).where(eq(lots.id, secondLots[0].id));
      // Before the commit: the versions are as they were and their table is not even locked.
      const [{ locks }] = await rowsOf<{ locks: number }>(
        tx,
        sql`select count(*)::int as locks from pg_locks where pid = pg_backend_pid() and relation = 'data_versions'::regclass`,
      );
      expect(locks).toBe(0);
      const inside = await rowsOf<{ scope: number; version: string }>(tx, sql`select scope, version from data_versions`);
      expect(Object.fromEntries(inside.map((row) => [Number(row.scope), Number(row.version)]))).toEqual(before);
    });
    const after = await versions();
    expect(after[first.id]).toBe(before[first.id] + 1);
    expect(after[second.id]).toBe(before[second.id] + 1);
    // Each table of each scope, once too (migration 0027); the others as they were.
    const tablesAfter = await tableVersions();
    expect(tablesAfter).toEqual({
      ...tablesBefore,
      [`${first.id} lots`]: (tablesBefore[`${first.id} lots`] ?? 0) + 1,
      [`${second.id} lots`]: (tablesBefore[`${second.id} lots`] ?? 0) + 1,
    });
    const [{ notes }] = await rowsOf<{ notes: number }>(db(), sql`select count(*)::int as notes from pending_versions`);
    expect(notes).toBe(0);
  });

  // Two transactions at once need two connections: the embedded database has one.
  if (inject('template').kind === 'postgres') {
    it('two transactions writing to one promotion do not wait for each other before their commits (PostgreSQL)', async () => {
      const promotion = await createPromotion(db());
      const { lots: rows } = await createBuildingWithLots(db(), promotion.id, [500_000, 600_000]);
      const before = (await versions())[promotion.id];
      const [holding, writing] = [new pg.Client(ctx.database.url), new pg.Client(ctx.database.url)];
      await Promise.all([holding.connect(), writing.connect()]);
      try {
        await holding.query('begin');
        await holding.query('update lots set raw_price = 1 where id = $1', [rows[0].id]);
        // The first transaction is open and idle, as between two statements of a route.
        await writing.query("set lock_timeout = '2s'");
        await writing.query('update lots set raw_price = 2 where id = $1', [rows[1].id]);
        expect((await versions())[promotion.id]).toBe(before + 1);
        await holding.query('commit');
        expect((await versions())[promotion.id]).toBe(before + 2);
      } finally {
        await Promise.all([holding.end(), writing.end()]);
      }
    });
  }

  it('the triggers run by every write plan their statements once, but those that follow one key over many rows (migration 0029, decision 037)', async () => {
    const triggers = await rowsOf<{ name: string; plans: string | null }>(
      db(),
      sql`select p.proname as name,
          (select s from unnest(p.proconfig) s where s like 'plan_cache_mode=%') as plans
        from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = current_schema() and p.prorettype = 'trigger'::regtype
        order by p.proname`,
    );
    // A broker's or an agency's candidacies can be 20,000 rows: their plan is made for the key.
    const forTheirKey = ['follow_agency_name', 'follow_broker_name', 'follow_candidate_budget', 'refresh_restored_sort_keys'];
    expect(triggers.filter((t) => forTheirKey.includes(t.name))).toEqual(forTheirKey.map((name) => ({ name, plans: null })));
    const others = triggers.filter((t) => !forTheirKey.includes(t.name));
    expect(others.map((t) => t.name)).toEqual(
      expect.arrayContaining(['bump_promotion_version', 'raise_pending_versions', 'candidacy_sort_keys']),
    );
    expect(others.filter((t) => t.plans !== 'plan_cache_mode=force_generic_plan')).toEqual([]);
  });
});
