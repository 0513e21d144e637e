import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { keptCountsWhere } from '../modules/candidacies/candidacies.queries.js';
import { createAgency, createPromotion } from '../test/fixtures.js';
import { createTestContext, type TestContext } from '../test/harness.js';
import { rowsOf } from './rows.js';
import { candidacies, candidates, promotions } from './schema/index.js';

/**
 * The candidacies counted per promotion, agency and status, kept by the database (migration 0022)
 * in the transaction of every write: always what counting the rows answers.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

const db = () => ctx.database.db;

type Count = { promotion_id: number; agency_key: number; status: number; n: number };
const kept = () =>
  rowsOf<Count>(
    db(),
    sql`select promotion_id, agency_key, status::int, n from candidacy_status_counts order by promotion_id, agency_key, status`,
  );
const counted = () =>
  rowsOf<Count>(
    db(),
    sql`select promotion_id, coalesce(agency_id, 0) as agency_key, status::int, count(*)::int as n from candidacies
        group by 1, 2, 3 order by 1, 2, 3`,
  );

const addCandidacies = async (promotionId: number, agencyId: number | null, statuses: number[]) => {
  const people = await db()
    .insert(candidates)
    .values(
      statuses.map((_, i) => ({
        promotionId,
        firstName: 'Anne',
        lastName: `Meylan ${agencyId ?? 0}-${i}`,
        email: `anne.${promotionId}.${agencyId ?? 0}.${i}@exemple.ch`,
      })),
    )
    .returning({ id: candidates.id });
  return db()
    .insert(candidacies)
    .values(statuses.map((status, i) => ({ promotionId, candidateId: people[i].id, agencyId, status })))
    .returning({ id: candidacies.id });
};

describe('the kept counts of the candidates screen (migration 0022)', () => {
  it('follow inserts, status and agency changes and deletes, many rows at a time, and drop a key that falls to 0', async () => {
    const leman = await createAgency(db(), 'Agence du Léman');
    const broye = await createAgency(db(), 'Agence de la Broye');
    const promotion = await createPromotion(db(), { title: 'Les Clés', agencyIds: [leman.id, broye.id] });
    const other = await createPromotion(db(), { title: 'Les Vignes' });
    const inLeman = await addCandidacies(promotion.id, leman.id, [0, 0, 3, 4]);
    await addCandidacies(promotion.id, null, [0, 6]);
    await addCandidacies(other.id, null, [0]);
    expect(await kept()).toEqual(await counted());

    await db().update(candidacies).set({ status: 5 }).where(eq(candidacies.id, inLeman[0].id));
    await db()
      .update(candidacies)
      .set({ agencyId: broye.id })
      .where(inArray(candidacies.id, [inLeman[1].id, inLeman[2].id]));
    expect(await kept()).toEqual(await counted());

    await db().delete(candidacies).where(eq(candidacies.id, inLeman[3].id));
    expect(await kept()).toEqual(await counted());
    expect((await kept()).every((row) => row.n > 0)).toBe(true);

    // A deleted promotion takes its candidacies, and its counts, along.
    await db().delete(promotions).where(eq(promotions.id, other.id));
    expect(await kept()).toEqual(await counted());
    expect((await kept()).some((row) => row.promotion_id === other.id)).toBe(false);
  });

  it('a rolled-back write leaves them as they were', async () => {
    const promotion = await createPromotion(db(), { title: 'Les Clés' });
    const [row] = await addCandidacies(promotion.id, null, [0]);
    const before = await kept();
    await expect(
      db().transaction(async (tx) => {
        await tx.update(candidacies).set({ status: 4 }).where(eq(candidacies.id, row.id));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await kept()).toEqual(before);
  });

  it('answer only a filter that names nothing but the promotion and the agency', () => {
    const base = { promotionId: 3, statuses: [0, 3] };
    expect(keptCountsWhere(base)).not.toBeNull();
    expect(keptCountsWhere({ ...base, agencyId: 2 })).not.toBeNull();
    expect(keptCountsWhere({ ...base, agencyId: null })).not.toBeNull();
    expect(keptCountsWhere({ ...base, search: '   ' })).not.toBeNull();
    for (const narrowed of [{ search: 'Meylan' }, { brokerId: 4 }, { candidateId: 5 }, { candidacyId: 6 }, { applicationId: 7 }]) {
      expect(keptCountsWhere({ ...base, ...narrowed }), JSON.stringify(narrowed)).toBeNull();
    }
  });
});
