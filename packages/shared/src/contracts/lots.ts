import { z } from 'zod';
import type { Paginated } from './common.js';
import { idSchema, textSchema } from './common.js';
import { listFiltersSchema } from './filters.js';
import type { Task } from './tasks.js';

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

/** A row of the 'Grille des prix' (candidates): no PRS, lot PPE, feuillet PPE, candidates or tasks. */
export type CandidateLotRow = {
  id: number;
  public_id: string;
  reference: string;
  title: string;
  /** Derived displayed status (0 Disponible ... 4 Signé). */
  status: number;
  status_text: string;
  building: { id: number; title: string };
  floor: { id: number; number: number; title: string };
  type: string;
  nb_rooms: number;
  area_hab: number;
  area_ppe: number;
  exposure: string | null;
  /** The main lot's own price. */
  price: number;
  /** Main price plus associated lots whose price is not included. */
  total_price: number;
};

/** A row of the staff lots table. */
export type LotRow = CandidateLotRow & {
  raw_status: number;
  lot_ppe: string | null;
  feuillet_ppe: string | null;
  disabled: boolean;
  children_count: number;
  /** Live applications on the lot and the best (lowest) priority among them. */
  applications_count: number;
  best_priority: number | null;
  /** At most 3 open tasks, soonest first, and how many are open. */
  tasks: Task[];
  tasks_count: number;
};

export type LotStatusCounts = Record<number, number>;

export type LotsList<Row = LotRow> = Paginated<Row> & {
  /** Counts per displayed status under the current filters (the status filter aside). */
  status_counts: LotStatusCounts;
  /** The promotion the list belongs to. */
  promotion: { id: number; title: string; multi_agency: boolean } | null;
};

export type LotHistoryEntry = {
  id: number;
  created_at: string;
  user: { id: number; email: string } | null;
  column: string;
  /** The column's French name ('Statut', 'Prix'). */
  column_text: string;
  from: string | null;
  to: string | null;
};

export type LotChild = {
  id: number;
  reference: string;
  type: string;
  name_child: string | null;
  area_hab: number;
  price: number;
  price_included: boolean;
  created_at: string;
};

/** GET /lots/:id: the lot with its associated lots, its history and its open tasks. */
export type LotDetail = LotRow & {
  promotion_id: number;
  children: LotChild[];
  action_lots: LotHistoryEntry[];
  open_tasks: Task[];
};

/** GET lots/public/:id: what the public registration page shows of a lot. */
export type PublicLot = {
  id: number;
  public_id: string;
  title: string;
  reference: string;
  building: { title: string };
  promotion: { id: number; title: string };
};

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
export type UpdateLotResponse = { data: { code: number; error?: string }; message?: string };

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

export type LotType = { id: number; title: string };

/** Lot types 1 to 4 are parking (indoor and outdoor spaces, box, motorbike): docs/product/lots.md#lot-types. */
export const LAST_PARKING_LOT_TYPE_ID = 4;
export const isParkingLotType = (lotTypeId: number) => lotTypeId <= LAST_PARKING_LOT_TYPE_ID;
/** The dashboard's category of parking lots, beside the numbers of rooms. */
export const PARKING_CATEGORY_LABEL = 'Parking';
export type LotFloor = { id: number; number: number; title: string; sort_order: number };
