/**
 * Formatting shared by the server (exports, e-mails, PDF) and the client: one rule for every
 * number shown (docs/glossary.md, 'Nombres'). Thousands are grouped with an apostrophe
 * (1'250'000), decimals follow a comma (3,5); a unit follows after a space. Amounts in CHF are
 * whole francs; areas keep at most 2 decimals, rooms and percentages at most 1, and trailing
 * zeros are dropped (69 m², 3,5 pièces, 26,9 %). Dates are in swiss-time.ts.
 */

/** The decimal separator of every number shown. */
export const DECIMAL_SEPARATOR = ',';
/** The thousands separator of every number shown. */
export const THOUSANDS_SEPARATOR = "'";

const group = (whole: string) => whole.replace(/\B(?=(\d{3})+(?!\d))/g, THOUSANDS_SEPARATOR);

/** A number with exactly `decimals` decimals: 1250000 -> "1'250'000", (12345.678, 2) -> "12'345,68". */
export const formatNumber = (value: number, decimals = 0): string => {
  const fixed = Math.abs(value).toFixed(decimals);
  const [whole, fraction] = fixed.split('.');
  const negative = value < 0 && /[1-9]/.test(fixed);
  return `${negative ? '-' : ''}${group(whole)}${fraction ? `${DECIMAL_SEPARATOR}${fraction}` : ''}`;
};

/** A number with at most `maxDecimals` decimals, trailing zeros dropped: (3.5, 1) -> "3,5", (69.0, 2) -> "69". */
export const formatDecimal = (value: number, maxDecimals: number): string => {
  const text = formatNumber(value, maxDecimals);
  return text.includes(DECIMAL_SEPARATOR) ? text.replace(/0+$/, '').replace(/,$/, '') : text;
};

/** 1250000 -> "1'250'000 CHF". */
export const formatCHF = (value: number | null | undefined): string =>
  value === null || value === undefined ? '-' : `${formatNumber(Math.round(value))} CHF`;

/** 1250000 -> "1'250 KCHF" (the number/KCHF toggle). */
export const formatKCHF = (value: number | null | undefined): string =>
  value === null || value === undefined ? '-' : `${formatNumber(Math.round(value / 1000))} KCHF`;

/** A percentage, at most one decimal: 26.94 -> "26,9 %", 25 -> "25 %". */
export const formatPercent = (value: number | null | undefined): string =>
  value === null || value === undefined ? '-' : `${formatDecimal(value, 1)} %`;

/** An area, at most two decimals: 69 -> "69 m²", 69.5 -> "69,5 m²"; '-' without one. */
export const formatArea = (value: number | null | undefined): string =>
  value === null || value === undefined ? '-' : `${formatDecimal(value, 2)} m²`;

/** A number of rooms, at most one decimal, singular below 2: "1 pièce", "1,5 pièce", "3,5 pièces". */
export const formatRooms = (value: number | null | undefined): string =>
  value === null || value === undefined ? '-' : `${formatDecimal(value, 1)} ${Math.abs(value) < 2 ? 'pièce' : 'pièces'}`;

/**
 * The Excel number formats of the exports: cells keep numbers, shown as on screen. Amounts group
 * thousands with an apostrophe whatever the reader's locale (up to 999'999'999); areas and rooms
 * use 'General', which drops trailing zeros and shows the reader's decimal separator.
 */
export const XLSX_FORMATS = {
  amount: `[>=1000000]#"${THOUSANDS_SEPARATOR}"###"${THOUSANDS_SEPARATOR}"##0;[>=1000]#"${THOUSANDS_SEPARATOR}"##0;0`,
  decimal: 'General',
  date: 'dd/mm/yyyy',
  dateTime: 'dd/mm/yyyy hh:mm',
} as const;

/** Floor labels of docs/product/constants.md#floor-labels. */
export const floorLabel = (floor: number): string => {
  switch (floor) {
    case 0:
      return 'RDC';
    case -1:
      return 'Rez-de-jardin';
    case -2:
      return 'Rez supérieur';
    case -3:
      return 'Attique';
    case 1:
      return '1er';
    default:
      return `${floor}ème`;
  }
};

/** The order floors are shown and sorted in, from the garden level up to the attic. */
export const floorOrder = (floor: number): number => {
  switch (floor) {
    case -1:
      return 0;
    case 0:
      return 1;
    case -2:
      return 2;
    case -3:
      return 1000;
    default:
      return floor + 2;
  }
};

/** File sizes in Bytes, ko, mo, Go (docs/product/constants.md#amounts-and-units). */
export const formatFileSize = (bytes: number): string => {
  if (bytes < 1024) return `${bytes} Bytes`;
  const units = ['ko', 'mo', 'Go'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${formatDecimal(value, value < 10 ? 1 : 0)} ${units[unit]}`;
};

const NATURAL_ORDER = new Intl.Collator('fr-CH', { numeric: true, sensitivity: 'base' });
/** Compares two references as people count them: 'P-2' before 'P-10', accents and case aside. */
export const compareNatural = (a: string, b: string): number => NATURAL_ORDER.compare(a, b);

/** A number of attached files: "1 pièce jointe", "2 pièces jointes" (the message e-mail). */
export const formatAttachmentCount = (count: number) => `${formatNumber(count)} ${count < 2 ? 'pièce jointe' : 'pièces jointes'}`;
