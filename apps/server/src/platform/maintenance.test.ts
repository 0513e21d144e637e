import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/rows.js';
import { authTokens, lots, rateLimitHits } from '../db/schema/index.js';
import { createBuildingWithLots, createPromotion, createUser } from '../test/fixtures.js';
import { createTestContext, type TestContext } from '../test/harness.js';
import { purgeExpired, startMaintenance, vacuumVersions } from './maintenance.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

const hours = (n: number) => new Date(Date.now() + n * 3600_000);

describe('the maintenance (platform/maintenance.ts)', () => {
  it('removes, hourly, the sessions and rate-limit windows over a day past, and keeps the others', async () => {
    const user = await createUser(ctx.database.db, 'broker');
    await ctx.database.db.insert(authTokens).values([
      { userId: user.id, tokenHash: 'expired', expiresAt: hours(-25) },
      { userId: user.id, tokenHash: 'revoked', expiresAt: hours(24), revokedAt: hours(-25) },
      { userId: user.id, tokenHash: 'live', expiresAt: hours(24) },
    ]);
    await ctx.database.db.insert(rateLimitHits).values([
      { key: 'login:old', windowStart: hours(-25), hits: 3 },
      { key: 'login:new', windowStart: hours(-1), hits: 1 },
    ]);

    await purgeExpired(ctx.database.db);

    const tokens = await rowsOf<{ token_hash: string }>(ctx.database.db, sql`select token_hash from auth_tokens order by 1`);
    expect(tokens.map((row) => row.token_hash)).toEqual(['live']);
    const windows = await rowsOf<{ key: string }>(ctx.database.db, sql`select key from rate_limit_hits order by 1`);
    expect(windows.map((row) => row.key)).toEqual(['login:new']);
  });

  const vacuumed = () =>
    rowsOf<{ relname: string; dead: number; vacuumed: boolean }>(
      ctx.database.db,
      sql`select relname, n_dead_tup::int as dead, last_vacuum is not null as vacuumed from pg_stat_user_tables
          where relname in ('pending_versions', 'data_versions', 'data_table_versions') order by 1`,
    );

  it('vacuums, every minute, the tables every write changes: the notes of the versions and the versions (issue 20)', async () => {
    const promotion = await createPromotion(ctx.database.db);
    const { lots: made } = await createBuildingWithLots(ctx.database.db, promotion.id, [500_000]);
    for (const price of [510_000, 520_000, 530_000]) {
      await ctx.database.db.update(lots).set({ rawPrice: price }).where(sql`${lots.id} = ${made[0].id}`);
    }
    await vacuumVersions(ctx.database.db);
    expect(await vacuumed()).toEqual([
      { relname: 'data_table_versions', dead: 0, vacuumed: true },
      { relname: 'data_versions', dead: 0, vacuumed: true },
      { relname: 'pending_versions', dead: 0, vacuumed: true },
    ]);
    const [{ notes }] = await rowsOf<{ notes: number }>(ctx.database.db, sql`select count(*)::int as notes from pending_versions`);
    expect(notes).toBe(0);
  });

  it('runs both at its start, then on its clocks, until stopped', async () => {
    const lastVacuum = async () =>
      (
        await rowsOf<{ at: string | null }>(
          ctx.database.db,
          sql`select min(coalesce(last_vacuum, '-infinity'))::text as at from pg_stat_user_tables where relname = 'pending_versions'`,
        )
      )[0].at;
    const before = await lastVacuum();
    const warned: unknown[] = [];
    const stop = await startMaintenance(ctx.database.db, { warn: (...args: unknown[]) => warned.push(args) } as never);
    stop();
    expect(warned).toEqual([]);
    expect(await lastVacuum()).not.toBe(before);
  });
});
