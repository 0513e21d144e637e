import {
  type ArchitectInput,
  type BankerInput,
  type CreatableKind,
  can,
  MESSAGES,
  type NotaryInput,
  type Paginated,
  PEOPLE_KIND_TYPES,
  PEOPLE_MESSAGES,
  PERSON_OPTIONS_PAGE_SIZE,
  type PersonInput,
  type PersonOption,
  type PersonSearchQuery,
  type PersonType,
  type PromotionNotary,
  type PromotionPeople,
} from '@promovente/shared';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { candidacies, passwordResets, promotions, promotionUsers, users } from '../../db/schema/index.js';
import { assertMemberOf } from '../../platform/access.js';
import type { RequestActor } from '../../platform/auth.js';
import { conflict, forbidden, notFound } from '../../platform/errors.js';
import type { Jobs } from '../../platform/jobs.js';
import { queueMail } from '../../platform/mail.js';
import { paginate } from '../../platform/pagination.js';
import { hitRateLimit } from '../../platform/rate-limit.js';
import { hashToken, newToken } from '../../platform/tokens.js';
import { findUserByEmail, fullName } from '../users/index.js';
import { peopleOf, personOptionsPage } from './people.queries.js';

export type PeopleDeps = { db: Db; jobs: Jobs; appUrl: string; rateLimitMultiplier: number };

/**
 * An invitation link lives a week: the person may open his e-mail days later, unlike a reset he
 * has just asked for (60 minutes). docs/decisions/013-invitation-instead-of-default-password.md
 */
export const INVITATION_LIFETIME_DAYS = 7;
/** Invitations an admin may send one person per 15 minutes (times RATE_LIMIT_MULTIPLIER), like the reset requests. */
export const INVITATIONS_PER_PERSON = 3;

const ROLE_LABELS: Record<PersonType, string> = {
  notary: 'notaire',
  broker: 'courtier',
  promoter: 'promoteur',
  banker: 'banquier',
  architect: 'architecte',
};

/** Every change of the people menus is an admin's (docs/product/promotion-administration.md#permissions). */
export const assertManager = (actor: RequestActor) => {
  if (!can(actor, 'people.manage')) throw forbidden();
};

const isUniqueViolation = (error: unknown): boolean => {
  const codeOf = (e: unknown) => (e && typeof e === 'object' && 'code' in e ? (e as { code: unknown }).code : undefined);
  return codeOf(error) === '23505' || codeOf((error as { cause?: unknown } | null)?.cause) === '23505';
};

const loadPeople = async (db: Db, actor: RequestActor, promotionId: number): Promise<PromotionPeople> => {
  const people = await peopleOf(db, promotionId, can(actor, 'people.manage'));
  if (!people) throw notFound();
  return people;
};

/** GET promotions/{id}/people: members read the lists, admins also see each invitation. */
export const listPeople = async (db: Db, actor: RequestActor, promotionId: number): Promise<PromotionPeople> => {
  await assertMemberOf(db, actor, promotionId);
  return loadPeople(db, actor, promotionId);
};

/** GET notaries, promoters, bankers, architects: the add-existing pickers, a page at a time. */
export const listPersonOptions = async (db: Db, type: PersonType, query: PersonSearchQuery): Promise<Paginated<PersonOption>> => {
  const { rows, total, page } = await personOptionsPage(db, type, { ...query, pageSize: PERSON_OPTIONS_PAGE_SIZE });
  return paginate(rows, total, page, PERSON_OPTIONS_PAGE_SIZE);
};

/** The promotion's row, locked: the changes of its people run one after the other. */
const lockPromotion = async (tx: Tx, promotionId: number) => {
  const [row] = await tx
    .select({ id: promotions.id, title: promotions.title, brokerId: promotions.brokerId })
    .from(promotions)
    .where(eq(promotions.id, promotionId))
    .for('update');
  if (!row) throw notFound();
  return row;
};

/** A person of that type attached to the promotion, or 404 (another promotion's person is unknown here). */
const attachedPerson = async (tx: Tx, promotionId: number, type: PersonType, userId: number) => {
  const [row] = await tx
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, main: promotionUsers.main })
    .from(promotionUsers)
    .innerJoin(users, eq(users.id, promotionUsers.userId))
    .where(and(eq(promotionUsers.promotionId, promotionId), eq(promotionUsers.userId, userId), eq(users.type, type)))
    .limit(1);
  if (!row) throw notFound(PEOPLE_MESSAGES.notAttached);
  return row;
};

/**
 * A one-time link to set one's password, e-mailed in the caller's transaction: a password reset
 * token (the reset screen takes it, docs/product/calls.md#auth-and-user) marked 'invitation' and
 * valid a week. A new invitation closes the earlier ones, so only the last e-mail's link works.
 */
const sendInvitation = async (
  tx: Tx,
  deps: Pick<PeopleDeps, 'jobs' | 'appUrl'>,
  invited: { id: number; email: string; firstName: string; lastName: string; type: PersonType },
  promotion: { id: number; title: string },
  admin: RequestActor,
) => {
  const now = new Date();
  await tx
    .update(passwordResets)
    .set({ expiresAt: now })
    .where(
      and(
        eq(passwordResets.userId, invited.id),
        eq(passwordResets.purpose, 'invitation'),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
      ),
    );
  const token = newToken();
  await tx.insert(passwordResets).values({
    userId: invited.id,
    tokenHash: hashToken(token),
    purpose: 'invitation',
    expiresAt: new Date(now.getTime() + INVITATION_LIFETIME_DAYS * 86_400_000),
  });
  const link = `${deps.appUrl}/password/update/${token}?email=${encodeURIComponent(invited.email)}`;
  const [sender] = await tx.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, admin.id));
  const adminName = sender ? fullName(sender) : 'Promovente';
  await queueMail(tx, deps.jobs, {
    to: [invited.email],
    subject: `Promovente : votre accès à la promotion ${promotion.title}`,
    promotionId: promotion.id,
    text: [
      `Bonjour ${fullName(invited)},`,
      '',
      `${adminName} vous a ouvert un accès Promovente en tant que ${ROLE_LABELS[invited.type]} de la promotion « ${promotion.title} ».`,
      'Pour activer votre compte, choisissez votre mot de passe en ouvrant ce lien :',
      link,
      '',
      `Ce lien ne sert qu'une fois et reste valable ${INVITATION_LIFETIME_DAYS} jours. Votre identifiant est votre adresse e-mail : ${invited.email}.`,
      `Si le lien a expiré, demandez à ${adminName} de vous renvoyer l'invitation.`,
    ].join('\n'),
  });
};

/** POST promotions/{id}/add-{type}/{userId}: attaches an existing person of that type (again: no change). */
export const attachPerson = async (db: Db, actor: RequestActor, promotionId: number, type: PersonType, userId: number) => {
  await db.transaction(async (tx) => {
    await lockPromotion(tx, promotionId);
    const [person] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.type, type)))
      .limit(1);
    if (!person) throw notFound(PEOPLE_MESSAGES.notAPerson);
    await tx.insert(promotionUsers).values({ promotionId, userId }).onConflictDoNothing();
  });
  return loadPeople(db, actor, promotionId);
};

/**
 * POST promotions/{id}/remove-{type}/{userId}. A broker who is the promotion's main broker or
 * follows candidacies of it stays: removing him would leave them without a broker (docs/sales-process.md#people-of-a-promotion).
 */
export const detachPerson = async (db: Db, actor: RequestActor, promotionId: number, type: PersonType, userId: number) => {
  await db.transaction(async (tx) => {
    const promotion = await lockPromotion(tx, promotionId);
    await attachedPerson(tx, promotionId, type, userId);
    if (type === 'broker') {
      if (promotion.brokerId === userId) throw conflict(PEOPLE_MESSAGES.mainBroker);
      const [followed] = await tx
        .select({ id: candidacies.id })
        .from(candidacies)
        .where(and(eq(candidacies.promotionId, promotionId), eq(candidacies.brokerId, userId)))
        .limit(1);
      if (followed) throw conflict(PEOPLE_MESSAGES.brokerHasCandidacies);
    }
    await tx.delete(promotionUsers).where(and(eq(promotionUsers.promotionId, promotionId), eq(promotionUsers.userId, userId)));
  });
  return loadPeople(db, actor, promotionId);
};

const detailsOf = (kind: CreatableKind, input: PersonInput) => {
  switch (kind) {
    case 'notaries': {
      const n = input as NotaryInput;
      return {
        phone: n.phone,
        iban: n.iban,
        bankName: n.bank_name,
        bankHolder: n.bank_holder,
        address: n.address,
        zip: n.zip,
        city: n.city,
        secretaryGender: n.secretary_gender,
        secretaryName: n.secretary_name,
        secretaryEmail: n.secretary_email,
        secretaryPhone: n.secretary_phone,
      };
    }
    case 'bankers':
      return { bankName: (input as BankerInput).bank_name };
    case 'architects':
      return { officeName: (input as ArchitectInput).office_name };
    default:
      return {};
  }
};

/**
 * POST promotions/{id}/notaries, promoters, bankers, architects: a new account without a
 * password, attached to the promotion, and its invitation e-mail, in one transaction. An e-mail
 * that already has an account is refused: the admin adds that person as an existing one.
 */
export const createPerson = async (deps: PeopleDeps, actor: RequestActor, promotionId: number, kind: CreatableKind, input: PersonInput) => {
  const type = PEOPLE_KIND_TYPES[kind];
  if (await findUserByEmail(deps.db, input.email)) throw conflict(PEOPLE_MESSAGES.emailTaken);
  try {
    await deps.db.transaction(async (tx) => {
      const promotion = await lockPromotion(tx, promotionId);
      const [created] = await tx
        .insert(users)
        .values({
          type,
          email: input.email,
          firstName: input.first_name,
          lastName: input.last_name,
          passwordHash: null,
          numberConnections: 0,
          ...detailsOf(kind, input),
        })
        .returning({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName });
      await tx.insert(promotionUsers).values({ promotionId, userId: created.id });
      await sendInvitation(tx, deps, { ...created, type }, promotion, actor);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(PEOPLE_MESSAGES.emailTaken);
    throw error;
  }
  return loadPeople(deps.db, actor, promotionId);
};

/** PUT promotions/{id}/notaries/{notaryId}: the notary's details (answer: the notary). */
export const updateNotary = async (db: Db, actor: RequestActor, promotionId: number, notaryId: number, input: NotaryInput) => {
  const existing = await findUserByEmail(db, input.email);
  if (existing && existing.id !== notaryId) throw conflict(MESSAGES.emailAlreadyExists);
  try {
    await db.transaction(async (tx) => {
      await lockPromotion(tx, promotionId);
      await attachedPerson(tx, promotionId, 'notary', notaryId);
      await tx
        .update(users)
        .set({
          email: input.email,
          firstName: input.first_name,
          lastName: input.last_name,
          updatedAt: new Date(),
          ...detailsOf('notaries', input),
        })
        .where(eq(users.id, notaryId));
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(MESSAGES.emailAlreadyExists);
    throw error;
  }
  const people = await loadPeople(db, actor, promotionId);
  const notary = people.notaries.find((n) => n.id === notaryId);
  if (!notary) throw notFound(PEOPLE_MESSAGES.notAttached);
  return notary;
};

/**
 * PUT promotions/{id}/update-notary-main/{notaryId}: toggles the main flag. A promotion has at
 * most one main notary (the unique index promotion_user_main_unique): making one main makes the
 * former one a plain notary. The answer, the promotion's notaries, replaces the client's list.
 */
export const toggleMainNotary = async (db: Db, actor: RequestActor, promotionId: number, notaryId: number): Promise<PromotionNotary[]> => {
  await db.transaction(async (tx) => {
    await lockPromotion(tx, promotionId);
    const notary = await attachedPerson(tx, promotionId, 'notary', notaryId);
    if (!notary.main) {
      await tx
        .update(promotionUsers)
        .set({ main: false })
        .where(and(eq(promotionUsers.promotionId, promotionId), eq(promotionUsers.main, true)));
    }
    await tx
      .update(promotionUsers)
      .set({ main: !notary.main })
      .where(and(eq(promotionUsers.promotionId, promotionId), eq(promotionUsers.userId, notaryId)));
  });
  return (await loadPeople(db, actor, promotionId)).notaries;
};

/**
 * POST promotions/{id}/people/{userId}/invite ('Renvoyer l'invitation'): a new link, the earlier
 * ones closed, for a person of the promotion who has not chosen his password yet. Limited per
 * person like the reset requests.
 */
export const resendInvitation = async (deps: PeopleDeps, actor: RequestActor, promotionId: number, userId: number) => {
  const { db } = deps;
  const [person] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      type: users.type,
      passwordSet: sql<boolean>`${users.passwordHash} is not null`,
    })
    .from(promotionUsers)
    .innerJoin(users, eq(users.id, promotionUsers.userId))
    .where(and(eq(promotionUsers.promotionId, promotionId), eq(promotionUsers.userId, userId)))
    .limit(1);
  if (!person || !(Object.values(PEOPLE_KIND_TYPES) as string[]).includes(person.type)) throw notFound(PEOPLE_MESSAGES.notAttached);
  if (person.passwordSet) throw conflict(PEOPLE_MESSAGES.passwordAlreadySet);
  await hitRateLimit(db, `invite:user:${userId}`, INVITATIONS_PER_PERSON * deps.rateLimitMultiplier, 15 * 60);
  await db.transaction(async (tx) => {
    const promotion = await lockPromotion(tx, promotionId);
    await sendInvitation(tx, deps, { ...person, type: person.type as PersonType }, promotion, actor);
  });
  return loadPeople(db, actor, promotionId);
};
