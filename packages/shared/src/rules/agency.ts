import type { Actor } from '../roles.js';

/** A row that belongs to an agency: a candidacy, an application's main candidacy, a campaign. */
export type AgencyRow = { agency_id: number | null };

/**
 * The own-agency rule (docs/product/access.md#who-may-do-what; docs/permissions.md#row-rules),
 * written once: a broker acts on the rows of his own agency only. He edits and deletes its
 * candidacies, gives them lots, runs their sales and fills their reservation forms, deletes
 * their files, edits its campaigns. A broker without an agency acts on none: a row without an
 * agency is nobody's, not the agency of the brokers who have none (docs/permissions.md).
 * Other roles belong to no agency. The permission table asks it for every permission that
 * takes an `{ agency_id }` (`can(actor, 'candidacy.edit', { agency_id })`).
 */
export const actsForAgency = (actor: Pick<Actor, 'type'> & { agency_id?: number | null }, rowAgencyId: number | null): boolean => {
  const own = actor.agency_id ?? null;
  return actor.type === 'broker' && own !== null && own === rowAgencyId;
};
