import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBuildingWithLots, createPromotion } from '../test/fixtures.js';
import { createTestContext, type TestContext } from '../test/harness.js';
import { ROW_COUNTS } from '../test/seed-invariants.js';
import { rowsOf } from './rows.js';
import { applications, candidacies, candidates, comments, files, lots, promotions, tasks } from './schema/index.js';

/**
 * What each row of the candidates screen counts (comments, the candidacy's own files, live
 * applications, open tasks, migration 0046) and each row of the funnel (its open tasks, 0047),
 * kept by the database in the transaction of every write: always what counting the rows answers,
 * and no row for one with nothing counted.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

const db = () => ctx.database.db;

type Counts = {
  candidacy_id: number;
  promotion_id: number;
  comments: number;
  files: number;
  live_applications: number;
  open_tasks: number;
};
const kept = () => rowsOf<Counts>(db(), sql.raw(ROW_COUNTS.kept));
const counted = () => rowsOf<Counts>(db(), sql.raw(ROW_COUNTS.counted));
type ApplicationCounts = { application_id: number; promotion_id: number; open_tasks: number };
const keptOfApplications = () => rowsOf<ApplicationCounts>(db(), sql.raw(ROW_COUNTS.keptOfApplications));
const countedOfApplications = () => rowsOf<ApplicationCounts>(db(), sql.raw(ROW_COUNTS.countedOfApplications));

const addCandidacies = async (promotionId: number, n: number) => {
  const people = await db()
    .insert(candidates)
    .values(
      Array.from({ length: n }, (_, i) => ({
        promotionId,
        firstName: 'Anne',
        lastName: `Meylan ${i}`,
        email: `anne.${promotionId}.${i}@exemple.ch`,
      })),
    )
    .returning({ id: candidates.id });
  const rows = await db()
    .insert(candidacies)
    .values(people.map((person) => ({ promotionId, candidateId: person.id })))
    .returning({ id: candidacies.id });
  return rows.map((row) => row.id);
};

const file = (promotionId: number, candidacyId: number | null, owner: string) => ({
  promotionId,
  candidacyId,
  owner,
  name: 'pièce.pdf',
  mime: 'application/pdf',
  size: 1000,
  storageKey: `k-${Math.random()}`,
});

const task = (promotionId: number, candidacyId: number, doneAt: Date | null = null) => ({
  promotionId,
  candidacyId,
  title: 'Rappeler',
  endAt: new Date('2026-12-01T09:00:00Z'),
  doneAt,
});

describe('the kept counts of the candidates screen rows (migration 0046)', () => {
  it('follow comments, files, applications and tasks written many at a time, and drop a row that falls to 0', async () => {
    const promotion = await createPromotion(db(), { title: 'Les Clés' });
    const { lots: rows } = await createBuildingWithLots(db(), promotion.id, [500_000, 600_000, 700_000]);
    const [anne, marc, lea, tom] = await addCandidacies(promotion.id, 4);
    expect(await kept()).toEqual([]);

    await db()
      .insert(comments)
      .values([anne, anne, marc].map((candidacyId) => ({ promotionId: promotion.id, candidacyId, comment: 'Appelé.' })));
    // A file of the library or of a conversation is not the candidacy's.
    await db()
      .insert(files)
      .values([file(promotion.id, anne, 'candidacy'), file(promotion.id, null, 'library'), file(promotion.id, marc, 'thread_message')]);
    const [first, second, third] = await db()
      .insert(applications)
      .values([
        { promotionId: promotion.id, lotId: rows[0].id, candidacy1Id: anne },
        // A couple's application counts for both candidacies, once each.
        { promotionId: promotion.id, lotId: rows[1].id, candidacy1Id: marc, candidacy2Id: lea },
        { promotionId: promotion.id, lotId: rows[2].id, candidacy1Id: lea, candidacy2Id: lea },
      ])
      .returning({ id: applications.id });
    const [open, done] = await db()
      .insert(tasks)
      .values([task(promotion.id, tom), task(promotion.id, tom, new Date())])
      .returning({ id: tasks.id });
    expect(await kept()).toEqual(await counted());
    expect((await kept()).map((row) => row.candidacy_id)).toEqual([anne, marc, lea, tom]);

    // Hidden, closed, reopened, its partner changed or removed; a task done, reopened, moved.
    await db().update(applications).set({ hidden: true }).where(eq(applications.id, first.id));
    await db().update(applications).set({ closedAt: new Date() }).where(eq(applications.id, third.id));
    expect(await kept()).toEqual(await counted());
    await db().update(applications).set({ closedAt: null }).where(eq(applications.id, third.id));
    await db().update(applications).set({ candidacy2Id: tom }).where(eq(applications.id, second.id));
    await db().update(tasks).set({ doneAt: new Date() }).where(eq(tasks.id, open.id));
    await db().update(tasks).set({ doneAt: null, candidacyId: anne }).where(eq(tasks.id, done.id));
    expect(await kept()).toEqual(await counted());
    await db()
      .update(applications)
      .set({ candidacy2Id: null })
      .where(inArray(applications.id, [second.id, third.id]));
    expect(await kept()).toEqual(await counted());

    // Deleted rows; anne has nothing left to count and loses her row.
    await db().delete(comments).where(eq(comments.candidacyId, anne));
    await db().delete(files).where(eq(files.candidacyId, anne));
    await db().delete(tasks).where(eq(tasks.candidacyId, anne));
    expect(await kept()).toEqual(await counted());
    expect((await kept()).some((row) => row.candidacy_id === anne)).toBe(false);
    expect((await kept()).every((row) => row.comments + row.files + row.live_applications + row.open_tasks > 0)).toBe(true);
  });

  it('forget a deleted candidacy, and a deleted promotion takes its rows along', async () => {
    const promotion = await createPromotion(db(), { title: 'Les Clés' });
    const other = await createPromotion(db(), { title: 'Les Vignes' });
    const { lots: rows } = await createBuildingWithLots(db(), promotion.id, [500_000]);
    const [anne, marc] = await addCandidacies(promotion.id, 2);
    const [elsewhere] = await addCandidacies(other.id, 1);
    await db()
      .insert(comments)
      .values([anne, marc].map((candidacyId) => ({ promotionId: promotion.id, candidacyId, comment: 'Appelé.' })));
    await db().insert(comments).values({ promotionId: other.id, candidacyId: elsewhere, comment: 'Appelé.' });
    await db()
      .insert(files)
      .values(file(promotion.id, anne, 'candidacy'));
    await db().insert(applications).values({ promotionId: promotion.id, lotId: rows[0].id, candidacy1Id: marc, candidacy2Id: anne });
    await db().insert(tasks).values(task(promotion.id, anne));

    // Its comments, files, tasks and its place in the couple go with it (cascades, set null).
    await db().delete(candidacies).where(eq(candidacies.id, anne));
    expect(await kept()).toEqual(await counted());
    expect((await kept()).map((row) => row.candidacy_id)).toEqual([marc, elsewhere]);

    await db().delete(promotions).where(eq(promotions.id, promotion.id));
    expect(await kept()).toEqual(await counted());
    expect((await kept()).map((row) => [row.candidacy_id, row.promotion_id])).toEqual([[elsewhere, other.id]]);
  });

  it('a rolled-back write leaves them as they were', async () => {
    const promotion = await createPromotion(db(), { title: 'Les Clés' });
    const [anne] = await addCandidacies(promotion.id, 1);
    await db().insert(comments).values({ promotionId: promotion.id, candidacyId: anne, comment: 'Appelé.' });
    const before = await kept();
    await expect(
      db().transaction(async (tx) => {
        await tx.insert(comments).values({ promotionId: promotion.id, candidacyId: anne, comment: 'Rappelé.' });
        await tx.insert(tasks).values(task(promotion.id, anne));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await kept()).toEqual(before);
  });
});

describe('the kept counts of the funnel rows (migration 0047)', () => {
  const applicationTask = (promotionId: number, applicationId: number, doneAt: Date | null = null) => ({
    promotionId,
    applicationId,
    title: 'Vérifier la solvabilité',
    kind: 'verify_solvency',
    endAt: new Date('2026-12-01T09:00:00Z'),
    doneAt,
  });

  it('follow tasks opened, done, reopened, moved and deleted, and forget a deleted application', async () => {
    const promotion = await createPromotion(db(), { title: 'Les Clés' });
    const { lots: rows } = await createBuildingWithLots(db(), promotion.id, [500_000, 600_000]);
    const [anne, marc] = await addCandidacies(promotion.id, 2);
    const [first, second] = await db()
      .insert(applications)
      .values([
        { promotionId: promotion.id, lotId: rows[0].id, candidacy1Id: anne },
        { promotionId: promotion.id, lotId: rows[1].id, candidacy1Id: marc },
      ])
      .returning({ id: applications.id });
    const [a, b] = await db()
      .insert(tasks)
      .values([
        applicationTask(promotion.id, first.id),
        applicationTask(promotion.id, first.id),
        applicationTask(promotion.id, second.id, new Date()),
        // A task of the candidacy is not the application's.
        task(promotion.id, anne),
      ])
      .returning({ id: tasks.id });
    expect(await keptOfApplications()).toEqual(await countedOfApplications());
    expect((await keptOfApplications()).map((row) => [row.application_id, row.open_tasks])).toEqual([[first.id, 2]]);

    await db().update(tasks).set({ doneAt: new Date() }).where(eq(tasks.id, a.id));
    await db().update(tasks).set({ applicationId: second.id }).where(eq(tasks.id, b.id));
    expect(await keptOfApplications()).toEqual(await countedOfApplications());
    expect((await keptOfApplications()).map((row) => [row.application_id, row.open_tasks])).toEqual([[second.id, 1]]);

    await db().update(tasks).set({ doneAt: null }).where(eq(tasks.applicationId, second.id));
    expect(await keptOfApplications()).toEqual(await countedOfApplications());

    // An application goes with its lot (cascade): its row with it.
    await db().delete(lots).where(eq(lots.id, rows[1].id));
    expect(await keptOfApplications()).toEqual(await countedOfApplications());
    expect(await keptOfApplications()).toEqual([]);
  });
});
