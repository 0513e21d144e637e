import {
  ATTRIBUTION_MESSAGES,
  type AttributedApplication,
  type AttributionLot,
  type AttributionOptions,
  bestAvailablePriority,
  CANDIDACY_STATUS_LABELS,
  canAttributeLot,
  choosesCrmValidatedPartnersOnly,
  decideAttribution,
  floorLabel,
  LOT_ATTRIBUTION_CANDIDACIES_LIMIT,
  LOT_STATUS_LABELS,
  type LotAttributionOptions,
  type PartnerOption,
} from '@promovente/shared';
import type { Db, Queryable, Tx } from '../../db/client.js';
import { actionLots, applications } from '../../db/schema/index.js';
import { assertCan, assertMemberOf } from '../../platform/access.js';
import type { RequestActor } from '../../platform/auth.js';
import { conflict, notFound, unprocessable } from '../../platform/errors.js';
import type { LogEntry } from '../logs/logs.service.js';
import { recomputeCandidacyStatuses, recomputeLotStatuses } from '../statuses/index.js';
import {
  attributableCandidaciesForLot,
  findCandidacyForAttribution,
  findLotForAttribution,
  findPartner,
  liveApplicationsOfLot,
  lockLot,
  mainLotsOf,
  partnerCandidacies,
  positionsByLot,
} from './attribution.queries.js';

const nameOf = (row: { firstName: string; lastName: string }) => `${row.firstName} ${row.lastName}`.trim();

/**
 * The candidacy a broker attributes a lot to: his own agency (docs/product/access.md#who-may-do-what) and the 'assign
 * lot' rule (agency 1 in a CRM-synced promotion needs a CRM-validated candidacy).
 */
const attributableCandidacy = async (db: Queryable, actor: RequestActor, candidacyId: number) => {
  const candidacy = await findCandidacyForAttribution(db, candidacyId);
  if (!candidacy) throw notFound();
  await assertMemberOf(db, actor, candidacy.promotionId);
  assertCan(actor, 'lot.attribute', { agency_id: candidacy.agencyId });
  const offered = canAttributeLot({
    candidacyAgencyId: candidacy.agencyId,
    multiAgency: candidacy.multiAgency,
    crmUpdatedAt: candidacy.crmUpdatedAt,
    crmValidated: candidacy.crmValidated,
  });
  if (!offered) throw unprocessable(ATTRIBUTION_MESSAGES.crmValidationNeeded);
  return candidacy;
};

export type AttributeLotRequest = { lot_id: number; promotion_id?: number; priority: number; candidacy_2_id: number | null };

/**
 * attributeLot (docs/sales-process.md#2-lots-built and docs/sales-process.md#3-positions-and-4-the-application-lifecycle-built): a new application at status 0 on a main lot of the
 * candidacy's promotion. The position is decided under the lot's row lock, so two brokers
 * taking the last free position at the same time cannot both succeed.
 */
export const attributeLot = async (
  tx: Tx,
  actor: RequestActor,
  candidacyId: number,
  input: AttributeLotRequest,
): Promise<{ application: AttributedApplication; log: Omit<LogEntry, 'promotionId' | 'executedById'> }> => {
  const candidacy = await attributableCandidacy(tx, actor, candidacyId);
  if (input.promotion_id !== undefined && input.promotion_id !== candidacy.promotionId) throw notFound();

  const lot = await lockLot(tx, input.lot_id);
  if (!lot || lot.promotionId !== candidacy.promotionId) throw notFound();
  if (lot.parentId !== null) throw unprocessable(ATTRIBUTION_MESSAGES.notMainLot);

  const live = await liveApplicationsOfLot(tx, lot.id);
  const decision = decideAttribution(
    {
      already_held: live.some((a) => a.candidacy1Id === candidacyId || a.candidacy2Id === candidacyId),
      waiting_list_only: live.some((a) => a.status >= 1),
      best_available_priority: bestAvailablePriority(live.map((a) => a.priority)),
    },
    candidacy.multiAgency,
    input.priority,
  );
  if (!decision.ok) throw decision.reason === 'alreadyHeld' ? conflict(decision.message) : unprocessable(decision.message);

  let partnerName: string | null = null;
  if (input.candidacy_2_id !== null) {
    if (input.candidacy_2_id === candidacyId) throw unprocessable(ATTRIBUTION_MESSAGES.partnerIsSelf);
    const partner = await findPartner(tx, input.candidacy_2_id);
    if (!partner || partner.promotionId !== candidacy.promotionId) throw notFound();
    if (choosesCrmValidatedPartnersOnly(actor, candidacy.crmUpdatedAt) && !partner.crmValidated) {
      throw unprocessable(ATTRIBUTION_MESSAGES.partnerNotValidated);
    }
    partnerName = nameOf(partner);
  }

  const [application] = await tx
    .insert(applications)
    .values({
      promotionId: candidacy.promotionId,
      lotId: lot.id,
      candidacy1Id: candidacyId,
      candidacy2Id: input.candidacy_2_id,
      status: 0,
      priority: decision.priority,
      lastPriorityChange: new Date(),
    })
    .returning({
      id: applications.id,
      public_id: applications.publicId,
      lot_id: applications.lotId,
      priority: applications.priority,
      status: applications.status,
    });

  const changed = await recomputeLotStatuses(tx, [lot.id]);
  if (changed.length > 0) {
    await tx.insert(actionLots).values(
      changed.map((c) => ({
        promotionId: candidacy.promotionId,
        lotId: c.id,
        userId: actor.id,
        column: 'status',
        from: String(c.from),
        to: String(c.to),
      })),
    );
  }
  await recomputeCandidacyStatuses(tx, input.candidacy_2_id === null ? [candidacyId] : [candidacyId, input.candidacy_2_id]);

  const main = nameOf(candidacy);
  return {
    application,
    log: {
      onTitle: partnerName ? `${main} et ${partnerName}` : main,
      title: `Lot ${lot.reference} attribué`,
      applicationId: application.id,
      lotId: lot.id,
      candidacyId,
    },
  };
};

/** The lots the 'assign lot' picker offers a candidacy, with the position each would give. */
export const attributionOptions = async (db: Db, actor: RequestActor, candidacyId: number): Promise<AttributionOptions> => {
  const candidacy = await attributableCandidacy(db, actor, candidacyId);
  const [lotRows, positions] = await Promise.all([
    mainLotsOf(db, candidacy.promotionId),
    positionsByLot(db, candidacy.promotionId, candidacyId),
  ]);
  const byLot = new Map(positions.map((p) => [p.lotId, p]));
  const lots: AttributionLot[] = lotRows.map((lot) => {
    const position = byLot.get(lot.id);
    return {
      id: lot.id,
      reference: lot.reference,
      title: lot.title,
      building: lot.building,
      floor: floorLabel(lot.floor),
      nb_rooms: Number(lot.nbRooms),
      price: lot.price,
      status: lot.status,
      status_text: LOT_STATUS_LABELS[lot.status] ?? '',
      best_available_priority: bestAvailablePriority((position?.taken ?? []).map(Number)),
      waiting_list_only: Boolean(position?.reserved),
      already_held: Boolean(position?.held),
    };
  });
  return { candidacy_id: candidacyId, promotion_id: candidacy.promotionId, multi_agency: candidacy.multiAgency, lots };
};

/** The partner select: the promotion's candidacies but this one; agency 1 in a CRM-synced promotion: validated only. */
export const partnerOptions = async (
  db: Db,
  actor: RequestActor,
  candidacyId: number,
  search: string | undefined,
): Promise<PartnerOption[]> => {
  const candidacy = await attributableCandidacy(db, actor, candidacyId);
  const rows = await partnerCandidacies(db, candidacy.promotionId, candidacyId, {
    validatedOnly: choosesCrmValidatedPartnersOnly(actor, candidacy.crmUpdatedAt),
    search: search || undefined,
    limit: 200,
  });
  return rows.map((r) => ({ id: r.id, full_name: nameOf(r), email: r.email, crm_validated: r.crmValidated }));
};

/**
 * The 'attribute lot' picker opened from a lot row (docs/product/lots.md#screens): the lot's positions and
 * the candidacies of the broker's agency it may go to, those already holding it flagged. The
 * attribution itself is the attributeLot command on the chosen candidacy.
 */
export const lotAttributionOptions = async (
  db: Db,
  actor: RequestActor,
  lotId: number,
  search: string | undefined,
): Promise<LotAttributionOptions> => {
  const lot = await findLotForAttribution(db, lotId);
  if (!lot) throw notFound();
  await assertMemberOf(db, actor, lot.promotionId);
  if (lot.parentId !== null) throw unprocessable(ATTRIBUTION_MESSAGES.notMainLot);
  const agencyId = actor.agency_id;
  // The rule of the candidacy menu, for a candidacy of the broker's own agency that is not validated.
  const validatedOnly = !canAttributeLot({
    candidacyAgencyId: agencyId,
    multiAgency: lot.multiAgency,
    crmUpdatedAt: lot.crmUpdatedAt,
    crmValidated: false,
  });
  const [live, rows] = await Promise.all([
    liveApplicationsOfLot(db, lot.id),
    agencyId === null
      ? Promise.resolve([])
      : attributableCandidaciesForLot(db, {
          promotionId: lot.promotionId,
          agencyId,
          lotId: lot.id,
          validatedOnly,
          search: search || undefined,
          limit: LOT_ATTRIBUTION_CANDIDACIES_LIMIT + 1,
        }),
  ]);
  return {
    promotion_id: lot.promotionId,
    multi_agency: lot.multiAgency,
    lot: {
      id: lot.id,
      reference: lot.reference,
      title: lot.title,
      building: lot.building,
      floor: floorLabel(lot.floor),
      nb_rooms: Number(lot.nbRooms),
      price: lot.price,
      status: lot.status,
      status_text: LOT_STATUS_LABELS[lot.status] ?? '',
      best_available_priority: bestAvailablePriority(live.map((a) => a.priority)),
      waiting_list_only: live.some((a) => a.status >= 1),
    },
    candidacies: rows.slice(0, LOT_ATTRIBUTION_CANDIDACIES_LIMIT).map((r) => ({
      id: r.id,
      full_name: nameOf(r),
      email: r.email,
      status_text: CANDIDACY_STATUS_LABELS[r.status] ?? '',
      crm_validated: r.crmValidated,
      already_held: Boolean(r.held),
    })),
    has_more: rows.length > LOT_ATTRIBUTION_CANDIDACIES_LIMIT,
  };
};
