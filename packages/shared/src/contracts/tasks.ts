import { z } from 'zod';
import { MESSAGES } from '../messages.js';
import { TASK_TIME_STATUS } from '../statuses.js';
import { dateYearsCheck, idOf, idSchema, isWithinDateYears, requiredText, textOf, textSchema } from './common.js';

/** What a task hangs on (docs/product/entities.md#task: target_class candidate, lot or application). */
export const TASK_TARGETS = ['candidacy', 'lot', 'application'] as const;
export type TaskTarget = (typeof TASK_TARGETS)[number];

/** Date pickers move in 15-minute steps (docs/product/constants.md#timing). */
export const TASK_DATE_STEP_MINUTES = 15;

export const TASK_MESSAGES = {
  titleRequired: 'Titre requis',
  dateRequired: 'Date requise',
  dateInvalid: 'Date invalide',
  dateStep: "La date doit tomber sur un quart d'heure",
  typeRequired: 'Type requis',
  assigneeRequired: 'Assigné requis',
  targetRequired: 'Une cible est requise (candidature, lot ou dossier de vente)',
  targetAmbiguous: 'Une seule cible est possible (candidature, lot ou dossier de vente)',
  assigneeNotMember: 'La personne assignée ne fait pas partie de la promotion',
  automaticTask: 'Cette tâche se termine automatiquement, elle ne peut pas être terminée à la main',
  automaticTaskEdit: 'Cette tâche est gérée automatiquement, elle ne peut pas être modifiée à la main',
  alreadyDone: 'Cette tâche est déjà terminée',
  notYours: 'Cette tâche ne vous est pas assignée',
  created: 'Tâche ajoutée',
  updated: 'Tâche modifiée',
  finished: 'Tâche terminée',
} as const;

/** An ISO date on a 15-minute step (seconds and milliseconds at zero), between 1900 and 2200. */
export const taskDateSchema = textOf({ error: TASK_MESSAGES.dateRequired })
  .min(1, TASK_MESSAGES.dateRequired)
  .refine(isWithinDateYears, dateYearsCheck())
  .refine((value) => !Number.isNaN(Date.parse(value)), { message: TASK_MESSAGES.dateInvalid })
  .refine(
    (value) => {
      const time = Date.parse(value);
      return Number.isNaN(time) || time % (TASK_DATE_STEP_MINUTES * 60_000) === 0;
    },
    { message: TASK_MESSAGES.dateStep },
  );

export const taskTypeSchema = z.coerce
  .number({ error: TASK_MESSAGES.typeRequired })
  .int(TASK_MESSAGES.typeRequired)
  .refine((value) => value === 0 || value === 1, { message: TASK_MESSAGES.typeRequired });

/** A task's title, at most this many characters. */
export const TASK_TITLE_MAX = 255;
const titleSchema = requiredText(TASK_MESSAGES.titleRequired).pipe(
  z.string().trim().max(TASK_TITLE_MAX, MESSAGES.titleTooLong(TASK_TITLE_MAX)),
);
const detailSchema = textSchema.trim().max(5000, 'Détail trop long').nullish();
const assigneeSchema = idOf(TASK_MESSAGES.assigneeRequired);

/** The add-task form (docs/product/validation.md#task-forms): broker_id is the assignee. */
export const taskFieldsSchema = z.object({
  title: titleSchema,
  end_at: taskDateSchema,
  type: taskTypeSchema,
  broker_id: assigneeSchema,
  detail: detailSchema,
});
export type TaskFields = z.infer<typeof taskFieldsSchema>;

const optionalTargetId = idSchema.nullish();

/**
 * createAction (docs/product/calls.md#command-dispatcher): entity promotion, the form's fields plus promotion_id and
 * exactly one target among candidacy_id, lot_id and application_id.
 */
export const createTaskSchema = taskFieldsSchema
  .extend({
    promotion_id: idSchema.optional(),
    candidacy_id: optionalTargetId,
    lot_id: optionalTargetId,
    application_id: optionalTargetId,
  })
  .superRefine((value, ctx) => {
    const count = [value.candidacy_id, value.lot_id, value.application_id].filter((id) => id != null).length;
    if (count === 0) ctx.addIssue({ code: 'custom', message: TASK_MESSAGES.targetRequired, path: ['candidacy_id'] });
    if (count > 1) ctx.addIssue({ code: 'custom', message: TASK_MESSAGES.targetAmbiguous, path: ['candidacy_id'] });
  });
export type CreateTaskInput = z.infer<typeof createTaskSchema>;

/** POST /promotions/{id}/lots/actions: the form's fields and the lot. */
export const createLotTaskSchema = taskFieldsSchema.extend({ lot_id: idSchema });
/** POST /promotions/{id}/applications/actions: the form's fields and the application. */
export const createApplicationTaskSchema = taskFieldsSchema.extend({ application_id: idSchema });

/** updateAction and the PUT routes: every field optional; the title only while automatic_end is off. */
export const updateTaskSchema = z.object({
  title: titleSchema.optional(),
  end_at: taskDateSchema.optional(),
  type: taskTypeSchema.optional(),
  broker_id: assigneeSchema.optional(),
  detail: detailSchema,
});
export type UpdateTaskInput = z.infer<typeof updateTaskSchema>;

export const promotionTaskParamsSchema = z.object({ id: idSchema, actionId: idSchema });

/** GET actions: the tasks of one target; history=1 adds the done ones (newest first). */
export const targetTasksQuerySchema = z.object({
  promotion: idSchema.optional(),
  target: z.enum(TASK_TARGETS, { error: 'Cible invalide' }),
  target_id: idSchema,
  history: z
    .union([z.literal('1'), z.literal('0'), z.literal('true'), z.literal('false')])
    .transform((v) => v === '1' || v === 'true')
    .optional(),
});
export type TargetTasksQuery = z.infer<typeof targetTasksQuerySchema>;

const taskPersonSchema = z.object({ id: z.number(), full_name: z.string(), profile_picture: z.string().nullable() });

/** A task as the API answers it (docs/product/entities.md#task). */
export const taskSchema = z.object({
  id: z.number(),
  promotion_id: z.number(),
  title: z.string(),
  detail: z.string().nullable(),
  /** 0 Deadline, 1 Evènement. */
  type: z.number(),
  type_text: z.string(),
  end_at: z.string(),
  deadline_at: z.string().nullable(),
  created_at: z.string(),
  done_at: z.string().nullable(),
  created_by: taskPersonSchema.nullable(),
  done_by: taskPersonSchema.nullable(),
  assigned_to: taskPersonSchema.nullable(),
  assigned_to_id: z.number().nullable(),
  target: z.enum(TASK_TARGETS),
  target_id: z.number(),
  /** A process task: closed by the process, its title is not editable by hand. */
  automatic_end: z.boolean(),
  is_editable: z.boolean(),
  time_status: z.enum(Object.keys(TASK_TIME_STATUS) as [keyof typeof TASK_TIME_STATUS, ...(keyof typeof TASK_TIME_STATUS)[]]),
  time_status_text: z.string(),
  hours: z.number().nullable(),
  minutes: z.number().nullable(),
});
export type Task = z.infer<typeof taskSchema>;

/**
 * An open task as a row of the candidates, lots or funnel table shows it (issue 20, lean pages):
 * its badge (title, end, time status) and what tells whether the user may finish it from the
 * row's menu. The task's dialog reads the whole task (GET /actions/:id).
 */
export const rowTaskSchema = taskSchema.pick({
  id: true,
  title: true,
  end_at: true,
  done_at: true,
  time_status: true,
  automatic_end: true,
  assigned_to_id: true,
});
export type RowTask = z.infer<typeof rowTaskSchema>;
