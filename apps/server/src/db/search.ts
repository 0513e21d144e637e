import { type SQL, sql } from 'drizzle-orm';
import { candidates } from './schema/index.js';

/** Escapes the wildcards of a LIKE pattern, so that a search for '50%' finds '50%'. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The ILIKE pattern of a 'contains' search. */
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;

/**
 * A candidate matches a search on his first name, last name, full name (either order),
 * e-mail or phones: the candidates screen's and the candidate list's search (docs/product/candidates.md#screens).
 */
export const candidateMatches = (pattern: string): SQL =>
  sql`(${candidates.firstName} ilike ${pattern} or ${candidates.lastName} ilike ${pattern}
    or ${candidates.email} ilike ${pattern} or ${candidates.phone} ilike ${pattern}
    or ${candidates.phonePrivate} ilike ${pattern} or ${candidates.phonePro} ilike ${pattern}
    or (${candidates.firstName} || ' ' || ${candidates.lastName}) ilike ${pattern}
    or (${candidates.lastName} || ' ' || ${candidates.firstName}) ilike ${pattern})`;
