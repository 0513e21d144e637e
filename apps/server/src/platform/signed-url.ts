import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { answerNow } from './clock.js';

/**
 * Short-lived signed URLs for stored files (docs/sales-process.md#6-files-storage-built): `file-url/{uuid}` and the list
 * exports answer one, and the download route serves the file only with a valid signature.
 * The key is per process unless FILE_URL_SECRET is set (needed with several processes).
 */
const configured = process.env.FILE_URL_SECRET?.trim() || undefined;
const secret = configured ?? randomBytes(32).toString('hex');
export const SIGNED_URL_LIFETIME_SECONDS = 5 * 60;

/**
 * What the processes of one database compare at start (platform/process-registry.ts): a
 * fingerprint of the key, never the key, or 'random' when this process drew its own.
 */
export const fileUrlSecretFingerprint = () =>
  configured ? createHash('sha256').update(`promovente file-url key:${configured}`).digest('hex').slice(0, 32) : 'random';

const signature = (uuid: string, expires: number) => createHmac('sha256', secret).update(`${uuid}:${expires}`).digest('base64url');

/**
 * A link valid for five minutes from now, or from the minute an answer served by version is made
 * at (`answerNow`, platform/clock.ts): such an answer is then kept for its minute only, so that
 * every reader gets a link valid for four minutes at least.
 */
export const signedFileUrl = (uuid: string, now = answerNow().getTime()) => {
  const expires = Math.floor(now / 1000) + SIGNED_URL_LIFETIME_SECONDS;
  return `/api/files/${uuid}/download?expires=${expires}&signature=${signature(uuid, expires)}`;
};

export const isValidSignature = (uuid: string, expires: number, given: string, now = Date.now()) => {
  if (expires < Math.floor(now / 1000)) return false;
  const expected = Buffer.from(signature(uuid, expires));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
};
