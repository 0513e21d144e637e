import { and, asc, eq, ilike, isNull, ne, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { RANKED_POSITIONS_SQL } from '../../db/positions.js';
import { applications, buildings, candidacies, candidates, floors, lots, promotions } from '../../db/schema/index.js';

const live = and(eq(applications.hidden, false), isNull(applications.closedAt));

/** A candidacy with what the attribution rules need of it and of its promotion. */
export const findCandidacyForAttribution = async (db: Queryable, candidacyId: number) => {
  const [row] = await db
    .select({
      id: candidacies.id,
      promotionId: candidacies.promotionId,
      agencyId: candidacies.agencyId,
      crmValidated: candidacies.crmValidated,
      firstName: candidates.firstName,
      lastName: candidates.lastName,
      multiAgency: promotions.multiAgency,
      crmUpdatedAt: promotions.crmUpdatedAt,
    })
    .from(candidacies)
    .innerJoin(candidates, eq(candidates.id, candidacies.candidateId))
    .innerJoin(promotions, eq(promotions.id, candidacies.promotionId))
    .where(eq(candidacies.id, candidacyId));
  return row ?? null;
};

export const findPartner = async (db: Queryable, candidacyId: number) => {
  const [row] = await db
    .select({
      id: candidacies.id,
      promotionId: candidacies.promotionId,
      crmValidated: candidacies.crmValidated,
      firstName: candidates.firstName,
      lastName: candidates.lastName,
    })
    .from(candidacies)
    .innerJoin(candidates, eq(candidates.id, candidacies.candidateId))
    .where(eq(candidacies.id, candidacyId));
  return row ?? null;
};

/**
 * The lot row, locked until the end of the transaction (select ... for update): two brokers
 * attributing the same lot take their positions one after the other (docs/sales-process.md#3-positions-and-4-the-application-lifecycle-built).
 */
export const lockLot = async (db: Queryable, lotId: number) => {
  const [row] = await db
    .select({ id: lots.id, promotionId: lots.promotionId, parentId: lots.parentId, reference: lots.reference })
    .from(lots)
    .where(eq(lots.id, lotId))
    .for('update');
  return row ?? null;
};

/** The live applications of one lot (read after its lock). */
export const liveApplicationsOfLot = (db: Queryable, lotId: number) =>
  db
    .select({
      priority: applications.priority,
      status: applications.status,
      candidacy1Id: applications.candidacy1Id,
      candidacy2Id: applications.candidacy2Id,
    })
    .from(applications)
    .where(and(eq(applications.lotId, lotId), live));

/** The main lots of a promotion for the picker, with building and floor. */
export const mainLotsOf = (db: Queryable, promotionId: number) =>
  db
    .select({
      id: lots.id,
      reference: lots.reference,
      title: lots.title,
      building: buildings.title,
      floor: floors.number,
      nbRooms: lots.nbRooms,
      price: lots.rawPrice,
      status: lots.status,
    })
    .from(lots)
    .innerJoin(buildings, eq(buildings.id, lots.buildingId))
    .innerJoin(floors, eq(floors.id, lots.floorId))
    .where(and(eq(lots.promotionId, promotionId), isNull(lots.parentId), eq(lots.disabled, false)))
    .orderBy(asc(buildings.title), asc(lots.reference));

/** Per lot of the promotion: positions taken, whether it is Réservé or Signé, whether the candidacy holds it. */
export const positionsByLot = (db: Queryable, promotionId: number, candidacyId: number) =>
  db
    .select({
      lotId: applications.lotId,
      taken: sql<
        number[]
      >`coalesce(array_agg(${applications.priority}) filter (where ${applications.priority} in ${RANKED_POSITIONS_SQL}), '{}')`,
      reserved: sql<boolean>`bool_or(${applications.status} >= 1)`,
      held: sql<boolean>`bool_or(${applications.candidacy1Id} = ${candidacyId} or ${applications.candidacy2Id} = ${candidacyId})`,
    })
    .from(applications)
    .where(and(eq(applications.promotionId, promotionId), live))
    .groupBy(applications.lotId);

/** Candidacies a partner may be chosen among (docs/product/validation.md#assign-lot). */
export const partnerCandidacies = (
  db: Queryable,
  promotionId: number,
  excludeId: number,
  options: { validatedOnly: boolean; search?: string; limit: number },
) => {
  const pattern = options.search ? `%${options.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return db
    .select({
      id: candidacies.id,
      firstName: candidates.firstName,
      lastName: candidates.lastName,
      email: candidates.email,
      crmValidated: candidacies.crmValidated,
    })
    .from(candidacies)
    .innerJoin(candidates, eq(candidates.id, candidacies.candidateId))
    .where(
      and(
        eq(candidacies.promotionId, promotionId),
        ne(candidacies.id, excludeId),
        eq(candidates.hidden, false),
        options.validatedOnly ? eq(candidacies.crmValidated, true) : undefined,
        pattern
          ? or(ilike(candidates.lastName, pattern), ilike(candidates.firstName, pattern), ilike(candidates.email, pattern))
          : undefined,
      ),
    )
    .orderBy(asc(candidates.lastName), asc(candidates.firstName))
    .limit(options.limit);
};

/** A main lot's row for the lot-centric picker, with its building, floor and promotion rules. */
export const findLotForAttribution = async (db: Queryable, lotId: number) => {
  const [row] = await db
    .select({
      id: lots.id,
      promotionId: lots.promotionId,
      parentId: lots.parentId,
      reference: lots.reference,
      title: lots.title,
      building: buildings.title,
      floor: floors.number,
      nbRooms: lots.nbRooms,
      price: lots.rawPrice,
      status: lots.status,
      multiAgency: promotions.multiAgency,
      crmUpdatedAt: promotions.crmUpdatedAt,
    })
    .from(lots)
    .innerJoin(buildings, eq(buildings.id, lots.buildingId))
    .innerJoin(floors, eq(floors.id, lots.floorId))
    .innerJoin(promotions, eq(promotions.id, lots.promotionId))
    .where(eq(lots.id, lotId));
  return row ?? null;
};

/**
 * The candidacies of one agency in a promotion a lot may be attributed to (docs/product/lots.md#screens),
 * with whether each already holds a live application on that lot; one query, at most `limit` rows.
 */
export const attributableCandidaciesForLot = (
  db: Queryable,
  options: { promotionId: number; agencyId: number; lotId: number; validatedOnly: boolean; search?: string; limit: number },
) => {
  const pattern = options.search ? `%${options.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return db
    .select({
      id: candidacies.id,
      status: candidacies.status,
      crmValidated: candidacies.crmValidated,
      firstName: candidates.firstName,
      lastName: candidates.lastName,
      email: candidates.email,
      held: sql<boolean>`exists (select 1 from ${applications} where ${applications.lotId} = ${options.lotId}
        and (${applications.candidacy1Id} = ${candidacies.id} or ${applications.candidacy2Id} = ${candidacies.id})
        and ${applications.hidden} = false and ${applications.closedAt} is null)`,
    })
    .from(candidacies)
    .innerJoin(candidates, eq(candidates.id, candidacies.candidateId))
    .where(
      and(
        eq(candidacies.promotionId, options.promotionId),
        eq(candidacies.agencyId, options.agencyId),
        eq(candidates.hidden, false),
        options.validatedOnly ? eq(candidacies.crmValidated, true) : undefined,
        pattern
          ? or(
              ilike(candidates.lastName, pattern),
              ilike(candidates.firstName, pattern),
              ilike(candidates.email, pattern),
              ilike(sql`${candidates.firstName} || ' ' || ${candidates.lastName}`, pattern),
              ilike(sql`${candidates.lastName} || ' ' || ${candidates.firstName}`, pattern),
            )
          : undefined,
      ),
    )
    .orderBy(asc(candidates.lastName), asc(candidates.firstName), asc(candidacies.id))
    .limit(options.limit);
};
