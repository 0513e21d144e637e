import { z } from 'zod';
import { pageOf } from '../api/route.js';
import { TASK_TIME_STATUS, type TaskTimeStatus } from '../statuses.js';
import type { Paginated } from './common.js';
import { idSchema, textSchema } from './common.js';
import { listFiltersSchema } from './filters.js';
import { rowTaskSchema, TASK_TARGETS, type Task } from './tasks.js';

/**
 * The lots screen (docs/product/lots.md#screens) and its calls (docs/product/calls.md#lots).
 * Texts the spec does not give are fixed here once, for the server and the client.
 */
export const LOT_MESSAGES = {
  prsNeedsAvailableLot: 'Seul un lot disponible peut passer en PRS, et seul un lot PRS peut redevenir disponible.',
  prsWithLiveApplication: 'Ce lot a un dossier de vente en cours : son statut ne peut pas être modifié.',
  priceInMultiAgency: "Le prix d'un lot ne peut pas être modifié dans une promotion multi-agences.",
  oneChangeAtATime: 'Indiquez soit un statut, soit un prix.',
  idMismatch: 'Identifiant invalide',
  invalidStatus: 'Statut invalide',
  priceRequired: 'Le prix est requis',
  priceInteger: 'Le prix doit être un nombre entier',
  priceMin: 'Le prix doit être supérieur ou égal à 0',
  noHistory: 'Aucun historique pour ce lot.',
  noChildren: "Ce lot n'a aucun lot associé.",
} as const;

/** The columns a lots list may be sorted by (docs/product/lots.md#screens). */
export const LOT_SORT_COLUMNS = ['reference', 'building', 'floor', 'nb_rooms', 'area_hab', 'price', 'status'] as const;
export type LotSortColumn = (typeof LOT_SORT_COLUMNS)[number];

/** The displayed statuses the arrow bar filters by: 0 Disponible ... 4 Signé. */
export const LOT_DISPLAY_STATUSES = [0, 1, 2, 3, 4] as const;

const statusList = z
  .union([textSchema, z.array(textSchema)])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).filter((s) => s !== '').map(Number))
  .pipe(z.array(z.number().int().min(0, LOT_MESSAGES.invalidStatus).max(4, LOT_MESSAGES.invalidStatus)));

/** GET lots, GET /candidate/lots and GET /lots/download: the shared list filters plus the status arrows. */
export const lotsQuerySchema = listFiltersSchema.extend({ status: statusList.optional() });
export type LotsQuery = z.infer<typeof lotsQuerySchema>;

const taskPersonSchema = z.object({ id: z.number(), full_name: z.string(), profile_picture: z.string().nullable() });

/**
 * A task as the API answers it (tasks.ts's Task), for the lots' open tasks. Typed as Task so that
 * the two cannot drift apart until the tasks contract declares its own schema.
 */
export const openTaskSchema: z.ZodType<Task> = z.object({
  id: z.number(),
  promotion_id: z.number(),
  title: z.string(),
  detail: z.string().nullable(),
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
  automatic_end: z.boolean(),
  is_editable: z.boolean(),
  time_status: z.enum(Object.keys(TASK_TIME_STATUS) as [TaskTimeStatus, ...TaskTimeStatus[]]),
  time_status_text: z.string(),
  hours: z.number().nullable(),
  minutes: z.number().nullable(),
});

/** A row of the 'Grille des prix' (candidates): no PRS, lot PPE, feuillet PPE, candidates or tasks. */
export const candidateLotRowSchema = z.object({
  id: z.number(),
  public_id: z.string(),
  reference: z.string(),
  title: z.string(),
  /** Derived displayed status (0 Disponible ... 4 Signé). */
  status: z.number(),
  status_text: z.string(),
  building: z.object({ id: z.number(), title: z.string() }),
  floor: z.object({ id: z.number(), number: z.number(), title: z.string() }),
  type: z.string(),
  nb_rooms: z.number(),
  area_hab: z.number(),
  area_ppe: z.number(),
  exposure: z.string().nullable(),
  /** The main lot's own price. */
  price: z.number(),
  /** Main price plus associated lots whose price is not included. */
  total_price: z.number(),
});
export type CandidateLotRow = z.infer<typeof candidateLotRowSchema>;

/** A row of the staff lots table. */
export const lotRowSchema = candidateLotRowSchema.extend({
  raw_status: z.number(),
  lot_ppe: z.string().nullable(),
  feuillet_ppe: z.string().nullable(),
  disabled: z.boolean(),
  children_count: z.number(),
  /** Live applications on the lot and the best (lowest) priority among them. */
  applications_count: z.number(),
  best_priority: z.number().nullable(),
  /** At most 3 open tasks, soonest first, as the row shows them, and how many are open. */
  tasks: z.array(rowTaskSchema),
  tasks_count: z.number(),
});
export type LotRow = z.infer<typeof lotRowSchema>;

/** Counts per displayed status (JSON keys: '0' Disponible ... '4' Signé). */
export const lotStatusCountsSchema = z.record(z.string(), z.number());
export type LotStatusCounts = Record<number, number>;

/** GET lots and GET /candidate/lots: one page of rows, the status counts and the promotion. */
export const lotsListOf = <Row extends z.ZodType>(row: Row) =>
  pageOf(row).extend({
    /** Counts per displayed status under the current filters (the status filter aside). */
    status_counts: lotStatusCountsSchema,
    /** The promotion the list belongs to. */
    promotion: z.object({ id: z.number(), title: z.string(), multi_agency: z.boolean() }).nullable(),
  });

export type LotsList<Row = LotRow> = Paginated<Row> & {
  status_counts: LotStatusCounts;
  promotion: { id: number; title: string; multi_agency: boolean } | null;
};

export const lotHistoryEntrySchema = z.object({
  id: z.number(),
  created_at: z.string(),
  user: z.object({ id: z.number(), email: z.string() }).nullable(),
  column: z.string(),
  /** The column's French name ('Statut', 'Prix'). */
  column_text: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type LotHistoryEntry = z.infer<typeof lotHistoryEntrySchema>;

export const lotChildSchema = z.object({
  id: z.number(),
  reference: z.string(),
  type: z.string(),
  name_child: z.string().nullable(),
  area_hab: z.number(),
  price: z.number(),
  price_included: z.boolean(),
  created_at: z.string(),
});
export type LotChild = z.infer<typeof lotChildSchema>;

/** GET /lots/:id: the lot with its associated lots, its history and its open tasks. */
export const lotDetailSchema = lotRowSchema.extend({
  promotion_id: z.number(),
  children: z.array(lotChildSchema),
  action_lots: z.array(lotHistoryEntrySchema),
  open_tasks: z.array(openTaskSchema),
});
export type LotDetail = z.infer<typeof lotDetailSchema>;

/** GET lots/public/:id: what the public registration page shows of a lot. */
export const publicLotSchema = z.object({
  id: z.number(),
  public_id: z.string(),
  title: z.string(),
  reference: z.string(),
  building: z.object({ title: z.string() }),
  promotion: z.object({ id: z.number(), title: z.string() }),
});
export type PublicLot = z.infer<typeof publicLotSchema>;

export const publicLotParamsSchema = z.object({ id: z.uuid(LOT_MESSAGES.idMismatch) });

export const lotPriceSchema = z
  .number({ error: LOT_MESSAGES.priceRequired })
  .int(LOT_MESSAGES.priceInteger)
  .min(0, LOT_MESSAGES.priceMin)
  .max(2_000_000_000, LOT_MESSAGES.priceInteger);

/** PUT lots/:id with {id, status} (PRS and back) or {id, price} (docs/product/calls.md#lots). */
export const updateLotSchema = z
  .object({
    id: idSchema,
    status: z.union([z.literal(0), z.literal(1)], { error: LOT_MESSAGES.invalidStatus }).optional(),
    price: lotPriceSchema.optional(),
  })
  .refine((body) => (body.status === undefined) !== (body.price === undefined), { message: LOT_MESSAGES.oneChangeAtATime });
export type UpdateLotInput = z.infer<typeof updateLotSchema>;

/** The answer of PUT lots/:id (docs/product/errors.md#candidates-and-lots: data.code 200, otherwise data.error). */
export const updateLotResponseSchema = z.object({
  data: z.object({ code: z.number(), error: z.string().optional() }),
  message: z.string().optional(),
});
export type UpdateLotResponse = z.infer<typeof updateLotResponseSchema>;

/** The change price form: CHF, an integer >= 0 (docs/product/validation.md#lot-price). */
export const lotPriceFormSchema = z.object({
  price: z.preprocess((value) => (value === '' || value === null || value === undefined ? undefined : Number(value)), lotPriceSchema),
});

/**
 * Every column a lot's history (action_lots) may name, with its French name: the broker's PRS
 * switch writes raw_status, the sales pipeline status, a price change raw_price (lots.test.ts
 * and attribution.test.ts read each through GET lots/:id).
 */
export const LOT_HISTORY_COLUMNS = {
  raw_status: 'Statut',
  status: 'Statut',
  raw_price: 'Prix',
  // The promotion record's lot administration (modules/buildings): one row per changed field.
  created: 'Création',
  reference: 'Référence',
  title: 'Titre',
  lot_type_id: 'Type',
  floor_id: 'Étage',
  parent_id: 'Lot principal',
  nb_rooms: 'Pièces',
  name_child: 'Nom du lot associé',
  price_included: 'Prix inclus',
  area_ppe: 'Surface PPE',
  area_hab: 'Surface habitable',
  area_jar: 'Surface jardin',
  area_bal: 'Surface balcon',
  area_ter: 'Surface terrasse',
  exposure: 'Exposition',
  lot_ppe: 'Lot PPE',
  feuillet_ppe: 'Feuillet PPE',
  // The price-grid import (docs/sales-process.md#price-grid-import-built): the building a created lot was put in.
  building: 'Immeuble',
} as const satisfies Record<string, string>;
export type LotHistoryColumn = keyof typeof LOT_HISTORY_COLUMNS;

/** The French name of a history column (an unknown one, e.g. from an older database, reads 'Autre'). */
export const lotHistoryColumnLabel = (column: string): string =>
  Object.hasOwn(LOT_HISTORY_COLUMNS, column) ? LOT_HISTORY_COLUMNS[column as LotHistoryColumn] : 'Autre';

export const lotTypeSchema = z.object({ id: z.number(), title: z.string() });
export type LotType = z.infer<typeof lotTypeSchema>;

/** Lot types 1 to 4 are parking (indoor and outdoor spaces, box, motorbike): docs/product/lots.md#lot-types. */
export const LAST_PARKING_LOT_TYPE_ID = 4;
export const isParkingLotType = (lotTypeId: number) => lotTypeId <= LAST_PARKING_LOT_TYPE_ID;
/** The dashboard's category of parking lots, beside the numbers of rooms. */
export const PARKING_CATEGORY_LABEL = 'Parking';
export const lotFloorSchema = z.object({ id: z.number(), number: z.number(), title: z.string(), sort_order: z.number() });
export type LotFloor = z.infer<typeof lotFloorSchema>;
