import { PLANNING_CATEGORIES, type PlanningSaleDate, type PlanningTask, SALE_DATE_KINDS } from '@promovente/shared';

/**
 * The planning as an iCalendar file (RFC 5545; docs/product/planning.md#rules): CRLF line ends,
 * lines folded at 75 octets, text escaped, every task an all-day event (DTSTART and DTEND with
 * VALUE=DATE, DTEND the day after the last day, exclusive), UIDs stable across exports (the
 * row's id and the promotion's) so a calendar that imports twice updates instead of doubling.
 */

/** RFC 5545, 3.3.11: backslash, semicolon, comma and new lines escaped. */
export const escapeIcsText = (value: string) =>
  value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');

/** RFC 5545, 3.1: a content line longer than 75 octets continues on lines starting with a space. */
export const foldIcsLine = (line: string): string[] => {
  const encoder = new TextEncoder();
  const lines: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    const limit = lines.length === 0 ? 75 : 74;
    if (size + bytes > limit) {
      lines.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += bytes;
  }
  lines.push(current);
  return lines.map((part, index) => (index === 0 ? part : ` ${part}`));
};

const icsDate = (day: string) => day.replaceAll('-', '');

/** The day after a 'YYYY-MM-DD' day (DTEND of an all-day event is exclusive). */
export const nextDay = (day: string) => {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
};

const stamp = (at: Date) => `${at.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;

type IcsEvent = { uid: string; day: string; lastDay: string; summary: string; description: string | null; categories: string };

const eventLines = (event: IcsEvent, dtstamp: string) => [
  'BEGIN:VEVENT',
  `UID:${event.uid}`,
  `DTSTAMP:${dtstamp}`,
  `DTSTART;VALUE=DATE:${icsDate(event.day)}`,
  `DTEND;VALUE=DATE:${icsDate(nextDay(event.lastDay))}`,
  `SUMMARY:${escapeIcsText(event.summary)}`,
  ...(event.description ? [`DESCRIPTION:${escapeIcsText(event.description)}`] : []),
  `CATEGORIES:${escapeIcsText(event.categories)}`,
  'TRANSP:TRANSPARENT',
  'END:VEVENT',
];

export const buildPlanningCalendar = (
  promotion: { id: number; title: string },
  tasks: PlanningTask[],
  sales: PlanningSaleDate[],
  now: Date = new Date(),
): string => {
  const dtstamp = stamp(now);
  const events: IcsEvent[] = [
    ...tasks.map((task) => ({
      uid: `planning-task-${task.id}@promovente.ch`,
      day: task.dateFrom,
      lastDay: task.dateTo,
      summary: task.title,
      description: task.details,
      categories: PLANNING_CATEGORIES.find((category) => category.id === task.category)?.label ?? '',
    })),
    ...sales.map((sale) => ({
      uid: `application-${sale.application_id}-${sale.kind.toLowerCase()}@promovente.ch`,
      day: sale.date,
      lastDay: sale.date,
      summary: `${SALE_DATE_KINDS[sale.kind]} : lot ${sale.lot_reference}`,
      description: null,
      categories: 'Ventes',
    })),
  ];
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Promovente//Planning//FR',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeIcsText(`Planning - ${promotion.title}`)}`,
    ...events.flatMap((event) => eventLines(event, dtstamp)),
    'END:VCALENDAR',
  ];
  return `${lines.flatMap(foldIcsLine).join('\r\n')}\r\n`;
};
