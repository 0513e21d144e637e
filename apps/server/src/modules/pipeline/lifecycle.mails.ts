import { randomInt } from 'node:crypto';
import { MESSAGES } from '@promovente/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Tx } from '../../db/client.js';
import { candidacies, candidates, promotionUsers, users } from '../../db/schema/index.js';
import { unprocessable } from '../../platform/errors.js';
import type { Jobs } from '../../platform/jobs.js';
import { queueMail } from '../../platform/mail.js';
import { hashPassword } from '../../platform/passwords.js';

/**
 * The candidates of an application as e-mail recipients and account holders (docs/sales-process.md#3-positions-and-4-the-application-lifecycle-built:
 * sendReservationForm and sendNewAccess). E-mails go through the outbox of the command's
 * transaction (platform/mail.ts): a refused or failing command sends nothing.
 */

export type Person = { candidateId: number; userId: number | null; firstName: string; lastName: string; email: string | null };

/** The candidates of candidacy 1 and 2, main first. */
export const candidatesOf = async (tx: Tx, application: { candidacy1Id: number; candidacy2Id: number | null }): Promise<Person[]> => {
  const ids = application.candidacy2Id === null ? [application.candidacy1Id] : [application.candidacy1Id, application.candidacy2Id];
  const rows = await tx
    .select({
      candidacyId: candidacies.id,
      candidateId: candidates.id,
      userId: candidates.userId,
      firstName: candidates.firstName,
      lastName: candidates.lastName,
      email: candidates.email,
    })
    .from(candidacies)
    .innerJoin(candidates, eq(candidates.id, candidacies.candidateId))
    .where(inArray(candidacies.id, ids));
  return ids
    .map((id) => rows.find((r) => r.candidacyId === id))
    .filter((r) => r !== undefined)
    .map(({ candidacyId: _, ...person }) => ({ ...person, email: person.email?.trim() || null }));
};

/** The candidates' addresses plus the extra ones typed in the modal, without duplicates. */
export const recipientsOf = (people: Person[], extra: string[]) => {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const address of [...people.map((p) => p.email), ...extra]) {
    if (!address) continue;
    const key = address.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(address);
  }
  return out;
};

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
/** A password to e-mail: 12 characters without look-alikes (I, l, 1, O, 0). */
export const generatePassword = () => Array.from({ length: 12 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

export type Credentials = { email: string; password: string | null };

/**
 * The sign-in accounts (users.type 'candidate', linked by candidates.user_id) of those people,
 * members of the promotion. One account may be linked to a record in each of several
 * promotions (docs/decisions/008-candidates-per-promotion.md): a record without an account
 * takes the candidate account of its e-mail when there is one, unless that account already is
 * another person of this promotion. `missing` creates the accounts that do not exist yet (a
 * generated password, number_connections 0 so that the first sign-in asks for a new one:
 * decision 003); `renew` also gives the existing ones a new password. The e-mail of another
 * kind of account cannot become a candidate's account (422). A person without e-mail gets no
 * account.
 */
export const ensureAccounts = async (
  tx: Tx,
  promotionId: number,
  people: Person[],
  mode: 'missing' | 'renew',
): Promise<Map<number, Credentials>> => {
  const result = new Map<number, Credentials>();
  for (const person of people) {
    if (!person.email) continue;
    let account: { id: number; email: string } | undefined;
    if (person.userId !== null) {
      [account] = await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, person.userId)).limit(1);
    }
    let created = false;
    if (!account) {
      const [byEmail] = await tx
        .select({ id: users.id, email: users.email, type: users.type, otherRecord: candidates.id })
        .from(users)
        .leftJoin(candidates, and(eq(candidates.userId, users.id), eq(candidates.promotionId, promotionId)))
        .where(sql`lower(${users.email}) = ${person.email.toLowerCase()}`)
        .limit(1);
      if (byEmail && (byEmail.type !== 'candidate' || (byEmail.otherRecord !== null && byEmail.otherRecord !== person.candidateId))) {
        throw unprocessable(`${MESSAGES.emailAlreadyExists} : ${person.email}`);
      }
      if (byEmail) account = { id: byEmail.id, email: byEmail.email };
    }
    let password: string | null = null;
    if (!account) {
      password = generatePassword();
      [account] = await tx
        .insert(users)
        .values({
          type: 'candidate',
          email: person.email,
          firstName: person.firstName,
          lastName: person.lastName,
          passwordHash: await hashPassword(password),
          numberConnections: 0,
        })
        .returning({ id: users.id, email: users.email });
      created = true;
    } else if (mode === 'renew') {
      password = generatePassword();
      await tx
        .update(users)
        .set({ passwordHash: await hashPassword(password), numberConnections: 0, updatedAt: new Date() })
        .where(eq(users.id, account.id));
    }
    if (person.userId !== account.id) {
      await tx.update(candidates).set({ userId: account.id, updatedAt: new Date() }).where(eq(candidates.id, person.candidateId));
    }
    await tx.insert(promotionUsers).values({ promotionId, userId: account.id }).onConflictDoNothing();
    result.set(person.candidateId, { email: account.email, password: created || mode === 'renew' ? password : null });
  }
  return result;
};

/** The lines of an e-mail that carry the candidate's access. */
export const credentialLines = (config: Config, credentials: Credentials | undefined): string[] => {
  if (!credentials) return [];
  if (credentials.password === null) {
    return ['', `Votre compte Promovente existe déjà : connectez-vous avec votre adresse e-mail ${credentials.email}.`];
  }
  return [
    '',
    'Vos accès à Promovente :',
    `Adresse e-mail : ${credentials.email}`,
    `Mot de passe : ${credentials.password}`,
    'À votre première connexion, il vous sera demandé de choisir votre propre mot de passe.',
    `Se connecter : ${config.APP_URL}/login`,
  ];
};

export const reservationFormLink = (config: Config, publicId: string) => `${config.APP_URL}/candidate/form/${publicId}`;

/**
 * Queues one e-mail per candidate with an address, each with his own credentials: `personal`
 * when the broker wrote it (the reservation form), `transactional` when the product did (new
 * access). Never a notification: an account's access cannot be unsubscribed from.
 */
export const mailEachCandidate = async (
  tx: Tx,
  jobs: Jobs,
  people: Person[],
  mail: { kind: 'personal' | 'transactional'; promotionId: number; subject: string; text: (person: Person) => string },
) => {
  let sent = 0;
  for (const person of people) {
    if (!person.email) continue;
    await queueMail(tx, jobs, {
      kind: mail.kind,
      to: [person.email],
      subject: mail.subject,
      text: mail.text(person),
      promotionId: mail.promotionId,
    });
    sent += 1;
  }
  return sent;
};
