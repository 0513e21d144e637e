import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/rows.js';
import { authTokens, rateLimitHits } from '../db/schema/index.js';
import { createUser } from '../test/fixtures.js';
import { createTestContext, type TestContext } from '../test/harness.js';
import { purgeExpired } from './maintenance.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

const hours = (n: number) => new Date(Date.now() + n * 3600_000);

describe('hourly maintenance', () => {
  it('removes the sessions and rate-limit windows over a day past, keeps the others, and leaves no note of a version', async () => {
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
    const [{ notes }] = await rowsOf<{ notes: number }>(ctx.database.db, sql`select count(*)::int as notes from pending_versions`);
    expect(notes).toBe(0);
  });
});
