import { type AskDemoInput, type LoginInput, MESSAGES, type PasswordResetInput, type User } from '@promovente/shared';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { authTokens, demoRequests, passwordResets, users } from '../../db/schema/index.js';
import type { RequestActor } from '../../platform/auth.js';
import { HttpError, unauthorized } from '../../platform/errors.js';
import type { Jobs } from '../../platform/jobs.js';
import { checkPasswordAttempt, clearLoginAttempts } from '../../platform/login-attempts.js';
import { queueMail } from '../../platform/mail.js';
import { hashPassword } from '../../platform/passwords.js';
import { hitRateLimit } from '../../platform/rate-limit.js';
import { hashToken, newToken, RESET_LIFETIME_MINUTES, TOKEN_LIFETIME_DAYS } from '../../platform/tokens.js';
import { findUserByEmail, fullName, loadUserPayload } from '../users/index.js';

type Deps = { db: Db; jobs: Jobs; appUrl: string; rateLimitMultiplier: number };

const FIFTEEN_MINUTES = 15 * 60;

/** POST login: an opaque token valid 30 days, and the user. Failed attempts are limited (LOGIN_LIMITS). */
export const login = async (deps: Deps, input: LoginInput, ip: string): Promise<{ token: string; data: User }> => {
  const user = await findUserByEmail(deps.db, input.email);
  const valid = await checkPasswordAttempt(deps, { email: input.email, passwordHash: user?.passwordHash ?? null }, input.password, ip);
  if (!user || !valid) throw unauthorized(MESSAGES.wrongCredentials);

  const token = newToken(input.demo === true);
  await deps.db.transaction(async (tx) => {
    await tx.insert(authTokens).values({
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + TOKEN_LIFETIME_DAYS * 86_400_000),
    });
    // A sign-in with the e-mailed password does not count until the user has set his own
    // (docs/decisions/003-first-connection.md), so the forced change of docs/product/access.md#route-guard holds.
    await tx
      .update(users)
      .set({
        lastLoginAt: new Date(),
        numberConnections: sql`case when ${users.numberConnections} > 0 then ${users.numberConnections} + 1 else 0 end`,
      })
      .where(eq(users.id, user.id));
  });
  const loaded = await loadUserPayload(deps.db, user);
  if (!loaded) throw unauthorized(MESSAGES.wrongCredentials);
  const { stale: _stale, ...data } = loaded;
  return { token, data: { ...data, is_demo: data.is_demo || input.demo === true } };
};

export const logout = async (db: Db, actor: RequestActor) => {
  await db.update(authTokens).set({ revokedAt: new Date() }).where(eq(authTokens.id, actor.token_id));
};

/** POST password/create: always the same answer, so that no account can be discovered. */
export const requestPasswordReset = async (deps: Deps, email: string, ip: string) => {
  await hitRateLimit(deps.db, `reset:ip:${ip}`, 10 * deps.rateLimitMultiplier, FIFTEEN_MINUTES);
  await hitRateLimit(deps.db, `reset:account:${email}`, 3 * deps.rateLimitMultiplier, FIFTEEN_MINUTES);
  const user = await findUserByEmail(deps.db, email);
  if (!user) return;
  const token = newToken();
  await deps.db.transaction(async (tx) => {
    await tx.insert(passwordResets).values({
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + RESET_LIFETIME_MINUTES * 60_000),
    });
    const link = `${deps.appUrl}/password/update/${token}?email=${encodeURIComponent(user.email)}`;
    await queueMail(tx, deps.jobs, {
      kind: 'transactional',
      to: [user.email],
      subject: 'Promovente : modification de votre mot de passe',
      text: [
        `Bonjour ${fullName(user)},`,
        '',
        'Vous avez demandé à modifier votre mot de passe Promovente. Ouvrez ce lien pour en choisir un nouveau :',
        link,
        '',
        `Ce lien est valable ${RESET_LIFETIME_MINUTES} minutes. Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail.`,
      ].join('\n'),
    });
  });
};

/** The e-mailed tokens are 43 characters; anything outside these bounds cannot be one. */
const RESET_TOKEN_LENGTH = { min: 10, max: 200 } as const;

/** The unused, unexpired reset of that token, or null (a malformed token is simply unknown). */
const findValidReset = async (db: Db, token: string) => {
  if (token.length < RESET_TOKEN_LENGTH.min || token.length > RESET_TOKEN_LENGTH.max) return null;
  const [row] = await db
    .select({ id: passwordResets.id, userId: passwordResets.userId, email: users.email })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(and(eq(passwordResets.tokenHash, hashToken(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date())))
    .limit(1);
  return row ?? null;
};

/** GET password/find/{token}: the e-mail the link was sent to, or 404. */
export const findPasswordReset = async (db: Db, token: string) => {
  const reset = await findValidReset(db, token);
  if (!reset) throw new HttpError(404, MESSAGES.invalidResetToken);
  return { email: reset.email };
};

/**
 * POST password/reset: sets the new password, signs out every open session and reopens the
 * account's sign-in (the e-mailed link proves the owner; see LOGIN_LIMITS).
 */
export const resetPassword = async (deps: Pick<Deps, 'db' | 'rateLimitMultiplier'>, input: PasswordResetInput, ip: string) => {
  const { db } = deps;
  await hitRateLimit(db, `reset-confirm:ip:${ip}`, 20 * deps.rateLimitMultiplier, FIFTEEN_MINUTES);
  const reset = await findValidReset(db, input.token);
  if (!reset || reset.email.toLowerCase() !== input.email) throw new HttpError(404, MESSAGES.invalidResetToken);
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await tx.update(passwordResets).set({ usedAt: new Date() }).where(eq(passwordResets.id, reset.id));
    await tx
      .update(users)
      .set({
        passwordHash,
        updatedAt: new Date(),
        // Choosing one's own password completes the first connection.
        numberConnections: sql`greatest(${users.numberConnections}, 1)`,
      })
      .where(eq(users.id, reset.userId));
    await tx
      .update(authTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(authTokens.userId, reset.userId), isNull(authTokens.revokedAt)));
  });
  await clearLoginAttempts(db, reset.email);
};

/** POST askdemo: keeps the request and tells the sales team and the requester. */
export const askDemo = async (deps: Deps, input: AskDemoInput, ip: string) => {
  await hitRateLimit(deps.db, `askdemo:ip:${ip}`, 5 * deps.rateLimitMultiplier, 60 * 60);
  await deps.db.transaction(async (tx) => {
    await tx.insert(demoRequests).values({ fullName: input.fullName.trim(), email: input.email, phone: input.phone });
    const admins = await tx.select({ email: users.email }).from(users).where(eq(users.admin, true));
    if (admins.length > 0) {
      // The sales desk's work alert, not a notification a person turns off: it tells admins of a request to answer.
      await queueMail(tx, deps.jobs, {
        kind: 'transactional',
        to: admins.map((a) => a.email),
        subject: `Demande d'accès démo : ${input.fullName.trim()}`,
        text: `Nom : ${input.fullName.trim()}\nE-mail : ${input.email}\nTéléphone : ${input.phone || '-'}`,
      });
    }
    await queueMail(tx, deps.jobs, {
      kind: 'transactional',
      to: [input.email],
      subject: "Votre demande d'accès démo Promovente",
      text: `Bonjour ${input.fullName.trim()},\n\nNous avons bien reçu votre demande. ${MESSAGES.demoRequested}.\n\nL'équipe Promovente`,
    });
  });
};
