import { PLANNING_CATEGORIES, type PlanningSaleDate, type PlanningTask, SALE_DATE_KINDS } from '@promovente/shared';
import ical, { ICalCalendarMethod, ICalEventTransparency } from 'ical-generator';

/**
 * The planning as an iCalendar file (RFC 5545; docs/product/planning.md#rules), written by
 * `ical-generator` (docs/decisions/024-files-read-in-any-tool.md), which escapes the texts, folds
 * the lines at 75 octets and ends them with CRLF. Every task and every sales date is an all-day
 * event (DTSTART and DTEND with VALUE=DATE, DTEND the day after the last day, exclusive); UIDs
 * carry the promotion and the row's id, stable across exports, so a calendar that imports the
 * file again updates its events instead of doubling them.
 */

/** The UIDs of the export's events: the promotion, then the row. */
export const planningUid = {
  task: (promotionId: number, taskId: number) => `promotion-${promotionId}-planning-task-${taskId}@promovente.ch`,
  sale: (promotionId: number, sale: Pick<PlanningSaleDate, 'application_id' | 'kind'>) =>
    `promotion-${promotionId}-application-${sale.application_id}-${sale.kind.toLowerCase()}@promovente.ch`,
};

/** A 'YYYY-MM-DD' day as the instant ical-generator writes as that DATE (it reads a Date's UTC fields). */
const dayOf = (day: string) => new Date(`${day}T00:00:00Z`);

/** The day after a 'YYYY-MM-DD' day (DTEND of an all-day event is exclusive). */
const dayAfter = (day: string) => {
  const next = dayOf(day);
  next.setUTCDate(next.getUTCDate() + 1);
  return next;
};

export const buildPlanningCalendar = (
  promotion: { id: number; title: string },
  tasks: PlanningTask[],
  sales: PlanningSaleDate[],
  now: Date = new Date(),
): string => {
  const calendar = ical({
    name: `Planning - ${promotion.title}`,
    prodId: { company: 'Promovente', product: 'Planning', language: 'FR' },
    method: ICalCalendarMethod.PUBLISH,
  });
  const event = (uid: string, first: string, last: string, summary: string, description: string | null, category: string) =>
    calendar.createEvent({
      id: uid,
      stamp: now,
      allDay: true,
      start: dayOf(first),
      end: dayAfter(last),
      summary,
      description,
      categories: category ? [{ name: category }] : [],
      transparency: ICalEventTransparency.TRANSPARENT,
    });
  for (const task of tasks) {
    const category = PLANNING_CATEGORIES.find((entry) => entry.id === task.category)?.label ?? '';
    event(planningUid.task(promotion.id, task.id), task.dateFrom, task.dateTo, task.title, task.details, category);
  }
  for (const sale of sales) {
    event(
      planningUid.sale(promotion.id, sale),
      sale.date,
      sale.date,
      `${SALE_DATE_KINDS[sale.kind]} : lot ${sale.lot_reference}`,
      null,
      'Ventes',
    );
  }
  // RFC 5545 ends every content line, the last one too, with CRLF.
  return `${calendar.toString().replace(/\r\n$/, '')}\r\n`;
};
