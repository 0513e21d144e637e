import { z } from 'zod';
import { formatNumber } from '../format.js';
import { idSchema } from './common.js';

/**
 * The price-grid import of the promotion record's 'Lots' menu (issue 11, docs/sales-process.md#price-grid-import-built):
 * an admin uploads the 'Liste des lots' export, edited, and applies what it changes.
 */

/** The largest grid file accepted (a 5,000-lot export weighs about 300 KB). */
export const PRICE_GRID_MAX_BYTES = 5 * 1024 * 1024;
/** The most lot rows one grid may carry. */
export const PRICE_GRID_MAX_ROWS = 10_000;
/** How long a preview may be applied, in hours. */
export const PRICE_GRID_PREVIEW_HOURS = 24;

/** What an imported row may set on a lot; the garden, balcony and terrace areas only ever go to 0 (a parking type). */
export type PriceGridField =
  | 'title'
  | 'building'
  | 'floor'
  | 'type'
  | 'nb_rooms'
  | 'area_hab'
  | 'area_ppe'
  | 'exposure'
  | 'raw_price'
  | 'lot_ppe'
  | 'feuillet_ppe'
  | 'area_jar'
  | 'area_bal'
  | 'area_ter';

/**
 * The columns read, by their header in 'Liste des lots' (the export's own words, so that an
 * export edited in a spreadsheet comes back as it went). 'Lot' is the reference, the key. The
 * export's other columns (Statut, Prix total, PRS, Candidats) are the sales pipeline's or
 * derived: they are read past.
 */
export const PRICE_GRID_COLUMNS = [
  { header: 'Lot', field: 'reference' },
  { header: 'Titre', field: 'title' },
  { header: 'Immeuble', field: 'building' },
  { header: 'Étage', field: 'floor' },
  { header: 'Type', field: 'type' },
  { header: 'Pièces', field: 'nb_rooms' },
  { header: 'Surface habitable (m²)', field: 'area_hab' },
  { header: 'Surface PPE (m²)', field: 'area_ppe' },
  { header: 'Exposition', field: 'exposure' },
  { header: 'Prix (CHF)', field: 'raw_price' },
  { header: 'Lot PPE', field: 'lot_ppe' },
  { header: 'Feuillet PPE', field: 'feuillet_ppe' },
] as const satisfies readonly { header: string; field: PriceGridField | 'reference' }[];

/** The French name of each field in the preview (before -> after). */
export const PRICE_GRID_FIELD_LABELS: Record<PriceGridField, string> = {
  title: 'Titre',
  building: 'Immeuble',
  floor: 'Étage',
  type: 'Type',
  nb_rooms: 'Pièces',
  area_hab: 'Surface habitable',
  area_ppe: 'Surface PPE',
  exposure: 'Exposition',
  raw_price: 'Prix',
  lot_ppe: 'Lot PPE',
  feuillet_ppe: 'Feuillet PPE',
  area_jar: 'Surface jardin',
  area_bal: 'Surface balcon',
  area_ter: 'Surface terrasse',
};

export const PRICE_GRID_MESSAGES = {
  noFile: 'Choisissez un fichier .xlsx',
  notXlsx: 'Le fichier doit être un classeur Excel (.xlsx)',
  tooBig: `Fichier trop volumineux : ${PRICE_GRID_MAX_BYTES / 1024 / 1024} Mo au maximum`,
  unreadable: "Le classeur n'a pas pu être lu : enregistrez-le au format .xlsx et réessayez",
  noSheet: "Le classeur n'a aucune feuille",
  missingColumns: (headers: string[]) => `Colonnes manquantes : ${headers.join(', ')} (les colonnes de la 'Liste des lots')`,
  empty: "Le fichier ne contient aucune ligne de lot sous l'en-tête",
  tooManyRows: `Le fichier dépasse ${formatNumber(PRICE_GRID_MAX_ROWS)} lignes de lots`,
  expired: 'Cet aperçu a expiré : importez le fichier à nouveau',
  alreadyApplied: 'Cette grille a déjà été appliquée',
  applyFailed: "La grille n'a pas pu être appliquée : aucune modification n'a été enregistrée",
} as const;

/** POST /promotions/:id/price-grid/preview and the other routes of an import. */
export const priceGridPromotionParamsSchema = z.object({ id: idSchema });
export const priceGridImportParamsSchema = z.object({ id: idSchema, importId: idSchema });

/** A lot as a row states it, values shown as the lots screen shows them. */
export type PriceGridLotValues = {
  reference: string;
  title: string;
  building: string;
  floor: string;
  type: string;
  nb_rooms: number;
  area_hab: number;
  area_ppe: number;
  exposure: string | null;
  raw_price: number;
  lot_ppe: string | null;
  feuillet_ppe: string | null;
};

/** A field of an existing lot the row changes; before and after as text, as the lot history keeps them. */
export type PriceGridFieldChange = { field: PriceGridField; label: string; from: string; to: string };

export type PriceGridCreation = { line: number; lot: PriceGridLotValues };
export type PriceGridChange = { line: number; lot_id: number; reference: string; changes: PriceGridFieldChange[] };
/** A refused row: its line in the sheet (1 is the header), the column at fault (null: the whole row) and why. */
export type PriceGridRefusal = { line: number; reference: string | null; column: string | null; reason: string };

export type PriceGridCounts = { rows: number; create: number; change: number; unchanged: number; refused: number };

/** The answer of the preview: what the apply would do, and the import's id to apply it. */
export type PriceGridPreview = {
  id: number;
  file_name: string;
  expires_at: string;
  counts: PriceGridCounts;
  creations: PriceGridCreation[];
  changes: PriceGridChange[];
  refused: PriceGridRefusal[];
};

/** The answer of the apply, after its one transaction committed. */
export type PriceGridApplyResult = { created: number; changed: number; unchanged: number; refused: PriceGridRefusal[]; message: string };

/**
 * POST .../apply answers newline-delimited JSON (application/x-ndjson): progress lines while
 * the transaction runs, then one `done` line (committed) or one `error` line (nothing written).
 */
export type PriceGridApplyEvent =
  | { type: 'progress'; phase: 'check' | 'write'; processed: number; total: number }
  | { type: 'done'; result: PriceGridApplyResult }
  | { type: 'error'; message: string };

/** 'Grille appliquée : 200 lots créés, 3 lots modifiés, 1 ligne refusée'. */
export const priceGridAppliedMessage = (created: number, changed: number, refused: number) => {
  const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;
  const parts = [plural(created, 'lot créé', 'lots créés'), plural(changed, 'lot modifié', 'lots modifiés')];
  if (refused > 0) parts.push(plural(refused, 'ligne refusée', 'lignes refusées'));
  return `Grille appliquée : ${parts.join(', ')}`;
};

/** The modal's form: one file chosen, named .xlsx and within the size limit (the server judges its content again). */
export const priceGridFileFormSchema = z.object({
  files: z.unknown().superRefine((value, ctx) => {
    const list = value as ArrayLike<{ name: string; size: number }> | null | undefined;
    const file = list && typeof list === 'object' && list.length > 0 ? list[0] : null;
    if (!file) ctx.addIssue({ code: 'custom', message: PRICE_GRID_MESSAGES.noFile });
    else if (!/\.xlsx$/i.test(file.name)) ctx.addIssue({ code: 'custom', message: PRICE_GRID_MESSAGES.notXlsx });
    else if (file.size > PRICE_GRID_MAX_BYTES) ctx.addIssue({ code: 'custom', message: PRICE_GRID_MESSAGES.tooBig });
  }),
});
