import { createHash, randomBytes } from 'node:crypto';

/**
 * A session opened from the demo page carries this prefix in its token
 * (docs/decisions/023-uploads-limits-quota-and-metadata.md). The stored hash covers the whole token, so
 * the prefix can be neither added nor removed; base64url has no '.', so no other token starts so.
 */
const DEMO_TOKEN_PREFIX = 'demo.';

/** An opaque random token (a demo session's with its prefix); only its SHA-256 hash is stored. */
export const newToken = (demo = false) => `${demo ? DEMO_TOKEN_PREFIX : ''}${randomBytes(32).toString('base64url')}`;
export const isDemoToken = (token: string) => token.startsWith(DEMO_TOKEN_PREFIX);
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const TOKEN_LIFETIME_DAYS = 30;
export const RESET_LIFETIME_MINUTES = 60;
