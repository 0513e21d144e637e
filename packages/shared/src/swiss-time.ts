/**
 * Swiss time: every date shown, picked or e-mailed is read in Europe/Zurich, UTC+1 in winter
 * and UTC+2 in summer (daylight saving from the last Sunday of March to the last Sunday of
 * October). Instants are stored and sent in UTC (ISO 8601); only these functions turn them into
 * wall-clock dates and back.
 */

export const SWISS_TIME_ZONE = 'Europe/Zurich';

/** How a time is labelled where a reader cannot guess the zone (e-mails, PDF, exports). */
export const SWISS_TIME_LABEL = 'heure suisse';

const DAY = 86_400_000;

/** A wall-clock date and time in Swiss time. */
export type SwissWallTime = { year: number; month: number; day: number; hour: number; minute: number; second: number };

const partsFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: SWISS_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** The Swiss wall-clock time of an instant, as Intl reads the zone's rules. */
const wallTimeOfIntl = (instant: number): SwissWallTime => {
  const parts = Object.fromEntries(
    partsFormat
      .formatToParts(new Date(instant))
      .filter((p) => p.type !== 'literal')
      .map((p) => [p.type, Number(p.value)]),
  );
  return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour, minute: parts.minute, second: parts.second };
};

const HOUR = 3_600_000;
/** The offset at whole seconds of an instant read by Intl (the wall time read as UTC, less the instant). */
const offsetOfIntl = (instant: number): number => {
  const w = wallTimeOfIntl(instant);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(instant / 1000) * 1000;
};

/**
 * The zone's offset for each UTC hour already read, or null for an hour within which it changes.
 * Intl takes a few microseconds and a dozen objects for each instant, and a list's rows show
 * hundreds of dates (docs/performance.md, 'The server'): Europe/Zurich changes
 * its offset only on whole UTC hours, so an hour whose first and last second have the same offset
 * has it throughout, and is read from Intl once. Bounded: emptied past 20,000 hours.
 */
const offsetByHour = new Map<number, number | null>();

const offsetOfHour = (hour: number): number | null => {
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    const first = offsetOfIntl(hour * HOUR);
    offset = first === offsetOfIntl(hour * HOUR + HOUR - 1000) ? first : null;
    if (offsetByHour.size >= 20_000) offsetByHour.clear();
    offsetByHour.set(hour, offset);
  }
  return offset;
};

/** The Swiss wall-clock time of an instant. */
export const swissWallTime = (at: Date | string): SwissWallTime => {
  const instant = new Date(at).getTime();
  const offset = Number.isFinite(instant) ? offsetOfHour(Math.floor(instant / HOUR)) : null;
  if (offset === null) return wallTimeOfIntl(instant);
  const wall = new Date(instant + offset);
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
};

/** The offset of Swiss time from UTC at an instant, in ms: 3,600,000 in winter, 7,200,000 in summer. */
export const swissOffset = (at: Date | string): number => {
  const instant = new Date(at).getTime();
  const w = swissWallTime(at);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(instant / 1000) * 1000;
};

/**
 * The instant a Swiss wall-clock time means. In the hour skipped in March (02:00 to 03:00) the
 * time counts as summer time one hour later; in the hour repeated in October the first (summer)
 * one is taken.
 */
export const fromSwissWallTime = (year: number, month: number, day: number, hour = 0, minute = 0, second = 0): Date => {
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  const summer = wall - 2 * 3600_000;
  if (swissOffset(new Date(summer)) === 2 * 3600_000) return new Date(summer);
  return new Date(wall - 3600_000);
};

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The instant a date (yyyy-MM-dd) and a time (HH:mm) picked in Swiss time mean. An invalid
 * date answers an invalid Date (the caller's schema then says which field).
 */
export const fromSwissTime = (date: string, time: string): Date => {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date.trim());
  const t = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(time.trim());
  if (!d || !t) return new Date(Number.NaN);
  const [year, month, day] = [Number(d[1]), Number(d[2]), Number(d[3])];
  const [hour, minute, second] = [Number(t[1]), Number(t[2]), Number(t[3] ?? 0)];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) {
    return new Date(Number.NaN);
  }
  return fromSwissWallTime(year, month, day, hour, minute, second);
};

/** The Swiss date (yyyy-MM-dd) and time (HH:mm) of an instant, what a date and a time picker show. */
export const toSwissDateAndTime = (at: Date | string): { date: string; time: string } => {
  const w = swissWallTime(at);
  return { date: `${w.year}-${pad(w.month)}-${pad(w.day)}`, time: `${pad(w.hour)}:${pad(w.minute)}` };
};

/** dd/MM/yyyy HH:mm in Swiss time; '' without a date. */
export const formatDateTime = (value: Date | string | null | undefined): string => {
  if (!value) return '';
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return '';
  const w = swissWallTime(at);
  return `${pad(w.day)}/${pad(w.month)}/${w.year} ${pad(w.hour)}:${pad(w.minute)}`;
};

/** dd/MM/yyyy HH:mm:ss in Swiss time, the CRM's last send (docs/product/promotion-administration.md#constants); '' without a date. */
export const formatDateTimeSeconds = (value: Date | string | null | undefined): string => {
  const text = formatDateTime(value);
  return text ? `${text}:${pad(swissWallTime(new Date(value as Date | string)).second)}` : '';
};

/** dd/MM/yyyy in Swiss time; '' without a date. */
export const formatDate = (value: Date | string | null | undefined): string => formatDateTime(value).slice(0, 10);

/** dd/MM/yyyy HH:mm followed by the zone, for e-mails and documents read away from the app: '12/01/2026 10:00 (heure suisse)'. */
export const formatSwissDateTime = (value: Date | string | null | undefined): string => {
  const text = formatDateTime(value);
  return text ? `${text} (${SWISS_TIME_LABEL})` : '';
};

/** The number of the Swiss calendar day of an instant (days since 1970-01-01), to compare days. */
export const swissDayNumber = (at: Date | string): number => {
  const w = swissWallTime(at);
  return Math.floor(Date.UTC(w.year, w.month - 1, w.day) / DAY);
};

/** The same Swiss wall-clock time `days` calendar days away (a clock change keeps 10:00 at 10:00). */
export const shiftSwissCalendarDays = (at: Date | string, days: number): Date => {
  const w = swissWallTime(at);
  const target = new Date(Date.UTC(w.year, w.month - 1, w.day + days));
  return fromSwissWallTime(target.getUTCFullYear(), target.getUTCMonth() + 1, target.getUTCDate(), w.hour, w.minute, w.second);
};

/** The instant of Swiss midnight starting the day of `at`. */
export const swissMidnight = (at: Date | string): Date => {
  const w = swissWallTime(at);
  return fromSwissWallTime(w.year, w.month, w.day);
};
