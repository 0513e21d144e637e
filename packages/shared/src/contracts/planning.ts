import { z } from 'zod';
import { dateYearsCheck, idOf, idSchema, isCalendarDay, isWithinDateYears, requiredText, textOf } from './common.js';

/**
 * The planning (docs/product/planning.md): the promotion's Gantt timeline of tasks, the pilots'
 * to edit, brokers' and investors' to read, with the sales dates of the pipeline beside it.
 * The texts the reference does not give are fixed here once, for the server and the client.
 */
export const PLANNING_MESSAGES = {
  pageTitle: 'Planning',
  addTask: 'Ajouter une tâche',
  addTitle: 'Nouvelle tâche',
  editTitle: 'Modifier la tâche',
  submit: 'Valider',
  cancel: 'Annuler',
  delete: 'Supprimer',
  deleteConfirm: 'Attention ! Toutes les données seront supprimées.',
  titleRequired: 'Le titre est requis',
  categoryRequired: 'La catégorie est requise',
  dateFromRequired: 'La date de début est requise',
  dateToRequired: 'La date de fin est requise',
  dateInvalid: 'Date invalide (jour/mois/année)',
  dateOrder: 'La date de fin ne peut pas précéder la date de début',
  titleTooLong: 'Le titre ne peut pas dépasser 200 caractères',
  detailsTooLong: 'Les détails ne peuvent pas dépasser 5000 caractères',
  tooManyTasks: 'Le planning compte déjà 500 tâches : supprimez-en avant d’en ajouter.',
  taskCreated: 'Tâche ajoutée',
  taskUpdated: 'Tâche modifiée',
  taskDeleted: 'Tâche supprimée',
  empty: "Aucune tâche n'est encore planifiée.",
  monthly: 'Mensuel',
  weekly: 'Hebdomadaire',
  salesLane: 'Ventes (dossiers de vente)',
  noSales: 'Aucune date de promesse ou d’acte prévue.',
  export: 'Exporter le calendrier (.ics)',
  /** The red line of today on the timeline. */
  today: (day: string) => `Aujourd’hui, le ${day}`,
} as const;

/** A task's title and details, at most this many characters (said, with a counter, never cut). */
export const PLANNING_LIMITS = { title: 200, details: 5000 } as const;

/** The most tasks a promotion's planning holds (the Gantt draws them all). */
export const PLANNING_MAX_TASKS = 500;

/** The four categories with their colours (docs/product/planning.md#fields); white text reads on each (WCAG AA). */
export const PLANNING_CATEGORIES = [
  { id: 1, label: 'Phase préalable', colour: '#6d28d9' },
  { id: 2, label: 'Phase administrative - Autorisation de construire', colour: '#b45309' },
  { id: 3, label: 'Phase commercialisation', colour: '#047857' },
  { id: 4, label: 'Phase travaux', colour: '#1d4ed8' },
] as const;
export type PlanningCategoryId = (typeof PLANNING_CATEGORIES)[number]['id'];

export const planningCategoryOf = (id: number) => PLANNING_CATEGORIES.find((category) => category.id === id) ?? null;

const calendarDay = (requiredMessage: string) =>
  textOf({ error: requiredMessage })
    .refine((value) => value.trim() !== '', { message: requiredMessage, abort: true })
    .refine(isWithinDateYears, dateYearsCheck())
    .refine(isCalendarDay, { message: PLANNING_MESSAGES.dateInvalid });

/** GET /planning?promotion_id={id} and GET /planning/export?promotion_id={id}. */
export const planningQuerySchema = z.object({ promotion_id: idOf('Promotion invalide') });
export type PlanningQuery = z.infer<typeof planningQuerySchema>;

/** POST /planning and PUT /planning/{id}: title, start, end and category required, details optional. */
export const planningTaskInputSchema = z
  .object({
    title: requiredText(PLANNING_MESSAGES.titleRequired)
      .transform((value) => value.trim())
      .refine((value) => value.length <= PLANNING_LIMITS.title, { message: PLANNING_MESSAGES.titleTooLong }),
    category: z.preprocess(
      (value) => (typeof value === 'string' && /^\d$/.test(value) ? Number(value) : value),
      z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], { error: PLANNING_MESSAGES.categoryRequired }),
    ),
    dateFrom: calendarDay(PLANNING_MESSAGES.dateFromRequired),
    dateTo: calendarDay(PLANNING_MESSAGES.dateToRequired),
    details: z
      .union([textOf(), z.null()])
      .optional()
      .transform((value) => {
        const text = value?.trim() ?? '';
        return text === '' ? null : text;
      })
      .refine((value) => value === null || value.length <= PLANNING_LIMITS.details, { message: PLANNING_MESSAGES.detailsTooLong }),
    promotion_id: idSchema,
  })
  .refine((task) => task.dateTo >= task.dateFrom, { message: PLANNING_MESSAGES.dateOrder, path: ['dateTo'] });
export type PlanningTaskInput = z.input<typeof planningTaskInputSchema>;
export type PlanningTaskValues = z.output<typeof planningTaskInputSchema>;

/** A task as the planning shows it (dates 'YYYY-MM-DD', Swiss calendar days). */
export const planningTaskSchema = z.object({
  id: z.number(),
  title: z.string(),
  category: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  dateFrom: z.string(),
  dateTo: z.string(),
  details: z.string().nullable(),
  promotion_id: z.number(),
});
export type PlanningTask = z.infer<typeof planningTaskSchema>;

/** The two planned sales dates of an application the read-only lane shows. */
export const SALE_DATE_KINDS = {
  PDV: 'Promesse de vente prévue',
  SIGN: 'Acte d’achat prévu',
} as const;
export type SaleDateKind = keyof typeof SALE_DATE_KINDS;

/** A planned promise (PDV) or act of purchase (SIGN) of a live application, on its Swiss calendar day. */
export const planningSaleDateSchema = z.object({
  application_id: z.number(),
  kind: z.enum(['PDV', 'SIGN']),
  date: z.string(),
  lot_reference: z.string(),
});
export type PlanningSaleDate = z.infer<typeof planningSaleDateSchema>;

/** GET /planning: the tasks (data) and the sales lane; POST, PUT and DELETE answer the tasks. */
export const planningAnswerSchema = z.object({ data: planningTaskSchema.array(), sales: planningSaleDateSchema.array() });
export type PlanningAnswer = z.infer<typeof planningAnswerSchema>;
export const planningTasksAnswerSchema = z.object({ data: planningTaskSchema.array(), message: z.string().optional() });
export type PlanningTasksAnswer = z.infer<typeof planningTasksAnswerSchema>;
/** GET /planning/export: the .ics file's short-lived signed link. */
export const planningExportAnswerSchema = z.object({ data: z.object({ url: z.string() }) });
export type PlanningExportAnswer = z.infer<typeof planningExportAnswerSchema>;
