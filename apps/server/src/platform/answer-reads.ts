import type { ApiCatalogue, ApiRouteName, RouteSpec } from '@promovente/shared';
import { getTableName, type Table } from 'drizzle-orm';

/**
 * What a cached route reads (docs/architecture.md, 'The answer cache'): the tables its handler's
 * statements name. Its answers are kept under the sum of those tables' versions in the reader's
 * scopes (migration 0027, read by the session's statement: platform/auth.ts), so a change to a
 * table it does not read (a comment, for the lots) leaves its answers valid. The answer cache's
 * test runs every cached route for every principal of the route x principal matrix and holds
 * each to the tables it declares here: a table left out fails it.
 */

/** The routes whose catalogue entry declares `cache`. */
export type CachedRouteName = {
  [Name in ApiRouteName]: ApiCatalogue[Name] extends { cache: true } ? Name : never;
}[ApiRouteName];

type CachedOf<Routes> = { [Name in keyof Routes as Routes[Name] extends { cache: true } ? Name : never]: readonly Table[] };

/** Every cached route's tables: the composition root (src/routes.ts) spreads every module's. */
export type AnswerReads = { [Name in CachedRouteName]: readonly Table[] };

/** A module's declaration of the tables its cached routes read, checked against its entries. */
export const readsOf = <Routes extends Record<string, RouteSpec>>(_routes: Routes, reads: CachedOf<Routes>) => reads;

/** The tables' names as the session's statement takes them: sorted, comma-separated. */
export const readsKeyOf = (tables: readonly Table[]) => [...new Set(tables.map((table) => getTableName(table)))].sort().join(',');
