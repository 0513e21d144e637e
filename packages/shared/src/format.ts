/** Formatting shared by the server (exports, e-mails, PDF) and the client. */

/** 1250000 -> "1'250'000" (spec part 1, 9: apostrophe thousands separator). */
export const formatNumber = (value: number, decimals = 0): string => {
  const negative = value < 0;
  const fixed = Math.abs(value).toFixed(decimals);
  const [whole, fraction] = fixed.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, "'");
  return `${negative ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
};

/** 1250000 -> "1'250'000 CHF". */
export const formatCHF = (value: number | null | undefined): string =>
  value === null || value === undefined ? '-' : `${formatNumber(Math.round(value))} CHF`;

/** 1250000 -> "1'250 KCHF" (the number/KCHF toggle). */
export const formatKCHF = (value: number | null | undefined): string =>
  value === null || value === undefined ? '-' : `${formatNumber(Math.round(value / 1000))} KCHF`;

/** Floor labels of spec part 1, 9. */
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

const pad = (n: number) => String(n).padStart(2, '0');

/** Shown dates are in Swiss time, UTC+2 as the spec fixes for pickers (part 1, 9). */
export const DISPLAY_UTC_OFFSET_HOURS = 2;

const shifted = (value: Date | string) => new Date(new Date(value).getTime() + DISPLAY_UTC_OFFSET_HOURS * 3600_000);

/** dd/MM/yyyy HH:mm in UTC+2. */
export const formatDateTime = (value: Date | string | null | undefined): string => {
  if (!value) return '';
  const d = shifted(value);
  return `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
};

/** dd/MM/yyyy in UTC+2. */
export const formatDate = (value: Date | string | null | undefined): string => formatDateTime(value).slice(0, 10);

/** File sizes in Bytes, ko, mo, Go (spec part 1, 9). */
export const formatFileSize = (bytes: number): string => {
  if (bytes < 1024) return `${bytes} Bytes`;
  const units = ['ko', 'mo', 'Go'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${formatNumber(value, value < 10 ? 1 : 0)} ${units[unit]}`;
};
