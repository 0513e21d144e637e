import { type CandidacyApplicationSummary, formatArea, formatCHF, formatRooms, MILESTONES, type Milestone } from '@promovente/shared';

/** The five menus of the candidate record (docs/product/candidate-record.md#screens), in their order. */
export const RECORD_MENUS = [
  { key: 'informations', label: 'Informations' },
  { key: 'candidatures', label: 'Candidatures' },
  { key: 'documents', label: 'Documents' },
  { key: 'commentaires', label: 'Commentaires' },
  { key: 'messages', label: 'Messages' },
] as const;
export type RecordMenu = (typeof RECORD_MENUS)[number]['key'];

/** Where the chosen menu is kept in the browser (the spec's "stored locally"), for every record. */
export const RECORD_MENU_STORAGE_KEY = 'candidate-record-menu';

const isRecordMenu = (value: unknown): value is RecordMenu => RECORD_MENUS.some((menu) => menu.key === value);

/** The menu to open: the one kept, else 'informations'. */
export const readRecordMenu = (storage: Pick<Storage, 'getItem'>): RecordMenu => {
  const kept = storage.getItem(RECORD_MENU_STORAGE_KEY);
  return isRecordMenu(kept) ? kept : 'informations';
};

export const keepRecordMenu = (storage: Pick<Storage, 'setItem'>, menu: RecordMenu) => storage.setItem(RECORD_MENU_STORAGE_KEY, menu);

/** The candidate search's wait (docs/product/candidate-record.md#screens: 300 ms). */
export const CANDIDATE_SEARCH_DEBOUNCE_MS = 300;

/** The five milestones of an application, reached or not (FR, AC, FIN, PDV, SIGN). */
export const milestonesOf = (application: CandidacyApplicationSummary): { milestone: Milestone; checked: boolean }[] =>
  MILESTONES.map((milestone) => ({ milestone, checked: application[`status_${milestone}_checked`] }));

/**
 * The lot's details under its reference and title (docs/product/candidate-record.md#fields):
 * rooms, living area, total price and floor, each labelled for screen readers.
 */
export const lotDetailsOf = (lot: CandidacyApplicationSummary['lot']): { label: string; value: string }[] => [
  { label: 'Pièces', value: formatRooms(lot.nb_rooms) },
  { label: 'Surface habitable', value: formatArea(lot.area_hab) },
  { label: 'Prix total', value: formatCHF(lot.total_price) },
  { label: 'Étage', value: lot.floor || '-' },
];

/** A field of the informations menu: '-' when empty, 'Oui'/'Non' for a yes/no. */
export const displayValue = (value: string | number | boolean | null | undefined): string => {
  if (value === null || value === undefined || value === '') return '-';
  if (typeof value === 'boolean') return value ? 'Oui' : 'Non';
  return String(value);
};
