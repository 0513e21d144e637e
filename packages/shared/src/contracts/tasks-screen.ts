import { z } from 'zod';
import { idOf, idSchema, textSchema } from './common.js';
import { type Task, type TaskTarget, targetTasksQuerySchema } from './tasks.js';

/**
 * The tasks screen (docs/product/tasks.md#screens and docs/product/calls.md#direct-application-calls):
 *
 *   GET /actions?promotion=&search=&broker=&candidat=       broker   { data: TasksScreenGroups }
 *   GET /promotions/:id/notary/actions?search=&candidat=    notary   { data: TasksScreenGroups }
 *
 * Both answer the open tasks (done_at null) of the promotion, grouped by time status and sorted
 * by due date. The notary's list holds the tasks assigned to him. `candidat` is a candidacy id:
 * the list narrows to the tasks whose target is that candidacy. GET /actions with `target` and
 * `target_id` still answers one target's tasks (`targetTasksQuerySchema`).
 */

const searchSchema = textSchema.trim().max(200, 'Recherche trop longue').optional();

/** The notary's query: the search box and the candidat query. */
export const notaryTasksQuerySchema = z.object({
  search: searchSchema,
  candidat: idSchema.optional(),
});
export type NotaryTasksQuery = z.infer<typeof notaryTasksQuerySchema>;

/** The broker's query: the same, the promotion (else the current one) and the broker filter (assignee). */
export const tasksScreenQuerySchema = notaryTasksQuerySchema.extend({
  promotion: idSchema.optional(),
  broker: idOf('Courtier invalide').optional(),
});
export type TasksScreenQuery = z.infer<typeof tasksScreenQuerySchema>;

/** GET /actions answers both calls: with `target`, one target's tasks; without, the tasks screen. */
export const actionsQuerySchema = z.discriminatedUnion(
  'target',
  [targetTasksQuerySchema, tasksScreenQuerySchema.extend({ target: z.undefined().optional() })],
  { error: 'Cible invalide' },
);

/** The spec's target_class (docs/product/entities.md#task) for each target. */
export const TASK_TARGET_CLASSES = { candidacy: 'candidate', lot: 'lot', application: 'application' } as const satisfies Record<
  TaskTarget,
  string
>;
export type TaskTargetClass = (typeof TASK_TARGET_CLASSES)[TaskTarget];

/** A row of the tasks screen: the task and what its target cell shows and links to. */
export type ScreenTask = Task & {
  target_class: TaskTargetClass;
  /** A candidate's full name, a lot's reference, or an application's 'lot reference – first candidate'. */
  target_label: string;
  /** The candidacy of the target (the candidacy itself, or the application's main candidacy). */
  candidacy_id: number | null;
  /** The lot of the target (the lot itself, or the application's lot), for the link to the lots screen. */
  lot_id: number | null;
  lot_public_id: string | null;
  lot_reference: string | null;
  application_id: number | null;
  candidate_name: string | null;
};

/** Prochainement, Aujourd'hui, En retard (docs/product/tasks.md#screens: the response carries next, today and past). */
export type TasksScreenGroups = { next: ScreenTask[]; today: ScreenTask[]; past: ScreenTask[] };
