import {
  PIPELINE_MESSAGES,
  REGISTRATION_MESSAGES,
  type RegistrationError,
  type RegistrationInput,
  type RegistrationLink,
  type RegistrationResponse,
  type RegistrationTarget,
  registrationPath,
  registrationSchema,
} from '@promovente/shared';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Queryable, Tx } from '../../db/client.js';
import { candidacies, candidates, lots, promotions, promotionUsers, users } from '../../db/schema/index.js';
import { assertMemberOf } from '../../platform/access.js';
import type { RequestActor } from '../../platform/auth.js';
import { HttpError, notFound } from '../../platform/errors.js';
import { hitRateLimit } from '../../platform/rate-limit.js';
import { writeLog } from '../logs/logs.service.js';
import { notify } from '../notifications/notifications.service.js';
import { fullName } from '../users/index.js';

type Deps = { db: Db; rateLimitMultiplier: number };

const FIFTEEN_MINUTES = 15 * 60;
const ONE_HOUR = 60 * 60;

/**
 * The limits of the public page (database counters shared by every process). Per address they
 * stop one machine from filling a promotion with fake candidates; per promotion they cap what
 * many machines together may do to one link; per e-mail they stop one person's inbox of
 * brokers from being flooded through his known address.
 */
const LIMITS = {
  pagePerAddress: 60,
  pagePerPromotion: 1000,
  registerPerAddress: 10,
  registerPerPromotion: 200,
  registerPerEmail: 5,
} as const;

/** A refused registration: its French message, and every field error for the form. */
export class RegistrationRefused extends HttpError {
  constructor(
    statusCode: number,
    message: string,
    readonly errors: RegistrationError['errors'] = [{ field: null, message }],
  ) {
    super(statusCode, message);
  }
}

const invalidLink = () => notFound(PIPELINE_MESSAGES.invalidLink);

const isUuid = (value: string) => z.uuid().safeParse(value).success;

/** The promotion of a public link. A demo promotion has no public registration (docs/product/registration.md#screens). */
const findOpenPromotion = async (db: Queryable, token: string) => {
  if (!isUuid(token)) return null;
  const [promotion] = await db
    .select({ id: promotions.id, title: promotions.title, url: promotions.url, brokerId: promotions.brokerId })
    .from(promotions)
    .where(and(eq(promotions.token, token.toLowerCase()), eq(promotions.isDemo, false)))
    .limit(1);
  return promotion ?? null;
};

/**
 * GET registration/{token}?lot={public_id}: the title of the public page (docs/product/registration.md#screens).
 * The route's id is the promotion's token (docs/product/access.md#route-table); a link may name one of its lots
 * by public id, whose title the page then shows. Anything else answers 404 'Lien invalide'.
 */
export const getRegistrationTarget = async (
  deps: Deps,
  token: string,
  lotPublicId: string | undefined,
  ip: string,
): Promise<RegistrationTarget> => {
  await hitRateLimit(deps.db, `register-page:ip:${ip}`, LIMITS.pagePerAddress * deps.rateLimitMultiplier, FIFTEEN_MINUTES);
  const promotion = await findOpenPromotion(deps.db, token);
  if (!promotion) throw invalidLink();
  await hitRateLimit(
    deps.db,
    `register-page:promotion:${promotion.id}`,
    LIMITS.pagePerPromotion * deps.rateLimitMultiplier,
    FIFTEEN_MINUTES,
  );
  let lot: RegistrationTarget['lot'] = null;
  if (lotPublicId !== undefined) {
    if (!isUuid(lotPublicId)) throw invalidLink();
    const [row] = await deps.db
      .select({ publicId: lots.publicId, title: lots.title, reference: lots.reference })
      .from(lots)
      .where(and(eq(lots.publicId, lotPublicId.toLowerCase()), eq(lots.promotionId, promotion.id)))
      .limit(1);
    if (!row) throw invalidLink();
    lot = { public_id: row.publicId, title: row.title || row.reference, reference: row.reference };
  }
  return { title: lot?.title ?? promotion.title, promotion: { title: promotion.title, url: promotion.url }, lot };
};

const parseRegistration = (body: unknown): RegistrationInput => {
  const parsed = registrationSchema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const errors = parsed.error.issues.map((issue) => ({ field: issue.path.map(String).join('.') || null, message: issue.message }));
  const tokenError = errors.find((e) => e.field === 'promotion_token');
  // A broken link is the page's error, whatever else is wrong with the form.
  if (tokenError) throw new RegistrationRefused(404, tokenError.message, [tokenError]);
  throw new RegistrationRefused(400, errors[0].message, errors);
};

/**
 * This promotion's candidate of an e-mail, created with the form's fields when unknown here; a
 * known one is never changed, and another promotion's record of the same person is never read
 * (docs/decisions/008-candidates-per-promotion.md).
 */
const candidateOf = async (tx: Tx, input: RegistrationInput, promotionId: number) => {
  const [created] = await tx
    .insert(candidates)
    .values({
      promotionId,
      firstName: input.first_name,
      lastName: input.last_name,
      email: input.email,
      phone: input.phone,
      address: input.address,
      city: input.city,
      zip: input.zip,
    })
    // Two registrations of one e-mail at the same instant: the second finds the first's row.
    .onConflictDoNothing()
    .returning();
  if (created) return created;
  const [existing] = await tx
    .select()
    .from(candidates)
    .where(and(eq(candidates.promotionId, promotionId), sql`lower(${candidates.email}) = ${input.email}`))
    .limit(1);
  if (!existing) throw new Error('registration: candidate row neither created nor found');
  return existing;
};

/**
 * POST registration (docs/product/registration.md#screens, docs/product/validation.md#registration and docs/product/calls.md#other-calls). One transaction: the candidate (created, or
 * the known one of that e-mail, left as it is), a candidacy in the promotion at 0 Prospect with
 * the message as its comment (never a second one), a notification to the promotion's brokers
 * and a history row. The answer is the same whether the e-mail was known or not, so the page
 * never tells who is registered; an e-mail of a staff account changes nothing.
 */
export const registerCandidate = async (deps: Deps, body: unknown, ip: string): Promise<RegistrationResponse> => {
  await hitRateLimit(deps.db, `register:ip:${ip}`, LIMITS.registerPerAddress * deps.rateLimitMultiplier, ONE_HOUR);
  const input = parseRegistration(body);
  const promotion = await findOpenPromotion(deps.db, input.promotion_token);
  if (!promotion) throw new RegistrationRefused(404, PIPELINE_MESSAGES.invalidLink);
  await hitRateLimit(deps.db, `register:promotion:${promotion.id}`, LIMITS.registerPerPromotion * deps.rateLimitMultiplier, ONE_HOUR);
  await hitRateLimit(deps.db, `register:email:${input.email}`, LIMITS.registerPerEmail * deps.rateLimitMultiplier, ONE_HOUR);

  await deps.db.transaction(async (tx) => {
    const [account] = await tx.select({ type: users.type }).from(users).where(sql`lower(${users.email}) = ${input.email}`).limit(1);
    if (account && account.type !== 'candidate') return;

    const candidate = await candidateOf(tx, input, promotion.id);

    const brokers = await tx
      .select({ id: users.id, agencyId: users.agencyId })
      .from(promotionUsers)
      .innerJoin(users, eq(users.id, promotionUsers.userId))
      .where(and(eq(promotionUsers.promotionId, promotion.id), eq(users.type, 'broker')));
    // The promotion's main broker takes the new candidacy, for his agency.
    const mainBroker = brokers.find((b) => b.id === promotion.brokerId) ?? null;

    const [created] = await tx
      .insert(candidacies)
      .values({
        promotionId: promotion.id,
        candidateId: candidate.id,
        brokerId: mainBroker?.id ?? null,
        agencyId: mainBroker?.agencyId ?? null,
        status: 0,
        comment: input.comment,
      })
      .onConflictDoNothing()
      .returning({ id: candidacies.id });
    const candidacyId =
      created?.id ??
      (
        await tx
          .select({ id: candidacies.id })
          .from(candidacies)
          .where(and(eq(candidacies.promotionId, promotion.id), eq(candidacies.candidateId, candidate.id)))
          .limit(1)
      )[0]?.id;

    const name = fullName(candidate);
    const title = created ? REGISTRATION_MESSAGES.logTitle : REGISTRATION_MESSAGES.logTitleAgain;
    await writeLog(tx, { promotionId: promotion.id, executedById: null, onTitle: name, title, candidacyId: candidacyId ?? null });
    await notify(
      tx,
      brokers.map((b) => b.id),
      {
        title: REGISTRATION_MESSAGES.notificationTitle,
        description: created || !input.comment ? name : `${name} : ${input.comment}`,
        promotionId: promotion.id,
      },
    );
  });
  return { data: { promotion: { url: promotion.url } }, message: PIPELINE_MESSAGES.registered };
};

/**
 * GET promotions/{id}/registration-link: the public link a broker hands out (docs/product/registration.md#registration-link
 * 'Informations'), null for a demo promotion, whose link is hidden. Another promotion's id
 * answers 404.
 */
export const getRegistrationLink = async (db: Db, actor: RequestActor, promotionId: number, appUrl: string): Promise<RegistrationLink> => {
  await assertMemberOf(db, actor, promotionId);
  const [promotion] = await db
    .select({ token: promotions.token, isDemo: promotions.isDemo })
    .from(promotions)
    .where(eq(promotions.id, promotionId))
    .limit(1);
  if (!promotion) throw notFound();
  if (promotion.isDemo) return null;
  const path = registrationPath(promotion.token);
  return { token: promotion.token, path, url: `${appUrl.replace(/\/+$/, '')}${path}` };
};
