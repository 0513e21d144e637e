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
import type { Db, Queryable, Tx } from '../../db/client.js';
import { candidacies, passwordResets, promotions, promotionUsers, users } from '../../db/schema/index.js';
import { assertMemberOf } from '../../platform/access.js';
import type { RequestActor } from '../../platform/auth.js';
import { conflict, notFound } from '../../platform/errors.js';
import { queueMail } from '../../platform/mail.js';
import { paginate } from '../../platform/pagination.js';
import { hitRateLimit } from '../../platform/rate-limit.js';
import { hashToken, newToken } from '../../platform/tokens.js';
import { runWrite, type WriteDeps, type WriteResult } from '../commands/index.js';
import { findUserByEmail, fullName } from '../users/index.js';
import { peopleOf, personOptionsPage } from './people.queries.js';

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

type LockedPromotion = Awaited<ReturnType<typeof lockPromotion>>;

/**
 * A change of the promotion's people through the write pipeline (runWrite: the promotion checked,
 * one transaction, its log row): the promotion's row locked first, then `work`.
 */
const changePeople = <Data>(
  deps: WriteDeps,
  actor: RequestActor,
  promotionId: number,
  work: (tx: Tx, promotion: LockedPromotion) => Promise<WriteResult<Data>>,
) => runWrite(deps, actor, promotionId, async ({ tx }) => work(tx, await lockPromotion(tx, promotionId)), notFound);

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
  deps: Pick<WriteDeps, 'jobs' | 'config'>,
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
  const link = `${deps.config.APP_URL}/password/update/${token}?email=${encodeURIComponent(invited.email)}`;
  const [sender] = await tx.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, admin.id));
  const adminName = sender ? fullName(sender) : 'Promovente';
  await queueMail(tx, deps.jobs, {
    kind: 'transactional',
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
export const attachPerson = async (deps: WriteDeps, actor: RequestActor, promotionId: number, type: PersonType, userId: number) => {
  await changePeople(deps, actor, promotionId, async (tx) => {
    const [person] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.type, type)))
      .limit(1);
    if (!person) throw notFound(PEOPLE_MESSAGES.notAPerson);
    await tx.insert(promotionUsers).values({ promotionId, userId }).onConflictDoNothing();
    return { data: null, log: null };
  });
  return loadPeople(deps.db, actor, promotionId);
};

/**
 * POST promotions/{id}/remove-{type}/{userId}. A broker who is the promotion's main broker or
 * follows candidacies of it stays: removing him would leave them without a broker (docs/sales-process.md#people-of-a-promotion).
 */
export const detachPerson = async (deps: WriteDeps, actor: RequestActor, promotionId: number, type: PersonType, userId: number) => {
  await changePeople(deps, actor, promotionId, async (tx, promotion) => {
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
    return { data: null, log: null };
  });
  return loadPeople(deps.db, actor, promotionId);
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
export const createPerson = async (deps: WriteDeps, actor: RequestActor, promotionId: number, kind: CreatableKind, input: PersonInput) => {
  const type = PEOPLE_KIND_TYPES[kind];
  if (await findUserByEmail(deps.db, input.email)) throw conflict(PEOPLE_MESSAGES.emailTaken);
  try {
    await changePeople(deps, actor, promotionId, async (tx, promotion) => {
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
      return { data: null, log: null };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(PEOPLE_MESSAGES.emailTaken);
    throw error;
  }
  return loadPeople(deps.db, actor, promotionId);
};

/** PUT promotions/{id}/notaries/{notaryId}: the notary's details (answer: the notary). */
export const updateNotary = async (deps: WriteDeps, actor: RequestActor, promotionId: number, notaryId: number, input: NotaryInput) => {
  const existing = await findUserByEmail(deps.db, input.email);
  if (existing && existing.id !== notaryId) throw conflict(MESSAGES.emailAlreadyExists);
  try {
    await changePeople(deps, actor, promotionId, async (tx) => {
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
      return { data: null, log: null };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(MESSAGES.emailAlreadyExists);
    throw error;
  }
  const people = await loadPeople(deps.db, actor, promotionId);
  const notary = people.notaries.find((n) => n.id === notaryId);
  if (!notary) throw notFound(PEOPLE_MESSAGES.notAttached);
  return notary;
};

/**
 * PUT promotions/{id}/update-notary-main/{notaryId}: toggles the main flag. A promotion has at
 * most one main notary (the unique index promotion_user_main_unique): making one main makes the
 * former one a plain notary. The answer, the promotion's notaries, replaces the client's list.
 */
export const toggleMainNotary = async (
  deps: WriteDeps,
  actor: RequestActor,
  promotionId: number,
  notaryId: number,
): Promise<PromotionNotary[]> => {
  await changePeople(deps, actor, promotionId, async (tx) => {
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
    return { data: null, log: null };
  });
  return (await loadPeople(deps.db, actor, promotionId)).notaries;
};

/**
 * PUT promotions/{id}/update-broker-main/{userId} ('Définir comme courtier principal'): a broker
 * attached to the promotion becomes its main broker (promotions.broker_id), in one write with its
 * log row (runWrite). The former main broker stays a broker of the promotion, now an ordinary
 * one that may be removed; naming the main broker again changes nothing. A promotion always has one
 * main broker, so there is no 'remove as main' (docs/sales-process.md#people-of-a-promotion).
 */
export const setMainBroker = async (
  deps: WriteDeps,
  actor: RequestActor,
  promotionId: number,
  userId: number,
): Promise<PromotionPeople> => {
  await changePeople(deps, actor, promotionId, async (tx, promotion) => {
    const broker = await attachedPerson(tx, promotionId, 'broker', userId);
    if (promotion.brokerId === userId) return { data: null, log: null };
    const [former] =
      promotion.brokerId === null
        ? []
        : await tx.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, promotion.brokerId));
    await tx.update(promotions).set({ brokerId: userId }).where(eq(promotions.id, promotionId));
    const name = fullName(broker);
    const title = former ? `Courtier principal : ${name} (à la place de ${fullName(former)})` : `Courtier principal : ${name}`;
    return { data: null, log: { onTitle: name, title } };
  });
  return loadPeople(deps.db, actor, promotionId);
};

/** A person of the promotion, of a type its menus manage, who has not chosen his password yet: 404, 409 otherwise. */
const invitablePerson = async (db: Queryable, promotionId: number, userId: number) => {
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
  return { ...person, type: person.type as PersonType };
};

/**
 * POST promotions/{id}/people/{userId}/invite ('Renvoyer l'invitation'): a new link, the earlier
 * ones closed, for a person of the promotion who has not chosen his password yet. Limited per
 * person like the reset requests: the person is checked before the limit counts the call, and
 * again in the write's transaction.
 */
export const resendInvitation = async (deps: WriteDeps, actor: RequestActor, promotionId: number, userId: number) => {
  await invitablePerson(deps.db, promotionId, userId);
  await hitRateLimit(deps.db, `invite:user:${userId}`, INVITATIONS_PER_PERSON * deps.config.RATE_LIMIT_MULTIPLIER, 15 * 60);
  await changePeople(deps, actor, promotionId, async (tx, promotion) => {
    await sendInvitation(tx, deps, await invitablePerson(tx, promotionId, userId), promotion, actor);
    return { data: null, log: null };
  });
  return loadPeople(deps.db, actor, promotionId);
};
