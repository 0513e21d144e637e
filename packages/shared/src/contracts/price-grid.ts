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
/** The most rows of the grid's sheet the reader goes through, blank ones included (docs/decisions/022-bounded-grid-reader.md). */
export const PRICE_GRID_MAX_SHEET_ROWS = 2 * PRICE_GRID_MAX_ROWS;
/** The rows of a sheet searched for its header row (a title, a date or a blank row may come first). */
export const PRICE_GRID_HEADER_ROWS = 20;
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
 * export edited in a spreadsheet comes back as it went), or one of its other names in the grids
 * promoters make (`aliases`). 'Lot' is the reference, the key. The export's other columns
 * (Statut, Prix total, PRS, Candidats) are the sales pipeline's or derived: they are read past.
 */
export const PRICE_GRID_COLUMNS = [
  { header: 'Lot', field: 'reference', aliases: ['Référence', 'Référence du lot', 'N° de lot'] },
  { header: 'Titre', field: 'title', aliases: ['Désignation'] },
  { header: 'Immeuble', field: 'building', aliases: ['Bâtiment'] },
  { header: 'Étage', field: 'floor', aliases: [] },
  { header: 'Type', field: 'type', aliases: ['Type de lot'] },
  { header: 'Pièces', field: 'nb_rooms', aliases: ['Nombre de pièces'] },
  { header: 'Surface habitable (m²)', field: 'area_hab', aliases: ['Surface habitable'] },
  { header: 'Surface PPE (m²)', field: 'area_ppe', aliases: ['Surface PPE'] },
  { header: 'Exposition', field: 'exposure', aliases: [] },
  { header: 'Prix (CHF)', field: 'raw_price', aliases: ['Prix'] },
  { header: 'Lot PPE', field: 'lot_ppe', aliases: [] },
  { header: 'Feuillet PPE', field: 'feuillet_ppe', aliases: [] },
] as const satisfies readonly { header: string; field: PriceGridField | 'reference'; aliases: readonly string[] }[];

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
  noFile: 'Choisissez un fichier .xlsx ou .ods',
  notXlsx: 'Le fichier doit être un classeur Excel (.xlsx) ou OpenDocument (.ods)',
  xls: "Le format .xls (Excel 97-2003) n'est pas pris en charge : enregistrez la grille au format .xlsx (Excel) et importez-la à nouveau",
  xlsb: "Le format .xlsb (Excel binaire) n'est pas pris en charge : enregistrez la grille au format .xlsx (Excel) et importez-la à nouveau",
  csv: "Le format .csv n'est pas pris en charge : ouvrez-le dans Excel ou LibreOffice, enregistrez la grille au format .xlsx et importez-la à nouveau",
  tooBig: `Fichier trop volumineux : ${PRICE_GRID_MAX_BYTES / 1024 / 1024} Mo au maximum`,
  unpackedTooBig:
    'Le classeur est trop volumineux une fois décompressé pour une grille de prix : copiez la grille seule dans un nouveau classeur et importez-le',
  tooManySheetRows: (sheet: string) =>
    `La feuille « ${sheet} » dépasse ${formatNumber(PRICE_GRID_MAX_SHEET_ROWS)} lignes, lignes vides comprises : supprimez les lignes sous la grille et importez-la à nouveau`,
  unreadable: "Le classeur n'a pas pu être lu : enregistrez-le au format .xlsx et réessayez",
  noSheet: "Le classeur n'a aucune feuille",
  missingColumns: (headers: string[]) => `Colonnes manquantes : ${headers.join(', ')} (les colonnes de la 'Liste des lots')`,
  empty: "Le fichier ne contient aucune ligne de lot sous l'en-tête",
  tooManyRows: `Le fichier dépasse ${formatNumber(PRICE_GRID_MAX_ROWS)} lignes de lots`,
  /** Refusals of a row's cell (the preview's 'Lignes refusées'): never read as 0 or as empty. */
  formulaWithoutResult:
    'Formule sans résultat enregistré : ouvrez le classeur dans Excel ou LibreOffice, enregistrez-le, puis importez-le à nouveau',
  formulaError: (text: string) => `Erreur de formule${text ? ` (${text})` : ''} : corrigez la cellule`,
  emptyPrice: "Prix vide : indiquez le prix du lot (un prix vide n'est jamais lu comme 0 CHF)",
  expired: 'Cet aperçu a expiré : importez le fichier à nouveau',
  alreadyApplied: 'Cette grille a déjà été appliquée',
  applyFailed: "La grille n'a pas pu être appliquée : aucune modification n'a été enregistrée",
} as const;

/** POST /promotions/:id/price-grid/preview and the other routes of an import. */
export const priceGridPromotionParamsSchema = z.object({ id: idSchema });
export const priceGridImportParamsSchema = z.object({ id: idSchema, importId: idSchema });

/** A lot as a row states it, values shown as the lots screen shows them. */
export const priceGridLotValuesSchema = z.object({
  reference: z.string(),
  title: z.string(),
  building: z.string(),
  floor: z.string(),
  type: z.string(),
  nb_rooms: z.number(),
  area_hab: z.number(),
  area_ppe: z.number(),
  exposure: z.string().nullable(),
  raw_price: z.number(),
  lot_ppe: z.string().nullable(),
  feuillet_ppe: z.string().nullable(),
});
export type PriceGridLotValues = z.infer<typeof priceGridLotValuesSchema>;

/** A field of an existing lot the row changes; before and after as text, as the lot history keeps them. */
export const priceGridFieldChangeSchema = z.object({
  field: z.enum(Object.keys(PRICE_GRID_FIELD_LABELS) as [PriceGridField, ...PriceGridField[]]),
  label: z.string(),
  from: z.string(),
  to: z.string(),
});
export type PriceGridFieldChange = z.infer<typeof priceGridFieldChangeSchema>;

export const priceGridCreationSchema = z.object({ line: z.number(), lot: priceGridLotValuesSchema });
export type PriceGridCreation = z.infer<typeof priceGridCreationSchema>;
export const priceGridChangeSchema = z.object({
  line: z.number(),
  lot_id: z.number(),
  reference: z.string(),
  changes: z.array(priceGridFieldChangeSchema),
});
export type PriceGridChange = z.infer<typeof priceGridChangeSchema>;
/** A refused row: its line in the sheet (1 is the header), the column at fault (null: the whole row) and why. */
export const priceGridRefusalSchema = z.object({
  line: z.number(),
  reference: z.string().nullable(),
  column: z.string().nullable(),
  reason: z.string(),
});
export type PriceGridRefusal = z.infer<typeof priceGridRefusalSchema>;

export const priceGridCountsSchema = z.object({
  rows: z.number(),
  create: z.number(),
  change: z.number(),
  unchanged: z.number(),
  refused: z.number(),
});
export type PriceGridCounts = z.infer<typeof priceGridCountsSchema>;

/** The answer of the preview: what the apply would do, and the import's id to apply it. */
export const priceGridPreviewSchema = z.object({
  id: z.number(),
  file_name: z.string(),
  /** The sheet the grid was read from, and the line of its header row. */
  sheet: z.string(),
  header_line: z.number(),
  expires_at: z.string(),
  counts: priceGridCountsSchema,
  creations: z.array(priceGridCreationSchema),
  changes: z.array(priceGridChangeSchema),
  refused: z.array(priceGridRefusalSchema),
});
export type PriceGridPreview = z.infer<typeof priceGridPreviewSchema>;

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

/** The message of a file named like a format the import does not read (.xls, .xlsb, .csv); null otherwise. */
export const priceGridFormatMessage = (name: string): string | null => {
  const extension = /\.([a-z]+)$/i.exec(name)?.[1].toLowerCase();
  if (extension === 'xls' || extension === 'xlsb' || extension === 'csv') return PRICE_GRID_MESSAGES[extension];
  return null;
};

/** The modal's form: one file chosen, named .xlsx or .ods and within the size limit (the server judges its content again). */
export const priceGridFileFormSchema = z.object({
  files: z.unknown().superRefine((value, ctx) => {
    const list = value as ArrayLike<{ name: string; size: number }> | null | undefined;
    const file = list && typeof list === 'object' && list.length > 0 ? list[0] : null;
    if (!file) ctx.addIssue({ code: 'custom', message: PRICE_GRID_MESSAGES.noFile });
    else if (!/\.(xlsx|ods)$/i.test(file.name)) {
      ctx.addIssue({ code: 'custom', message: priceGridFormatMessage(file.name) ?? PRICE_GRID_MESSAGES.notXlsx });
    } else if (file.size > PRICE_GRID_MAX_BYTES) ctx.addIssue({ code: 'custom', message: PRICE_GRID_MESSAGES.tooBig });
  }),
});
