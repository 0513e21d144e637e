import { actsForAgency, CANDIDACY_ALREADY_EXISTS, type CommandFields } from '@promovente/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import {
  agencies,
  applications,
  candidacies,
  candidates,
  files,
  lots,
  promotionAgencies,
  promotions,
  promotionUsers,
  users,
} from '../../db/schema/index.js';
import { assertCan } from '../../platform/access.js';
import type { RequestActor } from '../../platform/auth.js';
import { notFound, unprocessable } from '../../platform/errors.js';
import type { CommandHandlers } from '../commands/index.js';
import { closePositionGap, lockPositions } from '../pipeline/index.js';
import { recomputeCandidacyStatuses, recomputeLotStatuses } from '../statuses/index.js';
import { fullName } from '../users/index.js';
import { lockCandidacy } from './candidacies.queries.js';

/** The French texts of these commands (success toasts and history rows). */
export const CANDIDACY_MESSAGES = {
  created: 'Candidat créé',
  updated: 'Candidature modifiée',
  deleted: 'Candidature supprimée',
  moved: (agency: string) => `Candidature déplacée vers l'agence ${agency}`,
  invalidBroker: 'Courtier invalide',
  emailReadOnly: "L'e-mail du candidat ne peut pas être modifié",
  sameAgency: 'La candidature est déjà dans cette agence',
} as const;

type CandidateForm = CommandFields<'createCandidacy'>['candidacy']['candidate'];

const candidateValues = (form: Omit<CandidateForm, 'email'>) => ({
  firstName: form.first_name,
  lastName: form.last_name,
  gender: form.gender,
  phone: form.phone,
  phonePrivate: form.phone_private,
  phonePro: form.phone_pro,
  householdSize: form.household_size,
  householdIncome: form.household_income,
  ownFunds: form.own_funds,
  budget: form.budget,
  zip: form.zip,
  address: form.address,
  city: form.city,
  country: form.country,
  maidenName: form.maiden_name,
  job: form.job,
  companyName: form.company_name,
});

/** The broker a candidacy is given: the caller, or another broker of his agency who is a member of the promotion. */
const brokerFor = async (tx: Tx, actor: RequestActor, promotionId: number, brokerId: number | null | undefined) => {
  if (!brokerId || brokerId === actor.id) return { id: actor.id, agencyId: actor.agency_id };
  const [broker] = await tx
    .select({ id: users.id, agencyId: users.agencyId })
    .from(users)
    .innerJoin(promotionUsers, and(eq(promotionUsers.userId, users.id), eq(promotionUsers.promotionId, promotionId)))
    .where(and(eq(users.id, brokerId), eq(users.type, 'broker')))
    .limit(1);
  // Not a broker of this promotion: 404 like an unknown id; one who does not act for the
  // candidacy's agency (the caller's) is the own-agency rule's refusal.
  if (!broker) throw notFound();
  if (!actsForAgency({ type: 'broker', agency_id: broker.agencyId }, actor.agency_id ?? null))
    throw unprocessable(CANDIDACY_MESSAGES.invalidBroker);
  return broker;
};

/**
 * createCandidacy (docs/product/validation.md#candidate-form and docs/product/errors.md#candidates-and-lots): a new candidate of this promotion, or this
 * promotion's record of that e-mail when it has no candidacy here, gets a candidacy of the
 * caller's agency. What a promotion knows about a person belongs to that promotion
 * (docs/decisions/008-candidates-per-promotion.md): an e-mail known only elsewhere creates
 * this promotion's own record and reads nothing from elsewhere, and 'already_exists' answers
 * only a candidacy of this promotion, so the answer tells nothing about other promotions or
 * about staff accounts. No e-mail is sent (credentials go out with the reservation form).
 */
const createCandidacy: CommandHandlers['createCandidacy'] = async ({ tx, actor, target }, input) => {
  const form = input.candidacy;
  const email = form.candidate.email;
  const broker = await brokerFor(tx, actor, target.id, form.broker_id);

  const [existing] = await tx
    .select()
    .from(candidates)
    .where(and(eq(candidates.promotionId, target.id), sql`lower(${candidates.email}) = ${email}`))
    .limit(1);
  let candidate = existing;
  if (existing) {
    const [already] = await tx
      .select({ id: candidacies.id })
      .from(candidacies)
      .where(and(eq(candidacies.promotionId, target.id), eq(candidacies.candidateId, existing.id)))
      .limit(1);
    if (already) return { data: CANDIDACY_ALREADY_EXISTS, log: null };
  } else {
    [candidate] = await tx
      .insert(candidates)
      .values({ ...candidateValues(form.candidate), email, promotionId: target.id })
      .returning();
  }

  const [candidacy] = await tx
    .insert(candidacies)
    .values({
      promotionId: target.id,
      candidateId: candidate.id,
      brokerId: broker.id,
      agencyId: broker.agencyId,
      status: form.status,
      priority: form.priority,
      vip: form.vip,
      reasonVip: form.reason_vip,
      couple: form.couple,
      budget: form.budget,
    })
    .returning({ id: candidacies.id });
  return {
    data: { id: candidacy.id, candidate_id: candidate.id },
    message: CANDIDACY_MESSAGES.created,
    log: { onTitle: fullName(candidate), title: CANDIDACY_MESSAGES.created, candidacyId: candidacy.id },
  };
};

/** The candidacy of a command, for a broker of its agency (403 'Accès refusé' otherwise: the permission's own-agency rule). */
const editableCandidacy = async (
  tx: Tx,
  actor: RequestActor,
  id: number,
  permission: 'candidacy.edit' | 'candidacy.delete' | 'candidacy.changeAgency',
) => {
  const row = await lockCandidacy(tx, id);
  if (!row) throw notFound();
  assertCan(actor, permission, { agency_id: row.candidacy.agencyId });
  return row;
};

/** updateCandidacy: the form again; the e-mail is read-only once created. */
const updateCandidacy: CommandHandlers['updateCandidacy'] = async ({ tx, actor, target }, input) => {
  if (input.promotion_id !== undefined && input.promotion_id !== target.promotionId) throw notFound();
  const { candidacy, candidate } = await editableCandidacy(tx, actor, target.id, 'candidacy.edit');
  const form = input.candidacy;
  const { email, ...candidateForm } = form.candidate;
  if (email !== undefined && email !== (candidate.email ?? '').toLowerCase()) throw unprocessable(CANDIDACY_MESSAGES.emailReadOnly);
  const brokerId =
    form.broker_id && form.broker_id !== candidacy.brokerId
      ? (await brokerFor(tx, actor, target.promotionId, form.broker_id)).id
      : candidacy.brokerId;

  const now = new Date();
  await tx
    .update(candidates)
    .set({ ...candidateValues(candidateForm), updatedAt: now })
    .where(eq(candidates.id, candidate.id));
  await tx
    .update(candidacies)
    .set({
      status: form.status,
      priority: form.priority,
      vip: form.vip,
      reasonVip: form.reason_vip,
      couple: form.couple,
      budget: form.budget,
      brokerId,
      updatedAt: now,
    })
    .where(eq(candidacies.id, candidacy.id));
  // A status set by hand never goes below what the live applications say (docs/sales-process.md#3-positions-and-4-the-application-lifecycle-built).
  await recomputeCandidacyStatuses(tx, [candidacy.id]);
  return {
    data: { id: candidacy.id },
    message: CANDIDACY_MESSAGES.updated,
    log: {
      onTitle: `${candidateForm.first_name} ${candidateForm.last_name}`,
      title: CANDIDACY_MESSAGES.updated,
      candidacyId: candidacy.id,
    },
  };
};

/**
 * deleteCandidacy: final. Removes the candidacy with its applications (as main candidacy),
 * tasks, comments and files rows; a partner role on another application is detached. Lot
 * statuses are recomputed and released positions move up. The history keeps its rows.
 */
const deleteCandidacy: CommandHandlers['deleteCandidacy'] = async (ctx) => {
  const { tx, actor, target, storage, afterCommit } = ctx;
  const { candidacy, candidate } = await editableCandidacy(tx, actor, target.id, 'candidacy.delete');
  const stored = await tx.select({ key: files.storageKey }).from(files).where(eq(files.candidacyId, candidacy.id));
  const owned = await tx
    .select({
      id: applications.id,
      lotId: applications.lotId,
      priority: applications.priority,
      hidden: applications.hidden,
      closedAt: applications.closedAt,
      lotReference: lots.reference,
    })
    .from(applications)
    .innerJoin(lots, eq(lots.id, applications.lotId))
    .where(eq(applications.candidacy1Id, candidacy.id));
  const [promotion] = await tx
    .select({ multiAgency: promotions.multiAgency })
    .from(promotions)
    .where(eq(promotions.id, target.promotionId));
  const live = owned.filter((a) => !a.hidden && a.closedAt === null);
  // The lots before their applications, in the pipeline's order: the positions move under their locks.
  await lockPositions(tx, promotion?.multiAgency ? live.map((a) => a.lotId) : []);
  const partnerOf = await tx
    .select({ candidacyId: applications.candidacy1Id })
    .from(applications)
    .where(eq(applications.candidacy2Id, candidacy.id));
  // Cascades: applications (candidacy1), their tasks, the candidacy's tasks, comments and files rows.
  await tx.delete(candidacies).where(eq(candidacies.id, candidacy.id));
  // The same moves as deleteApplication's (pipeline's positions service): history, deadline, notifications.
  for (const left of live.sort((a, b) => b.priority - a.priority)) {
    const lot = {
      promotionId: target.promotionId,
      lotId: left.lotId,
      lotReference: left.lotReference,
      multiAgency: Boolean(promotion?.multiAgency),
    };
    await closePositionGap(ctx, lot, left, 'deleted');
  }
  await recomputeLotStatuses(tx, [...new Set(owned.map((a) => a.lotId))]);
  await recomputeCandidacyStatuses(tx, [...new Set(partnerOf.map((p) => p.candidacyId))]);
  // Deletion removes all data: the stored documents go too, once the rows are gone for good.
  afterCommit(() => Promise.all(stored.map((file) => storage.remove(file.key))));
  return {
    data: null,
    message: CANDIDACY_MESSAGES.deleted,
    log: { onTitle: fullName(candidate), title: CANDIDACY_MESSAGES.deleted },
  };
};

/**
 * moveCandidacyToOtherAgency: irreversible. The target must be another agency of the
 * promotion; the candidacy leaves its broker (broker null) for the new agency to assign.
 */
const moveCandidacyToOtherAgency: CommandHandlers['moveCandidacyToOtherAgency'] = async ({ tx, actor, target }, input) => {
  const { candidacy, candidate } = await editableCandidacy(tx, actor, target.id, 'candidacy.changeAgency');
  if (input.agency_id === candidacy.agencyId) throw unprocessable(CANDIDACY_MESSAGES.sameAgency);
  const [agency] = await tx
    .select({ id: agencies.id, name: agencies.name })
    .from(promotionAgencies)
    .innerJoin(agencies, eq(agencies.id, promotionAgencies.agencyId))
    .where(and(eq(promotionAgencies.promotionId, target.promotionId), eq(promotionAgencies.agencyId, input.agency_id)))
    .limit(1);
  if (!agency) throw notFound();
  await tx.update(candidacies).set({ agencyId: agency.id, brokerId: null, updatedAt: new Date() }).where(eq(candidacies.id, candidacy.id));
  const title = CANDIDACY_MESSAGES.moved(agency.name);
  return {
    data: { id: candidacy.id, agency_id: agency.id },
    message: title,
    log: { onTitle: fullName(candidate), title, candidacyId: candidacy.id },
  };
};

/** The candidacy commands; their entity, input and roles are in the shared command catalogue. */
export const CANDIDACY_COMMANDS = {
  createCandidacy,
  updateCandidacy,
  deleteCandidacy,
  moveCandidacyToOtherAgency,
} satisfies Partial<CommandHandlers>;
