/**
 * Colours defined once (docs/product/dashboard.md#screens, docs/product/lots.md#screens and docs/product/constants.md#defaults): the 15-colour chart palette, whose first
 * five colours are the lot status colours shared by the lots screen and the dashboard.
 * Each colour carries white text at WCAG AA contrast (4.5:1 or more).
 */
export const CHART_PALETTE = [
  '#15803d', // green: Disponible
  '#6b7280', // grey: PRS
  '#c2410c', // orange: Optionné
  '#2563eb', // blue: Réservé
  '#b91c1c', // red: Signé
  '#7c3aed',
  '#0e7490',
  '#a16207',
  '#be185d',
  '#4d7c0f',
  '#0f766e',
  '#9333ea',
  '#1e3a8a',
  '#9f1239',
  '#475569',
] as const;

/** The palette colour for the n-th series, cycling after the 15th. */
export const paletteColour = (index: number): string => CHART_PALETTE[((index % 15) + 15) % 15];

/** Lot status (0 Disponible, 1 PRS, 2 Optionné, 3 Réservé, 4 Signé) -> hex colour. */
export const LOT_STATUS_COLOURS: Record<number, string> = {
  0: CHART_PALETTE[0],
  1: CHART_PALETTE[1],
  2: CHART_PALETTE[2],
  3: CHART_PALETTE[3],
  4: CHART_PALETTE[4],
};

/** The same colours as Tailwind classes, for badges and table cells. */
export const LOT_STATUS_BADGE_CLASSES: Record<number, string> = {
  0: 'bg-green-700 text-white',
  1: 'bg-gray-500 text-white',
  2: 'bg-orange-700 text-white',
  3: 'bg-blue-600 text-white',
  4: 'bg-red-700 text-white',
};

/** Candidacy status colours (badges and arrows). */
export const CANDIDACY_STATUS_BADGE_CLASSES: Record<number, string> = {
  0: 'bg-slate-600 text-white',
  1: 'bg-stone-500 text-white',
  2: 'bg-stone-700 text-white',
  3: 'bg-orange-700 text-white',
  4: 'bg-blue-700 text-white',
  5: 'bg-violet-700 text-white',
  6: 'bg-green-700 text-white',
};

/** Candidacy priority colours: A, B, C, NP. */
export const CANDIDACY_PRIORITY_BADGE_CLASSES: Record<number, string> = {
  1: 'bg-red-700 text-white',
  2: 'bg-orange-700 text-white',
  3: 'bg-amber-100 text-amber-900',
  9: 'bg-slate-100 text-slate-700',
};

/** Application priority badge colours: 1, 2, 3, NP. */
export const APPLICATION_PRIORITY_BADGE_CLASSES: Record<number, string> = {
  1: 'bg-green-700 text-white',
  2: 'bg-blue-700 text-white',
  3: 'bg-violet-700 text-white',
  9: 'bg-slate-200 text-slate-800',
};
