// Over 400 lines: the form's read and its submission by each signer share the form's row and checks.
import {
  APPLICATION_STATUS_LABELS,
  CIVIL_STATUSES,
  type CivilStatus,
  isPublicId,
  MESSAGES,
  MILESTONE_TEXTS,
  milestoneText,
  PIPELINE_MESSAGES,
  RESERVATION_MESSAGES,
  type ReservationCandidacy,
  type ReservationCandidateValues,
  type ReservationFinancingValues,
  type ReservationForm,
  reservationFormRights,
  type SubmitReservationFormValues,
} from '@promovente/shared';
import { and, eq, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable, Tx } from '../../db/client.js';
import { applications, buildings, candidacies, candidates, lots, promotions, tasks } from '../../db/schema/index.js';
import { assertCan, isMemberOf } from '../../platform/access.js';
import type { RequestActor } from '../../platform/auth.js';
import { badRequest, conflict, notFound, unprocessable } from '../../platform/errors.js';
import { assertIdsInPromotion } from '../../platform/scoped-ids.js';
import { CANDIDACY_MESSAGES } from '../candidacies/index.js';
import type { LogEntry } from '../logs/logs.service.js';
import { notify } from '../notifications/notifications.service.js';
import { closeProcessTasks, openProcessTask } from '../pipeline/index.js';
import { recomputeCandidacyStatuses } from '../statuses/index.js';
import { fullName } from '../users/index.js';

/** The broker has this long to check a filled form (the demo seed uses the same delay). */
const VERIFY_DELAY_MS = 2 * 86_400_000;

// ---------------------------------------------------------------------------------------------
// Loading

const c1 = alias(candidacies, 'c1');
const p1 = alias(candidates, 'p1');
const c2 = alias(candidacies, 'c2');
const p2 = alias(candidates, 'p2');

/** One application with its lot summary and both candidacies: one query. */
const findForm = async (db: Queryable, where: SQL) => {
  const [row] = await db
    .select({
      application: applications,
      lot: {
        id: lots.id,
        reference: lots.reference,
        publicId: lots.publicId,
        title: lots.title,
        areaHab: lots.areaHab,
        nbRooms: lots.nbRooms,
        price: lots.rawPrice,
      },
      // Associated lots follow the main lot; the total adds those whose price is not included (docs/sales-process.md#2-lots-built).
      children: sql<number>`(select count(*) from lots ch where ch.parent_id = ${lots.id})::int`,
      totalPrice: sql<number>`(${lots.rawPrice} + coalesce((
        select sum(ch.raw_price) from lots ch where ch.parent_id = ${lots.id} and ch.price_included = false
      ), 0))::int`,
      buildingTitle: buildings.title,
      promotionTitle: promotions.title,
      c1,
      p1,
      c2,
      p2,
    })
    .from(applications)
    .innerJoin(lots, eq(lots.id, applications.lotId))
    .innerJoin(buildings, eq(buildings.id, lots.buildingId))
    .innerJoin(promotions, eq(promotions.id, applications.promotionId))
    .innerJoin(c1, eq(c1.id, applications.candidacy1Id))
    .innerJoin(p1, eq(p1.id, c1.candidateId))
    .leftJoin(c2, eq(c2.id, applications.candidacy2Id))
    .leftJoin(p2, eq(p2.id, c2.candidateId))
    .where(and(where, eq(applications.hidden, false)))
    .limit(1);
  return row;
};

type FormRow = NonNullable<Awaited<ReturnType<typeof findForm>>>;
type CandidateRow = typeof candidates.$inferSelect;
type CandidacyRow = typeof candidacies.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const civilStatusOf = (value: string | null): CivilStatus | null =>
  (CIVIL_STATUSES as readonly string[]).includes(value ?? '') ? (value as CivilStatus) : null;

const toCandidacy = (candidacy: CandidacyRow, c: CandidateRow): ReservationCandidacy => ({
  id: candidacy.id,
  candidate: {
    id: c.id,
    last_name: c.lastName,
    maiden_name: c.maidenName,
    first_name: c.firstName,
    gender: c.gender === 'F' ? 'F' : 'M',
    is_company: Boolean(c.companyName),
    company_name: c.companyName,
    company_type: c.companyType,
    head_office: c.headOffice,
    company_address: c.companyAddress,
    father_first_name: c.fatherFirstName,
    mother_first_name: c.motherFirstName,
    mother_maiden_name: c.motherMaidenName,
    avs: c.avs,
    birthday: c.birthday,
    birthday_city: c.birthdayCity,
    place_origin: c.placeOrigin,
    establishment_permit: c.establishmentPermit,
    already_swiss_owner: Boolean(c.alreadySwissOwner),
    job: c.job,
    civil_status: civilStatusOf(c.civilStatus),
    address: c.address,
    city: c.city,
    country: c.country,
    zip: c.zip,
    phone_private: c.phonePrivate,
    phone_pro: c.phonePro,
    phone: c.phone,
    email: c.email,
  },
  financing: {
    mortgage_amount: candidacy.mortgageAmount,
    mortgage_bank_name: candidacy.mortgageBankName,
    mortgage_contact_name: candidacy.mortgageContactName,
    second_pillar_amount: candidacy.secondPillarAmount,
    second_pillar_bank_name: candidacy.secondPillarBankName,
    second_pillar_contact_name: candidacy.secondPillarContactName,
    third_pillar_amount: candidacy.thirdPillarAmount,
    third_pillar_bank_name: candidacy.thirdPillarBankName,
    third_pillar_contact_name: candidacy.thirdPillarContactName,
    financials_unavailable: candidacy.financialsUnavailable,
  },
});

const stateOf = (row: FormRow) => ({
  sent: row.application.reservationSentAt !== null,
  confirmed: row.application.reservationConfirmedAt !== null,
  closed: row.application.closedAt !== null,
  candidacy_agency_id: row.c1.agencyId,
});

const toForm = (actor: RequestActor, row: FormRow): ReservationForm => {
  const a = row.application;
  return {
    id: a.id,
    public_id: a.publicId,
    promotion_id: a.promotionId,
    status: a.status,
    status_text: APPLICATION_STATUS_LABELS[a.status] ?? '',
    reservation_sent_at: iso(a.reservationSentAt),
    first_reservation_at: iso(a.firstReservationAt),
    reservation_confirmed_at: iso(a.reservationConfirmedAt),
    confirmed: a.reservationConfirmedAt !== null,
    negociated_price: a.negociatedPrice,
    lot: {
      reference: row.lot.reference,
      public_id: row.lot.publicId,
      title: row.lot.title,
      promotion_title: row.promotionTitle,
      building_title: row.buildingTitle,
      children: Number(row.children),
      area_hab: Number(row.lot.areaHab),
      nb_rooms: Number(row.lot.nbRooms),
      price: row.lot.price,
      total_price: Number(row.totalPrice),
    },
    candidacy1: toCandidacy(row.c1, row.p1),
    candidacy2: row.c2 && row.p2 ? toCandidacy(row.c2, row.p2) : null,
    ...reservationFormRights(actor, stateOf(row)),
  };
};

/** A candidate sees only the applications he is a candidate of (his records carry his account). */
const isOwnApplication = (actor: RequestActor, row: FormRow) => row.p1.userId === actor.id || row.p2?.userId === actor.id;

/**
 * GET /applications/public/:publicId (docs/product/calls.md#direct-application-calls): the reservation form. Staff see the
 * applications of their promotions, a candidate only his own; anything else answers 404.
 */
export const getReservationForm = async (db: Queryable, actor: RequestActor, publicId: string): Promise<ReservationForm> => {
  if (!isPublicId(publicId)) throw notFound();
  const row = await findForm(db, eq(applications.publicId, publicId));
  if (!row) throw notFound();
  if (actor.type === 'candidate' && !isOwnApplication(actor, row)) throw notFound();
  if (!(await isMemberOf(db, actor, row.application.promotionId))) throw notFound();
  return toForm(actor, row);
};

// ---------------------------------------------------------------------------------------------
// Submitting

const candidateColumns = (c: ReservationCandidateValues) => ({
  lastName: c.last_name,
  maidenName: c.maiden_name,
  firstName: c.first_name,
  gender: c.gender,
  companyName: c.company_name,
  companyType: c.company_type,
  headOffice: c.head_office,
  companyAddress: c.company_address,
  fatherFirstName: c.father_first_name,
  motherFirstName: c.mother_first_name,
  motherMaidenName: c.mother_maiden_name,
  avs: c.avs,
  birthday: c.birthday,
  birthdayCity: c.birthday_city,
  placeOrigin: c.place_origin,
  establishmentPermit: c.establishment_permit,
  alreadySwissOwner: c.already_swiss_owner,
  job: c.job,
  civilStatus: c.civil_status,
  address: c.address,
  city: c.city,
  country: c.country,
  zip: c.zip,
  phonePrivate: c.phone_private,
  phonePro: c.phone_pro,
  phone: c.phone,
});

const financingColumns = (f: ReservationFinancingValues) => ({
  mortgageAmount: f.mortgage_amount,
  mortgageBankName: f.mortgage_bank_name,
  mortgageContactName: f.mortgage_contact_name,
  secondPillarAmount: f.second_pillar_amount,
  secondPillarBankName: f.second_pillar_bank_name,
  secondPillarContactName: f.second_pillar_contact_name,
  thirdPillarAmount: f.third_pillar_amount,
  thirdPillarBankName: f.third_pillar_bank_name,
  thirdPillarContactName: f.third_pillar_contact_name,
  financialsUnavailable: f.financials_unavailable,
});

/**
 * The e-mail a candidate keeps: read-only once he exists (docs/product/reservation-form.md#screens). A record that has
 * none yet may receive one. Answers the e-mail to write, or undefined to leave it.
 */
const emailChange = (stored: string | null, sent: string | null): string | undefined => {
  if (stored === null) return sent ?? undefined;
  if (sent !== null && sent !== stored.toLowerCase()) throw unprocessable(CANDIDACY_MESSAGES.emailReadOnly);
  return undefined;
};

/**
 * An e-mail is one person's in a promotion: no other candidate of this promotion may hold it.
 * Other promotions are not looked at (docs/decisions/008-candidates-per-promotion.md).
 */
const assertEmailFree = async (tx: Tx, promotionId: number, email: string, candidateId: number | null) => {
  const [candidate] = await tx
    .select({ id: candidates.id })
    .from(candidates)
    .where(
      and(
        eq(candidates.promotionId, promotionId),
        sql`lower(${candidates.email}) = ${email}`,
        candidateId === null ? undefined : ne(candidates.id, candidateId),
      ),
    )
    .limit(1);
  if (candidate) throw conflict(MESSAGES.emailAlreadyExists);
};

/** Refuses what the actor may not do on this application right now (docs/product/reservation-form.md#screens, docs/product/reservation-form.md#reservation-lifecycle and docs/product/access.md#who-may-do-what). */
const assertMaySubmit = (actor: RequestActor, row: FormRow) => {
  if (actor.type === 'candidate' && !isOwnApplication(actor, row)) throw notFound();
  const state = stateOf(row);
  if (state.closed) throw unprocessable(RESERVATION_MESSAGES.closed);
  if (actor.type === 'candidate' && state.confirmed) throw unprocessable(RESERVATION_MESSAGES.locked);
  if (actor.type === 'candidate' && !state.sent) throw unprocessable(RESERVATION_MESSAGES.notSent);
  if (!reservationFormRights(actor, state).editable) throw unprocessable(PIPELINE_MESSAGES.actionUnavailable);
};

export type SubmitReservationFormResult = {
  data: ReservationForm;
  log: Omit<LogEntry, 'promotionId' | 'executedById'>;
};

/**
 * submitReservationForm (docs/sales-process.md#3-positions-and-4-the-application-lifecycle-built): saves both candidates and both financing blocks,
 * creates the second candidate when candidacy 2 is new, sets first_reservation_at once and the
 * FR milestone text unless the form was validated, closes the waiting task, opens the broker's
 * check task and notifies the broker. Runs in the command's transaction, the application locked.
 */
export const submitReservationForm = async (
  tx: Tx,
  actor: RequestActor,
  applicationId: number,
  input: SubmitReservationFormValues,
): Promise<SubmitReservationFormResult> => {
  await tx.select({ id: applications.id }).from(applications).where(eq(applications.id, applicationId)).for('update');
  const row = await findForm(tx, eq(applications.id, applicationId));
  if (!row) throw notFound();
  // A broker acts only on his own agency's candidates (docs/product/access.md#who-may-do-what): 403 'Accès refusé'.
  assertCan(actor, 'reservationForm.submit', { agency_id: row.c1.agencyId });
  assertMaySubmit(actor, row);

  const first = input.candidacy1;
  const second = input.candidacy2;
  // A candidate id of another promotion, or unknown, answers 404; another person of this promotion, 422.
  const promotionId = row.application.promotionId;
  if (first.candidate.id !== row.p1.id) {
    await assertIdsInPromotion(tx, promotionId, { candidateId: first.candidate.id ?? undefined });
    throw unprocessable(RESERVATION_MESSAGES.candidateMismatch);
  }
  if (second === null && row.c2) throw unprocessable(RESERVATION_MESSAGES.partnerRemoval);
  if (second && (second.candidate.id ?? null) !== (row.p2?.id ?? null)) {
    if (second.candidate.id != null) await assertIdsInPromotion(tx, promotionId, { candidateId: second.candidate.id });
    throw unprocessable(RESERVATION_MESSAGES.candidateMismatch);
  }

  // E-mails: read-only once a candidate exists; the two candidates never share one.
  const email1 = emailChange(row.p1.email, first.candidate.email);
  const email2 = second ? (row.p2 ? emailChange(row.p2.email, second.candidate.email) : (second.candidate.email ?? undefined)) : undefined;
  const effective1 = (email1 ?? row.p1.email)?.toLowerCase() ?? null;
  const effective2 = second ? ((email2 ?? row.p2?.email)?.toLowerCase() ?? null) : null;
  if (effective1 !== null && effective1 === effective2) throw badRequest(PIPELINE_MESSAGES.sameEmail);
  if (email1) await assertEmailFree(tx, row.application.promotionId, email1, row.p1.id);
  if (email2) await assertEmailFree(tx, row.application.promotionId, email2, row.p2?.id ?? null);

  const now = new Date();
  await tx
    .update(candidates)
    .set({ ...candidateColumns(first.candidate), ...(email1 ? { email: email1 } : {}), updatedAt: now })
    .where(eq(candidates.id, row.p1.id));
  await tx
    .update(candidacies)
    .set({ ...financingColumns(first.financing), updatedAt: now })
    .where(eq(candidacies.id, row.c1.id));

  let partnerName = row.p2 ? fullName(row.p2) : null;
  if (second && row.c2 && row.p2) {
    await tx
      .update(candidates)
      .set({ ...candidateColumns(second.candidate), ...(email2 ? { email: email2 } : {}), updatedAt: now })
      .where(eq(candidates.id, row.p2.id));
    await tx
      .update(candidacies)
      .set({ ...financingColumns(second.financing), updatedAt: now })
      .where(eq(candidacies.id, row.c2.id));
    partnerName = fullName({ firstName: second.candidate.first_name, lastName: second.candidate.last_name });
  } else if (second) {
    // A new second candidate: his candidacy in the promotion, with the main candidacy's broker and agency.
    const [candidate] = await tx
      .insert(candidates)
      .values({ ...candidateColumns(second.candidate), email: email2 ?? null, promotionId: row.application.promotionId })
      .returning({ id: candidates.id, firstName: candidates.firstName, lastName: candidates.lastName });
    const [candidacy] = await tx
      .insert(candidacies)
      .values({
        promotionId: row.application.promotionId,
        candidateId: candidate.id,
        brokerId: row.c1.brokerId,
        agencyId: row.c1.agencyId,
        couple: true,
        ...financingColumns(second.financing),
      })
      .returning({ id: candidacies.id });
    await tx.update(candidacies).set({ couple: true, updatedAt: now }).where(eq(candidacies.id, row.c1.id));
    await tx.update(applications).set({ candidacy2Id: candidacy.id }).where(eq(applications.id, applicationId));
    await recomputeCandidacyStatuses(tx, [candidacy.id]);
    partnerName = fullName(candidate);
  }

  const a = row.application;
  const firstTime = a.firstReservationAt === null;
  await tx
    .update(applications)
    .set({
      firstReservationAt: a.firstReservationAt ?? now,
      // FR tells when the form was last filled, until the broker validates it (then it is checked).
      ...(a.statusFrChecked ? {} : { statusFr: milestoneText(MILESTONE_TEXTS.formFilled, now) }),
      updatedAt: now,
    })
    .where(eq(applications.id, applicationId));

  await closeProcessTasks(tx, applicationId, ['reservation_form_pending'], actor.id);
  if (a.reservationConfirmedAt === null) {
    const [open] = await tx
      .select({ id: tasks.id })
      .from(tasks)
      .where(and(eq(tasks.applicationId, applicationId), eq(tasks.kind, 'verify_reservation_form'), isNull(tasks.doneAt)))
      .limit(1);
    if (!open) {
      await openProcessTask(
        tx,
        { id: applicationId, promotionId: a.promotionId, brokerId: row.c1.brokerId },
        'verify_reservation_form',
        new Date(now.getTime() + VERIFY_DELAY_MS),
        actor.id,
      );
    }
  }

  const mainName = fullName({ firstName: first.candidate.first_name, lastName: first.candidate.last_name });
  const onTitle = partnerName ? `${mainName} et ${partnerName}` : mainName;
  const title = firstTime ? RESERVATION_MESSAGES.filled : RESERVATION_MESSAGES.updated;
  if (row.c1.brokerId !== null && row.c1.brokerId !== actor.id) {
    await notify(tx, [row.c1.brokerId], { title, description: `${onTitle} – lot ${row.lot.reference}`, promotionId: a.promotionId });
  }

  const saved = await findForm(tx, eq(applications.id, applicationId));
  return {
    data: toForm(actor, saved as FormRow),
    log: { onTitle, title, applicationId, lotId: row.lot.id, candidacyId: row.c1.id },
  };
};
