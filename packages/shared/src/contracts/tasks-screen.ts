import { z } from 'zod';
import { idOf, idSchema, textSchema } from './common.js';
import { type TaskTarget, targetTasksQuerySchema, taskSchema } from './tasks.js';

/**
 * The tasks screen (docs/product/tasks.md#screens and docs/product/calls.md#direct-application-calls):
 *
 *   GET /actions?promotion=&search=&broker=&candidat=&group=&offset=&limit=    broker   { data: TasksScreenGroups }
 *   GET /promotions/:id/notary/actions?search=&candidat=&group=&offset=&limit= notary   { data: TasksScreenGroups }
 *
 * Both answer the open tasks (done_at null) of the promotion, grouped by time status and sorted
 * by due date, a page per group: without `group`, the first `limit` (TASKS_PAGE_SIZE) tasks of
 * each group; with `group`, that group's tasks from `offset` ('Afficher plus'), the others
 * empty. `totals` always counts every task of each group (the menu's badge asks
 * `group=past&limit=0`). The notary's list holds the tasks assigned to him. `candidat` is a
 * candidacy id: the list narrows to the tasks whose target is that candidacy. GET /actions with
 * `target` and `target_id` still answers one target's tasks (`targetTasksQuerySchema`).
 */

const searchSchema = textSchema.trim().max(200, 'Recherche trop longue').optional();

/** The groups of the answer, by time status: next ('Prochainement'), today ('Aujourd'hui'), past ('En retard'). */
export const TASK_GROUP_KEYS = ['next', 'today', 'past'] as const;
export type TaskGroupKey = (typeof TASK_GROUP_KEYS)[number];

/** Tasks a group shows at first and adds at each 'Afficher plus'. */
export const TASKS_PAGE_SIZE = 20;
/** The largest page a call may ask. */
export const TASKS_MAX_PAGE_SIZE = 100;

/** The notary's query: the search box, the candidat query and the page of a group. */
export const notaryTasksQuerySchema = z.object({
  search: searchSchema,
  candidat: idSchema.optional(),
  group: z.enum(TASK_GROUP_KEYS, { error: 'Groupe invalide' }).optional(),
  offset: z.coerce
    .number({ error: 'Page invalide' })
    .int('Page invalide')
    .min(0, 'Page invalide')
    .max(1_000_000, 'Page invalide')
    .optional(),
  limit: z.coerce
    .number({ error: 'Page invalide' })
    .int('Page invalide')
    .min(0, 'Page invalide')
    .max(TASKS_MAX_PAGE_SIZE, 'Page invalide')
    .optional(),
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
export const screenTaskSchema = taskSchema.extend({
  target_class: z.enum(['candidate', 'lot', 'application'] as const satisfies readonly TaskTargetClass[]),
  /** A candidate's full name, a lot's reference, or an application's 'lot reference – first candidate'. */
  target_label: z.string(),
  /** The candidacy of the target (the candidacy itself, or the application's main candidacy). */
  candidacy_id: z.number().nullable(),
  /** The lot of the target (the lot itself, or the application's lot), for the link to the lots screen. */
  lot_id: z.number().nullable(),
  lot_public_id: z.string().nullable(),
  lot_reference: z.string().nullable(),
  application_id: z.number().nullable(),
  candidate_name: z.string().nullable(),
});
export type ScreenTask = z.infer<typeof screenTaskSchema>;

/**
 * Prochainement, Aujourd'hui, En retard (docs/product/tasks.md#screens: the response carries next, today and past):
 * a page of each group, and how many tasks each group holds in all.
 */
export const tasksScreenGroupsSchema = z.object({
  next: screenTaskSchema.array(),
  today: screenTaskSchema.array(),
  past: screenTaskSchema.array(),
  totals: z.object({ next: z.number(), today: z.number(), past: z.number() }),
});
export type TasksScreenGroups = z.infer<typeof tasksScreenGroupsSchema>;
