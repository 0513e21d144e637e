import type { Db } from '../db/client.js';
import { burnPasswordCheck, verifyPassword } from './passwords.js';
import { clearCounters, clearCountersStartingWith, type Limit, reserveAttempt } from './rate-limit.js';

/**
 * One password check counted as a sign-in attempt, for every module that checks a password
 * (the sign-in of `auth`, the password change of `users`): here in platform/ so that neither
 * module imports the other (docs/architecture.md, 'Module boundaries').
 */

const FIFTEEN_MINUTES = 15 * 60;

/**
 * Failed password checks allowed per 15 minutes (docs/decisions/005-rate-limits-in-the-database.md),
 * each multiplied by RATE_LIMIT_MULTIPLIER. Only failures count: a success gives its hit back
 * and clears its (account, address) counter, so nobody can lock an account he does not own
 * from his own address, and the owner is not locked by his own sign-ins.
 */
export const LOGIN_LIMITS = {
  /** One account guessed from one address. */
  perAccountAndAddress: 10,
  /** One account guessed from any number of addresses (distributed guessing). */
  perAccount: 100,
  /** Any accounts guessed from one address (credential stuffing). */
  perAddress: 30,
} as const;

const accountKey = (email: string) => `login:account:${email.toLowerCase()}`;
/** An e-mail has no space: the prefix `login:account-address:<email> ` names one account's counters. */
const accountAddressPrefix = (email: string) => `login:account-address:${email.toLowerCase()} `;

const loginLimits = (email: string, ip: string, multiplier: number) => {
  const limit = (key: string, max: number): Limit => ({ key, max: max * multiplier, windowSeconds: FIFTEEN_MINUTES });
  return {
    accountAndAddress: limit(`${accountAddressPrefix(email)}${ip}`, LOGIN_LIMITS.perAccountAndAddress),
    account: limit(accountKey(email), LOGIN_LIMITS.perAccount),
    address: limit(`login:ip:${ip}`, LOGIN_LIMITS.perAddress),
  };
};

/**
 * Checks a password as one sign-in attempt of `email` from `ip`: 429 when a limit is reached
 * (even for the right password), otherwise whether the password is right. `passwordHash` null
 * (no such account) burns the time of a real check, so that timing tells nothing.
 */
export const checkPasswordAttempt = async (
  deps: { db: Db; rateLimitMultiplier: number },
  account: { email: string; passwordHash: string | null },
  password: string,
  ip: string,
): Promise<boolean> => {
  const limits = loginLimits(account.email, ip, deps.rateLimitMultiplier);
  const attempt = await reserveAttempt(deps.db, Object.values(limits));
  if (account.passwordHash === null) {
    await burnPasswordCheck(password);
    return false;
  }
  const valid = await verifyPassword(account.passwordHash, password);
  if (valid) await attempt.succeeded([limits.accountAndAddress.key]);
  return valid;
};

/** A new password chosen: the account's failed attempts are forgotten, from every address. */
export const clearLoginAttempts = async (db: Db, email: string) => {
  await clearCounters(db, [accountKey(email)]);
  await clearCountersStartingWith(db, accountAddressPrefix(email));
};
