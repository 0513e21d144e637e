import { z } from 'zod';
import type { TaskTimeStatus } from '../statuses.js';
import { idOf, idSchema, requiredText, textOf, textSchema } from './common.js';

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

/** An ISO date on a 15-minute step (seconds and milliseconds at zero). */
export const taskDateSchema = textOf({ error: TASK_MESSAGES.dateRequired })
  .min(1, TASK_MESSAGES.dateRequired)
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

const titleSchema = requiredText(TASK_MESSAGES.titleRequired).pipe(z.string().trim().max(255, 'Titre trop long'));
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

type TaskPerson = { id: number; full_name: string; profile_picture: string | null };

/** A task as the API answers it (docs/product/entities.md#task). */
export type Task = {
  id: number;
  promotion_id: number;
  title: string;
  detail: string | null;
  /** 0 Deadline, 1 Evènement. */
  type: number;
  type_text: string;
  end_at: string;
  deadline_at: string | null;
  created_at: string;
  done_at: string | null;
  created_by: TaskPerson | null;
  done_by: TaskPerson | null;
  assigned_to: TaskPerson | null;
  assigned_to_id: number | null;
  target: TaskTarget;
  target_id: number;
  /** A process task: closed by the process, its title is not editable by hand. */
  automatic_end: boolean;
  is_editable: boolean;
  time_status: TaskTimeStatus;
  time_status_text: string;
  hours: number | null;
  minutes: number | null;
};
