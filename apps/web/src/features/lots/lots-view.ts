import {
  APPLICATION_PRIORITY_LABELS,
  formatDecimal,
  formatArea as formatSharedArea,
  LOT_DISPLAY_STATUSES,
  LOT_STATUS_BADGE_CLASSES,
  LOT_STATUS_LABELS,
  type LotRow,
  type LotSortColumn,
} from '@promovente/shared';
import type { StatusArrow } from '../../components/ui/StatusArrows';

/** The lots screen's status arrows, one per displayed status. */
export const LOT_ARROWS: StatusArrow[] = LOT_DISPLAY_STATUSES.map((status) => ({
  value: status,
  label: LOT_STATUS_LABELS[status],
  classes: LOT_STATUS_BADGE_CLASSES[status],
}));

/**
 * Pure rules of the lots screen (docs/product/lots.md#screens), kept apart from the components so that they
 * are tested without a browser.
 */
export type LotsVariant = 'staff' | 'candidate';

export type LotColumn = {
  key: string;
  label: string;
  sort?: LotSortColumn;
  /** Right-aligned numbers. */
  numeric?: boolean;
  /** The row's identity: never hidden, stays on screen while the table scrolls sideways (width in px). */
  sticky?: { width: number };
  alwaysShown?: boolean;
  hiddenByDefault?: boolean;
};

/** The localStorage keys of the hidden columns: staff's 'Lots' and candidates' 'Grille des prix'. */
export const LOTS_TABLE_IDS: Record<LotsVariant, string> = { staff: 'lots', candidate: 'grille-des-prix' };

const COMMON: LotColumn[] = [
  { key: 'status', label: 'Statut', sort: 'status' },
  { key: 'reference', label: 'Lot', sort: 'reference' },
  { key: 'building', label: 'Immeuble', sort: 'building' },
  { key: 'floor', label: 'Étage', sort: 'floor' },
  { key: 'type', label: 'Type' },
  { key: 'nb_rooms', label: 'Pièces', sort: 'nb_rooms', numeric: true },
  { key: 'area_hab', label: 'Surface hab.', sort: 'area_hab', numeric: true },
  { key: 'area_ppe', label: 'Surface PPE', numeric: true },
  { key: 'exposure', label: 'Exposition' },
  { key: 'price', label: 'Prix', sort: 'price', numeric: true },
];

/** Columns candidates never see: PRS, feuillet, lot PPE, candidates and tasks. */
const STAFF_ONLY: LotColumn[] = [
  { key: 'prs', label: 'PRS' },
  { key: 'lot_ppe', label: 'Lot PPE', hiddenByDefault: true },
  { key: 'feuillet_ppe', label: 'Feuillet PPE', hiddenByDefault: true },
  { key: 'candidates', label: 'Candidats' },
  { key: 'tasks', label: 'Tâches' },
];

/** Staff's identity columns (status and lot) stay on the left of a screen from 640 px (DataTable); the candidates' grid has none. */
const STAFF_IDENTITY: Record<string, Pick<LotColumn, 'sticky' | 'alwaysShown'>> = {
  status: { sticky: { width: 132 }, alwaysShown: true },
  reference: { sticky: { width: 136 }, alwaysShown: true },
};

export const lotColumns = (variant: LotsVariant): LotColumn[] =>
  variant === 'candidate'
    ? COMMON.map((column) => (column.key === 'reference' ? { ...column, alwaysShown: true } : column))
    : [...COMMON.map((column) => ({ ...column, ...STAFF_IDENTITY[column.key] })), ...STAFF_ONLY];

/** On a phone the price comes right after the lot (issue 18, item 19): what a buyer reads first, without scrolling sideways. */
const PHONE_FIRST_COLUMNS = ['reference', 'price'];

/** The columns in a phone's order: the lot and its price first, the others as on the desk. */
export const phoneColumnOrder = <C extends Pick<LotColumn, 'key'>>(columns: readonly C[]): C[] => [
  ...PHONE_FIRST_COLUMNS.flatMap((key) => columns.filter((column) => column.key === key)),
  ...columns.filter((column) => !PHONE_FIRST_COLUMNS.includes(column.key)),
];

/** The status arrows are not shown to candidates. */
export const showsStatusBar = (variant: LotsVariant) => variant === 'staff';

/** The status arrows' selection in the URL: `status=0,2`; anything unknown is dropped. */
export const parseStatusFilter = (raw: string | null): number[] => {
  if (!raw) return [];
  const wanted = new Set(raw.split(',').map(Number));
  return LOT_DISPLAY_STATUSES.filter((status) => wanted.has(status));
};

export const serializeStatusFilter = (statuses: readonly number[]): string | null =>
  statuses.length === 0 ? null : LOT_DISPLAY_STATUSES.filter((s) => statuses.includes(s)).join(',');

/** A click on an arrow adds or removes its status; every status selected means no filter. */
export const toggleStatus = (selected: readonly number[], status: number): number[] => {
  const next = selected.includes(status) ? selected.filter((s) => s !== status) : [...selected, status];
  const sorted = LOT_DISPLAY_STATUSES.filter((s) => next.includes(s));
  return sorted.length === LOT_DISPLAY_STATUSES.length ? [] : sorted;
};

/** The reset link shows when a lot query or a status filter narrows the list. */
export const hasLotFilter = (lotQuery: string | null, statuses: readonly number[]) => Boolean(lotQuery) || statuses.length > 0;

/**
 * PRS and back (docs/product/lots.md#states): an available lot with no live application may go to PRS
 * (its displayed status is then 0); a lot whose raw status is PRS may go back.
 */
export const prsAction = (lot: Pick<LotRow, 'raw_status' | 'status'>): { to: 0 | 1; label: string } | null => {
  if (lot.raw_status === 0 && lot.status === 0) return { to: 1, label: 'Passer en PRS' };
  if (lot.raw_status === 1) return { to: 0, label: 'Remettre en Disponible' };
  return null;
};

/** The price can be changed except in multi-agency promotions. */
export const canChangePrice = (multiAgency: boolean) => !multiAgency;

/** Application priority as shown in the candidates column: 1, 2, 3 or NP. */
export const priorityLabel = (priority: number | null): string | null =>
  priority === null ? null : (APPLICATION_PRIORITY_LABELS[priority] ?? null);

/** The rooms cell under 'Pièces': '2,5', the shared number rule (docs/glossary.md). */
export const formatRooms = (rooms: number) => formatDecimal(rooms, 1);

/** Areas in m², the shared number rule: '69,5 m²'. */
export const formatArea = (area: number) => formatSharedArea(area);
