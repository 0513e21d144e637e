import {
  type Actor,
  CANDIDACY_FILTER_STATUSES,
  CANDIDACY_NON_RETAINED_STATUSES,
  CANDIDACY_STATUS_BADGE_CLASSES,
  CANDIDACY_STATUS_LABELS,
  type CandidacyListApplication,
  type CandidacyListRow,
  type CandidacySort,
  canAttributeLot,
  seesCrmColumns,
} from '@promovente/shared';
import type { StatusArrow } from '../../components/ui/StatusArrows';

/**
 * Pure rules of the candidates screen (docs/product/candidates.md#screens, docs/product/candidates.md#states and docs/product/access.md#who-may-do-what), kept apart from the components
 * so that they are tested without a browser.
 */

export type CandidacyColumn = {
  key: string;
  label: string;
  sort?: CandidacySort;
  numeric?: boolean;
  /** The row's identity: never hidden, stays on screen while the table scrolls sideways (width in px). */
  sticky?: { width: number };
  alwaysShown?: boolean;
};

/** The localStorage key of the candidates table's hidden columns. */
export const CANDIDACIES_TABLE_ID = 'candidats';

const COLUMNS: CandidacyColumn[] = [
  { key: 'status', label: 'Statut', sort: 'status', sticky: { width: 124 }, alwaysShown: true },
  { key: 'priority', label: 'Priorité', sort: 'priority', sticky: { width: 84 }, alwaysShown: true },
  { key: 'candidate', label: 'Candidat', sort: 'candidate', sticky: { width: 208 }, alwaysShown: true },
  { key: 'broker', label: 'Courtier', sort: 'broker' },
  { key: 'budget', label: 'Budget', sort: 'budget', numeric: true },
  { key: 'applications', label: 'Lots' },
  { key: 'tasks', label: 'Tâches' },
  { key: 'comments', label: 'Commentaires', numeric: true },
  { key: 'files', label: 'Documents', numeric: true },
  { key: 'created_at', label: 'Créé le', sort: 'created_at' },
];

/** The CRM column and the 'validated' flag, for agency 1 only. */
const CRM_COLUMNS: CandidacyColumn[] = [
  { key: 'crm', label: 'CRM' },
  { key: 'crm_validated', label: 'Validé' },
];

export const candidacyColumns = (actor: Pick<Actor, 'agency_id'> | null): CandidacyColumn[] =>
  actor && seesCrmColumns(actor) ? [...COLUMNS, ...CRM_COLUMNS] : COLUMNS;

/** The status arrows: 0, 3, 4, 5, 6, and 1, 2 ('Non retenu', 'Non retenu CP') with 'Afficher non retenus'. */
export const arrowStatuses = (showNonRetained: boolean): number[] => {
  const arrows: number[] = [...CANDIDACY_FILTER_STATUSES];
  return showNonRetained ? [...arrows.slice(0, 1), ...CANDIDACY_NON_RETAINED_STATUSES, ...arrows.slice(1)] : arrows;
};

const TOGGLED: readonly number[] = CANDIDACY_FILTER_STATUSES;

/**
 * The non-retained arrows are not toggles: the server adds 1 and 2 to whatever the other arrows
 * select while 'Afficher non retenus' is ticked (contracts/candidacies.ts), so they show their
 * count and stay included.
 */
export const isNonRetainedArrow = (status: number) => (CANDIDACY_NON_RETAINED_STATUSES as readonly number[]).includes(status);

/** The arrows of the candidates screen; the non-retained ones come as a whole with 'Afficher non retenus'. */
export const candidacyArrows = (showNonRetained: boolean): StatusArrow[] =>
  arrowStatuses(showNonRetained).map((status) => ({
    value: status,
    label: CANDIDACY_STATUS_LABELS[status],
    classes: CANDIDACY_STATUS_BADGE_CLASSES[status],
    locked: isNonRetainedArrow(status),
    lockedTitle: 'Inclus avec « Afficher non retenus »',
  }));

/** The arrows' selection in the URL: `status=0,3`; unknown values (and 1, 2) are dropped. */
export const parseStatusFilter = (raw: string | null): number[] => {
  if (!raw) return [];
  const wanted = new Set(raw.split(',').map(Number));
  return TOGGLED.filter((status) => wanted.has(status));
};

export const serializeStatusFilter = (statuses: readonly number[]): string | null =>
  statuses.length === 0 ? null : TOGGLED.filter((s) => statuses.includes(s)).join(',');

/** A click adds or removes an arrow; every arrow selected means no filter. */
export const toggleStatus = (selected: readonly number[], status: number): number[] => {
  if (!TOGGLED.includes(status)) return [...selected];
  const next = selected.includes(status) ? selected.filter((s) => s !== status) : [...selected, status];
  const sorted = TOGGLED.filter((s) => next.includes(s));
  return sorted.length === TOGGLED.length ? [] : sorted;
};

/** The reset link shows when a lot or candidat query, or a status filter, narrows the list. */
export const hasCandidacyFilter = (filters: { lot: string | null; candidat: number | null }, statuses: readonly number[]) =>
  Boolean(filters.lot) || filters.candidat !== null || statuses.length > 0;

/**
 * The reservation form link (docs/product/access.md#who-may-do-what): only when the candidacy has exactly one
 * application, and it has a reservation sent date.
 */
export const reservationFormApplication = (
  applications: readonly Pick<CandidacyListApplication, 'public_id' | 'reservation_sent_at'>[],
): { public_id: string } | null => (applications.length === 1 && applications[0].reservation_sent_at ? applications[0] : null);

export { reservationFormPath } from '@promovente/shared';

/** The 'assign lot' action (docs/product/access.md#who-may-do-what), from the row and its promotion. */
export const offersAttributeLot = (
  row: Pick<CandidacyListRow, 'agency_id' | 'crm_validated'>,
  promotion: { multi_agency: boolean; crm_updated_at: string | null },
) =>
  canAttributeLot({
    candidacyAgencyId: row.agency_id,
    multiAgency: promotion.multi_agency,
    crmUpdatedAt: promotion.crm_updated_at,
    crmValidated: row.crm_validated,
  });

/** The sales funnel opened on one application. */
export const applicationPath = (applicationId: number) => `/tunnel-de-vente?application=${applicationId}`;
