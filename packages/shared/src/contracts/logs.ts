import { z } from 'zod';
import { pageOf } from '../api/route.js';
import { idSchema, pageQuerySchema } from './common.js';

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
export const logRowSchema = z.object({
  id: z.number(),
  created_at: z.string(),
  /** The executor's full name; null when nobody signed in did it (a public registration). */
  executed_by_title: z.string().nullable(),
  executed_on_title: z.string(),
  title: z.string(),
});
export type LogRow = z.infer<typeof logRowSchema>;

/** What the filter names, for the screen's subtitle and its back link. */
export const logSubjectSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('application'), id: z.number(), title: z.string() }),
  z.object({ kind: z.literal('candidacy'), id: z.number(), title: z.string() }),
  z.object({ kind: z.literal('lot'), id: z.number(), title: z.string(), public_id: z.string() }),
]);
export type LogSubject = z.infer<typeof logSubjectSchema>;

/** The pagination object of docs/product/entities.md#pagination with the filter's subject (the first of application, candidacy, lot). */
export const logsPageSchema = pageOf(logRowSchema).extend({ subject: logSubjectSchema.nullable() });
export type LogsPage = z.infer<typeof logsPageSchema>;
