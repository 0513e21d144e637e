import { z } from 'zod';
import { idSchema, type Paginated, pageQuerySchema } from './common.js';

/**
 * The history screen (docs/product/history.md#screens and docs/product/calls.md#other-calls):
 *
 *   GET /logs?promotion=&application_id=&lot_id=&candidacy_id=&page=   broker   LogsPage
 *
 * The promotion's history rows, newest first, LOGS_PAGE_SIZE a page. A filter id must name a
 * row of the promotion (404 otherwise).
 */

export const LOGS_PAGE_SIZE = 50;

export const logsQuerySchema = z.object({
  promotion: idSchema.optional(),
  application_id: idSchema.optional(),
  lot_id: idSchema.optional(),
  candidacy_id: idSchema.optional(),
  page: pageQuerySchema,
});
export type LogsQuery = z.infer<typeof logsQuerySchema>;

/** A log entry (docs/product/entities.md#log-entry). */
export type LogRow = {
  id: number;
  created_at: string;
  /** The executor's full name; null when nobody signed in did it (a public registration). */
  executed_by_title: string | null;
  executed_on_title: string;
  title: string;
};

/** What the filter names, for the screen's subtitle and its back link. */
export type LogSubject =
  | { kind: 'application'; id: number; title: string }
  | { kind: 'candidacy'; id: number; title: string }
  | { kind: 'lot'; id: number; title: string; public_id: string };

/** The pagination object of docs/product/entities.md#pagination with the filter's subject (the first of application, candidacy, lot). */
export type LogsPage = Paginated<LogRow> & { subject: LogSubject | null };
