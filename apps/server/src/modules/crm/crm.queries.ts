import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client.js';
import { agencies, buildings, candidacies, candidates, crmSends, floors, lots, lotTypes, promotions } from '../../db/schema/index.js';
import type { CandidacyRow, LotRow, PromotionRow } from './salesforce.js';

export type CrmSendRow = typeof crmSends.$inferSelect;

/** The promotion's CRM fields and its latest send, in one statement (the screen polls it). */
export const selectCrmState = async (db: Queryable, promotionId: number) => {
  const latest = db.select().from(crmSends).where(eq(crmSends.promotionId, promotionId)).orderBy(desc(crmSends.id)).limit(1).as('latest');
  const [row] = await db
    .select({
      connected: promotions.crmConnected,
      crmUpdatedAt: promotions.crmUpdatedAt,
      send: {
        id: latest.id,
        status: latest.status,
        error: latest.error,
        lotsSent: latest.lotsSent,
        candidaciesSent: latest.candidaciesSent,
        refused: latest.refused,
        resumeAt: latest.resumeAt,
        createdAt: latest.createdAt,
        finishedAt: latest.finishedAt,
      },
    })
    .from(promotions)
    .leftJoin(latest, sql`true`)
    .where(eq(promotions.id, promotionId));
  return row ?? null;
};

/** The promotion row, locked so that two clicks cannot queue two sends. */
export const lockPromotion = async (tx: Tx, promotionId: number) =>
  (
    await tx
      .select({ id: promotions.id, connected: promotions.crmConnected })
      .from(promotions)
      .where(eq(promotions.id, promotionId))
      .for('update')
  )[0] ?? null;

/**
 * A send still under way this long after it was asked for (or, waiting for Salesforce's quota,
 * after the time it was to resume) was lost: its job gave up or vanished with a process. It no
 * longer blocks a new send and reads as failed. The job's attempts (an hour each, three
 * retries) end well before.
 */
export const CRM_SEND_STALE_MS = 6 * 3600_000;

export const selectSendUnderWay = async (tx: Tx, promotionId: number, now: Date) =>
  (
    await tx
      .select({ id: crmSends.id })
      .from(crmSends)
      .where(
        and(
          eq(crmSends.promotionId, promotionId),
          inArray(crmSends.status, ['queued', 'running', 'waiting']),
          gt(sql`coalesce(${crmSends.resumeAt}, ${crmSends.createdAt})`, new Date(now.getTime() - CRM_SEND_STALE_MS)),
        ),
      )
      .limit(1)
  )[0] ?? null;

export const insertSend = async (tx: Tx, promotionId: number, requestedById: number) =>
  (await tx.insert(crmSends).values({ promotionId, requestedById }).returning())[0];

export const selectSend = async (db: Queryable, id: number) =>
  (await db.select().from(crmSends).where(eq(crmSends.id, id)).limit(1))[0] ?? null;

export const updateSend = async (db: Queryable, id: number, values: Partial<typeof crmSends.$inferInsert>) => {
  await db.update(crmSends).set(values).where(eq(crmSends.id, id));
};

export const updateConnected = async (db: Queryable, promotionId: number, connected: boolean) =>
  (
    await db.update(promotions).set({ crmConnected: connected }).where(eq(promotions.id, promotionId)).returning({ id: promotions.id })
  )[0] ?? null;

/** What a send carries: the promotion, its lots (main lots before their associated lots) and its candidacies. */
export const selectSendContent = async (
  db: Queryable,
  promotionId: number,
): Promise<{ promotion: PromotionRow | null; lots: LotRow[]; candidacies: CandidacyRow[] }> => {
  const [promotion] = await db
    .select({
      id: promotions.id,
      title: promotions.title,
      url: promotions.url,
      multiAgency: promotions.multiAgency,
      prestige: promotions.prestige,
      startAt: promotions.startAt,
      endAt: promotions.endAt,
    })
    .from(promotions)
    .where(eq(promotions.id, promotionId));
  const lotRows = await db
    .select({
      id: lots.id,
      reference: lots.reference,
      title: lots.title,
      parentId: lots.parentId,
      building: buildings.title,
      floor: floors.title,
      type: lotTypes.title,
      nbRooms: lots.nbRooms,
      rawPrice: lots.rawPrice,
      status: lots.status,
      areaPpe: lots.areaPpe,
      areaHab: lots.areaHab,
    })
    .from(lots)
    .innerJoin(buildings, eq(buildings.id, lots.buildingId))
    .innerJoin(floors, eq(floors.id, lots.floorId))
    .innerJoin(lotTypes, eq(lotTypes.id, lots.lotTypeId))
    .where(eq(lots.promotionId, promotionId))
    .orderBy(sql`${lots.parentId} is not null`, asc(lots.id));
  const candidacyRows = await db
    .select({
      id: candidacies.id,
      firstName: candidates.firstName,
      lastName: candidates.lastName,
      email: candidates.email,
      phone: candidates.phone,
      status: candidacies.status,
      priority: candidacies.priority,
      agency: agencies.name,
      budget: candidacies.budget,
      crmReference: candidacies.crmId,
    })
    .from(candidacies)
    .innerJoin(candidates, eq(candidates.id, candidacies.candidateId))
    .leftJoin(agencies, eq(agencies.id, candidacies.agencyId))
    .where(eq(candidacies.promotionId, promotionId))
    .orderBy(asc(candidacies.id));
  return { promotion: promotion ?? null, lots: lotRows, candidacies: candidacyRows };
};

/** Keeps the Salesforce ids a send answered, one statement per table. */
export const storeSalesforceIds = async (tx: Tx, table: 'lots' | 'candidacies', ids: readonly { id: number; salesforceId: string }[]) => {
  if (ids.length === 0) return;
  const target = table === 'lots' ? lots : candidacies;
  const rows = JSON.stringify(ids.map((i) => ({ id: i.id, salesforce_id: i.salesforceId })));
  await tx.execute(sql`
    update ${target} set salesforce_id = v.salesforce_id
    from jsonb_to_recordset(${rows}::jsonb) as v(id int, salesforce_id text)
    where ${target.id} = v.id`);
};

export const markPromotionSent = async (tx: Tx, promotionId: number, at: Date, salesforceId: string | null) => {
  await tx
    .update(promotions)
    .set(salesforceId ? { crmUpdatedAt: at, salesforceId } : { crmUpdatedAt: at })
    .where(eq(promotions.id, promotionId));
};
