import {
  APPLICATION_ACTIONS,
  APPLICATION_PRIORITY_BADGE_CLASSES,
  APPLICATION_PRIORITY_LABELS,
  APPLICATION_STATUS_LABELS,
  type ApplicationAction,
  type ApplicationRow,
  type ApplicationSort,
  EXPIRED_RESERVATION_TEXT,
  type FunnelRow,
  formatDateTime,
  formatDecimal,
  formatArea as formatSharedArea,
  MILESTONE_LABELS,
  MILESTONES,
  type Milestone,
} from '@promovente/shared';
import type { StatusArrow } from '../../components/ui/StatusArrows';
import type { ModalAction } from './components/modals/ApplicationActionModal';

/**
 * Pure rules of the sales funnel screen (docs/product/funnel.md#screens, docs/product/funnel.md#actions-on-an-application and docs/product/funnel.md#sort-and-filter), kept apart from the
 * components so that they are tested without a browser.
 */

// ---------------------------------------------------------------------------------------------
// Stages

export const FUNNEL_STAGES = [0, 1, 2, 3] as const;

/** Stage badge colours for 0 to 3: orange, orange, green, green (docs/product/funnel.md#screens). */
export const APPLICATION_STATUS_BADGE_CLASSES: Record<number, string> = {
  0: 'bg-orange-700 text-white',
  1: 'bg-orange-700 text-white',
  2: 'bg-green-700 text-white',
  3: 'bg-green-700 text-white',
};

/** The four stage arrows: Optionné, Réservé, Promesse de vente, Vendu. */
export const FUNNEL_ARROWS: StatusArrow[] = FUNNEL_STAGES.map((stage) => ({
  value: stage,
  label: APPLICATION_STATUS_LABELS[stage],
  classes: APPLICATION_STATUS_BADGE_CLASSES[stage],
}));

/** The arrows' selection in the URL: `status=1,2`; unknown values are dropped. */
export const parseStageFilter = (raw: string | null): number[] => {
  if (!raw) return [];
  const wanted = new Set(raw.split(',').map(Number));
  return FUNNEL_STAGES.filter((stage) => wanted.has(stage));
};

export const serializeStageFilter = (stages: readonly number[]): string | null =>
  stages.length === 0 ? null : FUNNEL_STAGES.filter((s) => stages.includes(s)).join(',');

/** A click adds or removes an arrow; every arrow selected means no filter. */
export const toggleStage = (selected: readonly number[], stage: number): number[] => {
  if (!(FUNNEL_STAGES as readonly number[]).includes(stage)) return [...selected];
  const next = selected.includes(stage) ? selected.filter((s) => s !== stage) : [...selected, stage];
  const sorted = FUNNEL_STAGES.filter((s) => next.includes(s));
  return sorted.length === FUNNEL_STAGES.length ? [] : sorted;
};

// ---------------------------------------------------------------------------------------------
// Toolbar

/** Server query keys that are not filters: the page, the sort and the number/KCHF unit. */
const NOT_FILTERS = new Set(['page', 'orderBy', 'order', 'toKCHF']);

/**
 * The reset link shows when the query candidacy or application, or any filter (the filter bar's,
 * the late-tasks toggle, the stage arrows), narrows the list.
 */
export const hasFunnelFilter = (serverQuery: Record<string, string>, stages: readonly number[]) =>
  stages.length > 0 || Object.keys(serverQuery).some((key) => !NOT_FILTERS.has(key));

/** What the reset link removes from the URL: every filter and narrowing query, not the sort. */
export const RESET_PARAMS: Record<string, null> = Object.fromEntries(
  [
    'status',
    'candidacy',
    'application',
    'candidat',
    'lot',
    'search',
    'broker',
    'showMyAgency',
    'buildings',
    'floors',
    'nb_rooms',
    'price_min',
    'price_max',
    'onlyLateTasks',
  ].map((key) => [key, null]),
);

/** The 'Exporter' query: the list's, every page. */
export const exportQuery = (query: Record<string, string>): Record<string, string> => {
  const { page: _page, ...rest } = query;
  return rest;
};

// ---------------------------------------------------------------------------------------------
// Columns

export type FunnelColumn = {
  key: string;
  label: string;
  sort?: ApplicationSort;
  numeric?: boolean;
  /** The header's text is for screen readers only (the avatar column). */
  hiddenLabel?: boolean;
  /** The row's identity: never hidden, stays on screen while the table scrolls sideways (width in px). */
  sticky?: { width: number };
  alwaysShown?: boolean;
};

/** The 'Colonnes' menu and localStorage key of the funnel's hidden columns. */
export const FUNNEL_TABLE_ID = 'tunnel-de-vente';

const MAIN_COLUMNS: FunnelColumn[] = [
  { key: 'broker', label: 'Courtier', hiddenLabel: true, sticky: { width: 44 }, alwaysShown: true },
  { key: 'priority', label: 'Priorité', sort: 'priority', sticky: { width: 104 }, alwaysShown: true },
  { key: 'candidate', label: 'Client', sort: 'candidate', sticky: { width: 156 }, alwaysShown: true },
  { key: 'status', label: 'Statut', sort: 'status' },
  { key: 'building', label: 'Immeuble', sort: 'building' },
  { key: 'lot', label: 'Lot', sort: 'lot' },
  { key: 'rooms', label: 'Pièces', sort: 'rooms', numeric: true },
  { key: 'area', label: 'Sur.', sort: 'area', numeric: true },
  { key: 'floor', label: 'Étage', sort: 'floor' },
  { key: 'price', label: 'Prix', sort: 'price', numeric: true },
];

/** FR, AC, FIN, SIGN PdV, SIGN: hidden by the simplified view. */
export const MILESTONE_COLUMNS: FunnelColumn[] = MILESTONES.map((milestone) => ({
  key: `status_${milestone}`,
  label: MILESTONE_LABELS[milestone],
  sort: `status_${milestone}` as ApplicationSort,
}));

const TASKS_COLUMN: FunnelColumn = { key: 'tasks', label: 'À faire' };

/** The columns in the order of docs/product/funnel.md#screens. */
export const funnelColumns = (simplified: boolean): FunnelColumn[] =>
  simplified ? [...MAIN_COLUMNS, TASKS_COLUMN] : [...MAIN_COLUMNS, ...MILESTONE_COLUMNS, TASKS_COLUMN];

// ---------------------------------------------------------------------------------------------
// Cells

export type PriorityView = {
  label: string;
  classes: string;
  /** Priority 1 with a deadline: 'dd/MM/yyyy HH:mm' (Swiss time). */
  deadline: string | null;
  /** Under 24 hours left. */
  warning: boolean;
  /** The expired text, once the deadline is past. */
  expired: string | null;
};

/** The priority cell: the badge, and for priority 1 its reservation deadline (docs/product/funnel.md#screens). */
export const priorityView = (
  row: Pick<ApplicationRow, 'priority' | 'deadline' | 'deadline_is_in_less_than_one_day' | 'is_over_deadline'>,
): PriorityView => {
  const withDeadline = row.priority === 1 && row.deadline !== null;
  return {
    label: APPLICATION_PRIORITY_LABELS[row.priority] ?? String(row.priority),
    classes: APPLICATION_PRIORITY_BADGE_CLASSES[row.priority] ?? APPLICATION_PRIORITY_BADGE_CLASSES[9],
    deadline: withDeadline ? formatDateTime(row.deadline) : null,
    warning: withDeadline && row.deadline_is_in_less_than_one_day && !row.is_over_deadline,
    expired: withDeadline && row.is_over_deadline ? EXPIRED_RESERVATION_TEXT : null,
  };
};

/** A milestone cell: its text and whether it is checked. */
export const milestoneOf = (row: FunnelRow, milestone: Milestone): { text: string | null; checked: boolean } => ({
  text: row[`status_${milestone}`],
  checked: row[`status_${milestone}_checked`],
});

/**
 * A milestone cell in little room: its day and month ('Envoyé le 12/03/2026 10:00' -> '12/03');
 * the whole text stays in the cell's title and for screen readers. A text without a date is
 * shown as it is.
 */
export const milestoneShortDate = (text: string): string | null => {
  const match = /(\d{2})([./])(\d{2})\2\d{2,4}/.exec(text);
  return match ? `${match[1]}${match[2]}${match[3]}` : null;
};

/** The rooms cell under 'Pièces': '2,5', the shared number rule (docs/glossary.md). */
export const formatRooms = (rooms: number) => formatDecimal(rooms, 1);

/** Areas in m², the shared number rule: '69,5 m²', '-' without one. */
export const formatArea = (area: number | null) => formatSharedArea(area);

// ---------------------------------------------------------------------------------------------
// Links

/** The lots screen opened on one lot (docs/product/funnel.md#screens). */
export const lotPath = (lotPublicId: string) => `/lots?lot=${encodeURIComponent(lotPublicId)}`;

/** 'Historique': the logs of one application (docs/product/funnel.md#screens). */
export const historyPath = (applicationId: number) => `/logs?application_id=${applicationId}`;

/** The funnel narrowed to one application (a click on a priority badge). */
export const applicationPath = (applicationId: number) => `/tunnel-de-vente?application=${applicationId}`;

// ---------------------------------------------------------------------------------------------
// The context menu

/**
 * The row's menu in its two columns (docs/product/funnel.md#screens). The server already leaves the first
 * column out for architects; it is dropped here too, whatever the row carries.
 */
export const menuColumns = (
  actions: readonly ApplicationAction[],
  userType: string | undefined,
): { first: ApplicationAction[]; second: ApplicationAction[] } => ({
  first: userType === 'architect' ? [] : actions.filter((action) => APPLICATION_ACTIONS[action].column === 1),
  second: actions.filter((action) => APPLICATION_ACTIONS[action].column === 2),
});

export type MenuChoice = { kind: 'history'; path: string } | { kind: 'pdf'; publicId: string } | { kind: 'modal'; action: ModalAction };

/** What choosing an action does: 'Historique' navigates, the PDF downloads, anything else opens its modal. */
export const menuChoice = (action: ApplicationAction, row: Pick<ApplicationRow, 'id' | 'public_id'>): MenuChoice => {
  if (action === 'history') return { kind: 'history', path: historyPath(row.id) };
  if (action === 'downloadPdf') return { kind: 'pdf', publicId: row.public_id };
  return { kind: 'modal', action };
};

export const actionLabel = (action: ApplicationAction) => APPLICATION_ACTIONS[action].label;
