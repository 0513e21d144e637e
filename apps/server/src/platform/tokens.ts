import { createHash, randomBytes } from 'node:crypto';

/** An opaque random token; only its SHA-256 hash is stored. */
export const newToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const TOKEN_LIFETIME_DAYS = 30;
export const RESET_LIFETIME_MINUTES = 60;
