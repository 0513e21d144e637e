import { type SQL, sql } from 'drizzle-orm';
import { candidacies, candidates } from './schema/index.js';

/** Escapes the wildcards of a LIKE pattern, so that a search for '50%' finds '50%'. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The ILIKE pattern of a 'contains' search. */
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;

/**
 * A candidate matches a search on his first name, last name, full name (either order),
 * e-mail or phones: the candidates screen's and the candidate list's search (docs/product/candidates.md#screens).
 * It reads the candidate's search text, those fields lowered one per line (migration 0037): one
 * LIKE instead of eight ILIKEs a row (PostgreSQL's ILIKE is LIKE over the lowered text and
 * pattern, so the rows are the same). A search that holds a line break, which would span two
 * fields there, reads the fields themselves.
 */
export const candidateMatches = (pattern: string): SQL =>
  pattern.includes('\n')
    ? sql`(${candidates.firstName} ilike ${pattern} or ${candidates.lastName} ilike ${pattern}
    or ${candidates.email} ilike ${pattern} or ${candidates.phone} ilike ${pattern}
    or ${candidates.phonePrivate} ilike ${pattern} or ${candidates.phonePro} ilike ${pattern}
    or (${candidates.firstName} || ' ' || ${candidates.lastName}) ilike ${pattern}
    or (${candidates.lastName} || ' ' || ${candidates.firstName}) ilike ${pattern})`
    : sql`${candidates.searchText} like lower(${pattern})`;

/**
 * The same match read on the candidacy, from its copy of its candidate's search text (migration
 * 0040): a list of candidacies searches without joining its candidates (the candidates screen,
 * its counts included). Null for a search that holds a line break, which reads the candidate's
 * fields themselves (`candidateMatches`, through a join).
 */
export const candidacyMatches = (pattern: string): SQL | null =>
  pattern.includes('\n') ? null : sql`${candidacies.searchText} like lower(${pattern})`;
