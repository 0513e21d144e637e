// Over 400 lines: the grid's reading rules, one per column of the workbook, kept beside the column table they read.
import {
  formatNumber,
  isParkingLotType,
  LOT_EXPOSURES,
  LOT_MESSAGES,
  PRICE_GRID_COLUMNS,
  PRICE_GRID_FIELD_LABELS,
  PRICE_GRID_MESSAGES,
  type PriceGridChange,
  type PriceGridCreation,
  type PriceGridField,
  type PriceGridFieldChange,
  type PriceGridRefusal,
} from '@promovente/shared';
import { textOfInert } from '../../platform/xlsx.js';
import { type Cell, isCellProblem } from './price-grid.sheet.js';

/**
 * The rules of a price grid (docs/sales-process.md#price-grid-import-built), pure: a sheet's
 * cells to parsed rows (the lot rules of docs/product/promotion-administration.md#validation,
 * one French reason per refused cell), then parsed rows against the promotion's lots to the
 * creations, the changes (before -> after per field) and the refused rows. The preview and the
 * apply run the same two steps, the apply on the lots as they are at that moment.
 */

export type { Cell };
/** A sheet row: its line number (the header is line 1) and its cells by the column's field. */
export type SheetRow = { line: number; cells: Partial<Record<ColumnField, Cell>> };
type ColumnField = (typeof PRICE_GRID_COLUMNS)[number]['field'];

export type ReferenceData = { floors: { id: number; title: string }[]; types: { id: number; title: string }[] };

/** A row that passed the row rules; a field is present only when its column is in the sheet. */
export type ParsedGridRow = {
  line: number;
  reference: string;
  title?: string;
  /** The building's name: resolved against the promotion's buildings when planned. */
  building?: string;
  floorId?: number;
  typeId?: number;
  nb_rooms?: number;
  area_hab?: number;
  area_ppe?: number;
  exposure?: string | null;
  raw_price?: number;
  lot_ppe?: string | null;
  feuillet_ppe?: string | null;
  /**
   * A rule the row breaks only if it changes the lot: the number of rooms below 1 is refused
   * for a new lot or a change, not when it is the lot's own value (the demo's parkings and boxes
   * have 0 rooms, and 'Liste des lots' imported back must change nothing).
   */
  roomsRefusal?: string;
};

const HEADER_OF = Object.fromEntries(PRICE_GRID_COLUMNS.map((c) => [c.field, c.header])) as Record<ColumnField, string>;

/** Headers compared without case, accents or surrounding spaces ('etage' is 'Étage'). */
export const normalizeHeader = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

/** The column of each field from the header row's texts (index: the cell's position); unknown headers are read past. */
export const columnsOfHeader = (headers: (string | null)[]): { columns: Map<ColumnField, number>; missing: string[] } => {
  const columns = new Map<ColumnField, number>();
  const byName = new Map<string, ColumnField>(
    PRICE_GRID_COLUMNS.flatMap((c) => [c.header, ...c.aliases].map((name) => [normalizeHeader(name), c.field] as const)),
  );
  headers.forEach((text, index) => {
    const field = text === null ? undefined : byName.get(normalizeHeader(text));
    if (field && !columns.has(field)) columns.set(field, index);
  });
  // The reference is the key: without it no row can be placed. Every other column may be left out (then not imported).
  const missing = columns.has('reference') ? [] : [HEADER_OF.reference];
  return { columns, missing };
};

const MAX_TEXT = 255;
const MAX_PPE = 100;
const MAX_AREA = 999_999.99;
const MAX_ROOMS = 99;
const MAX_PRICE = 2_000_000_000;

/** A cell's text, trimmed; the apostrophe our exports put before a formula-like text is dropped (platform/xlsx.ts). */
const textOf = (cell: Cell | undefined): string =>
  cell === null || cell === undefined || isCellProblem(cell) ? '' : textOfInert(String(cell).trim());

/** A number as a Swiss user types it: 1'250'000, 1 250 000 CHF, 85,5 m². Null when empty; NaN when not a number. */
export const numberOf = (cell: Cell | undefined): number | null => {
  if (typeof cell === 'number') return cell;
  const text = textOf(cell)
    .replace(/CHF|m²|m2/gi, '')
    .replace(/['’\s\u00a0\u202f]/g, '')
    .replace(',', '.');
  if (text === '') return null;
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
};

/** Titles compared like headers: 'rdc' is 'RDC', '2eme' is '2ème'. */
const findByTitle = <T extends { title: string }>(items: readonly T[], text: string) =>
  items.filter((item) => normalizeHeader(item.title) === normalizeHeader(text));

/** A refused cell; `unlessUnchanged`: only if the row changes that value of the lot (the plan decides). */
type Refusal = { column: string; reason: string; unlessUnchanged?: boolean };

/** One row through the row rules: the parsed row, or every refused cell with its reason. */
export const parseGridRow = (row: SheetRow, present: ReadonlySet<ColumnField>, reference: ReferenceData): ParsedGridRow | Refusal[] => {
  const refusals: Refusal[] = [];
  const refuse = (field: ColumnField, reason: string) => refusals.push({ column: HEADER_OF[field], reason });
  // A cell without a usable value (a formula saved without its result, a formula error) refuses the row: never read as empty or 0.
  const unusable = new Set<ColumnField>();
  for (const field of present) {
    const cell = row.cells[field];
    if (!isCellProblem(cell)) continue;
    unusable.add(field);
    refuse(field, cell.problem === 'formula' ? PRICE_GRID_MESSAGES.formulaWithoutResult : PRICE_GRID_MESSAGES.formulaError(cell.text));
  }
  const has = (field: ColumnField) => present.has(field) && !unusable.has(field);
  const parsed: ParsedGridRow = { line: row.line, reference: textOf(row.cells.reference) };

  if (unusable.has('reference')) parsed.reference = '';
  else if (parsed.reference === '') refuse('reference', 'La référence du lot est requise');
  else if (parsed.reference.length > 50) refuse('reference', 'La référence du lot ne doit pas dépasser 50 caractères');

  if (has('title')) {
    parsed.title = textOf(row.cells.title);
    if (parsed.title.length > MAX_TEXT) refuse('title', `Le titre ne doit pas dépasser ${MAX_TEXT} caractères`);
  }
  if (has('building')) {
    parsed.building = textOf(row.cells.building);
    if (parsed.building === '') refuse('building', "L'immeuble est requis");
  }
  if (has('floor')) {
    const text = textOf(row.cells.floor);
    const [floor, other] = findByTitle(reference.floors, text);
    if (text === '') refuse('floor', "L'étage est requis");
    else if (!floor || other) refuse('floor', `Étage inconnu : « ${text} » (${reference.floors.map((f) => f.title).join(', ')})`);
    else parsed.floorId = floor.id;
  }
  if (has('type')) {
    const text = textOf(row.cells.type);
    const [type, other] = findByTitle(reference.types, text);
    if (text === '') refuse('type', 'Le type de lot est requis');
    else if (!type || other) refuse('type', `Type de lot inconnu : « ${text} » (${reference.types.map((t) => t.title).join(', ')})`);
    else parsed.typeId = type.id;
  }
  if (has('nb_rooms')) {
    // An empty cell is the lot rule's default (1 room).
    const rooms = numberOf(row.cells.nb_rooms) ?? 1;
    const reason = 'Le nombre de pièces doit être au moins 1, par demi-pièce (1 ; 1,5 ; 2 ; ...)';
    if (!(rooms >= 0 && rooms <= MAX_ROOMS && Number.isInteger(rooms * 2))) refuse('nb_rooms', reason);
    else {
      parsed.nb_rooms = rooms;
      // Below 1: said with the row's other refusals if it has any, else left to the plan (the lot's own value passes).
      if (rooms < 1) {
        parsed.roomsRefusal = reason;
        refusals.push({ column: HEADER_OF.nb_rooms, reason, unlessUnchanged: true });
      }
    }
  }
  for (const field of ['area_hab', 'area_ppe'] as const) {
    if (!has(field)) continue;
    // An empty cell is the lot rule's default (0 m²).
    const area = numberOf(row.cells[field]) ?? 0;
    if (!(area >= 0 && area <= MAX_AREA)) refuse(field, 'La surface doit être un nombre positif ou nul, en m²');
    else parsed[field] = Math.round(area * 100) / 100;
  }
  if (has('exposure')) {
    const text = textOf(row.cells.exposure);
    const exposure = LOT_EXPOSURES.find((e) => normalizeHeader(e) === normalizeHeader(text.replace(/\s*-\s*/g, '-')));
    if (text !== '' && !exposure) refuse('exposure', `Exposition inconnue : « ${text} » (${LOT_EXPOSURES.join(', ')})`);
    else parsed.exposure = exposure ?? null;
  }
  if (has('raw_price')) {
    // An empty price is no price: never 0 CHF (issue 18).
    const price = numberOf(row.cells.raw_price);
    if (price === null) refuse('raw_price', PRICE_GRID_MESSAGES.emptyPrice);
    else if (Number.isNaN(price) || !Number.isInteger(price) || price > MAX_PRICE) refuse('raw_price', LOT_MESSAGES.priceInteger);
    else if (price < 0) refuse('raw_price', LOT_MESSAGES.priceMin);
    else parsed.raw_price = price;
  }
  for (const field of ['lot_ppe', 'feuillet_ppe'] as const) {
    if (!has(field)) continue;
    const text = textOf(row.cells[field]);
    if (text.length > MAX_PPE) refuse(field, `${HEADER_OF[field]} : ${MAX_PPE} caractères au maximum`);
    else parsed[field] = text === '' ? null : text;
  }
  return refusals.some((refusal) => !refusal.unlessUnchanged) ? refusals.map(({ column, reason }) => ({ column, reason })) : parsed;
};

/** The reference a sheet row gives, as text (empty when the cell holds none). */
export const referenceOf = (row: SheetRow) => textOf(row.cells.reference);

/** The refusal entry of a row: every refused cell, in column order, in one line of the preview. */
export const refusalOf = (line: number, reference: string | null, refusals: Refusal[]): PriceGridRefusal => ({
  line,
  reference: reference || null,
  column: [...new Set(refusals.map((r) => r.column))].join(', ') || null,
  reason: refusals.map((r) => r.reason).join(' ; '),
});

/** A lot of the promotion as the plan compares it. */
export type CurrentLot = {
  id: number;
  reference: string;
  parentId: number | null;
  status: number;
  title: string;
  buildingId: number;
  floorId: number;
  typeId: number;
  nb_rooms: number;
  area_hab: number;
  area_ppe: number;
  area_jar: number;
  area_bal: number;
  area_ter: number;
  exposure: string | null;
  raw_price: number;
  lot_ppe: string | null;
  feuillet_ppe: string | null;
};

/** The columns a lot row is written with: what the plan hands the apply. */
export type LotValues = Omit<CurrentLot, 'id' | 'reference' | 'parentId' | 'status'>;

export type PlannedCreation = PriceGridCreation & { reference: string; values: LotValues };
export type PlannedChange = PriceGridChange & { values: LotValues };
export type GridPlan = { creations: PlannedCreation[]; changes: PlannedChange[]; unchanged: number; refused: PriceGridRefusal[] };

export type PlanContext = ReferenceData & { buildings: { id: number; title: string }[]; lots: CurrentLot[] };

const LOT_STATUS_TEXT: Record<number, string> = { 2: 'optionné', 3: 'réservé', 4: 'signé' };

/** A value as the lot history keeps it: numbers as digits (like the price change of the lots screen), names for the references. */
const shown = (field: PriceGridField, values: LotValues, context: PlanContext): string => {
  switch (field) {
    case 'building':
      return context.buildings.find((b) => b.id === values.buildingId)?.title ?? '';
    case 'floor':
      return context.floors.find((f) => f.id === values.floorId)?.title ?? '';
    case 'type':
      return context.types.find((t) => t.id === values.typeId)?.title ?? '';
    case 'title':
      return values.title;
    case 'exposure':
    case 'lot_ppe':
    case 'feuillet_ppe':
      return values[field] ?? '';
    default:
      return String(values[field]);
  }
};

const COMPARED: readonly PriceGridField[] = [
  'title',
  'building',
  'floor',
  'type',
  'nb_rooms',
  'area_hab',
  'area_ppe',
  'exposure',
  'raw_price',
  'lot_ppe',
  'feuillet_ppe',
  'area_jar',
  'area_bal',
  'area_ter',
];

const DEFAULTS: Omit<LotValues, 'buildingId' | 'floorId' | 'typeId'> = {
  title: '',
  nb_rooms: 1,
  area_hab: 0,
  area_ppe: 0,
  area_jar: 0,
  area_bal: 0,
  area_ter: 0,
  exposure: null,
  raw_price: 0,
  lot_ppe: null,
  feuillet_ppe: null,
};

/** The row's values over a base (the lot, or the defaults): a column left out of the sheet keeps the base's. */
const merge = (base: Omit<LotValues, 'buildingId' | 'floorId' | 'typeId'>, row: ParsedGridRow) => {
  const values = { ...base };
  for (const key of ['title', 'nb_rooms', 'area_hab', 'area_ppe', 'exposure', 'raw_price', 'lot_ppe', 'feuillet_ppe'] as const) {
    if (row[key] !== undefined) (values as Record<string, unknown>)[key] = row[key];
  }
  return values;
};

/** Parking types have no garden, balcony or terrace (docs/product/promotion-administration.md#validation). */
const withoutParkingAreas = (values: LotValues): LotValues =>
  isParkingLotType(values.typeId) ? { ...values, area_jar: 0, area_bal: 0, area_ter: 0 } : values;

/**
 * Parsed rows against the promotion's lots. The reference is the key among the main lots (the
 * lots screen's rows): a new one creates a main lot, a known one changes it. Refused: an unknown
 * or ambiguous building (a building needs a city the grid does not carry: it is created in the
 * 'Lots' menu), a reference held by several lots or by an associated lot, a new lot without
 * building, floor or type, and any change to a lot engaged in a sale (optionné, réservé,
 * signé: its price is the application's, negotiated in the funnel).
 */
export const planGrid = (rows: readonly ParsedGridRow[], context: PlanContext): GridPlan => {
  const plan: GridPlan = { creations: [], changes: [], unchanged: 0, refused: [] };
  const mains = new Map<string, CurrentLot[]>();
  const associated = new Set<string>();
  for (const lot of context.lots) {
    if (lot.parentId !== null) associated.add(lot.reference);
    else mains.set(lot.reference, [...(mains.get(lot.reference) ?? []), lot]);
  }
  const refuse = (row: ParsedGridRow, column: string | null, reason: string) =>
    plan.refused.push({ line: row.line, reference: row.reference, column, reason });

  for (const row of rows) {
    let buildingId: number | undefined;
    if (row.building !== undefined) {
      const found = findByTitle(context.buildings, row.building);
      if (found.length === 0) {
        refuse(row, 'Immeuble', `Immeuble inconnu : « ${row.building} » ; créez-le d'abord dans le menu Lots`);
        continue;
      }
      if (found.length > 1) {
        refuse(row, 'Immeuble', `Plusieurs immeubles de la promotion s'appellent « ${row.building} »`);
        continue;
      }
      buildingId = found[0].id;
    }
    const matches = mains.get(row.reference) ?? [];
    if (matches.length > 1) {
      refuse(row, 'Lot', `Plusieurs lots de la promotion ont la référence « ${row.reference} » : modifiez-les depuis leur fiche`);
      continue;
    }
    const [lot] = matches;
    // Rooms below 1 pass only as the lot's own value (it changes nothing there).
    if (row.roomsRefusal && (!lot || Number(lot.nb_rooms) !== row.nb_rooms)) {
      refuse(row, HEADER_OF.nb_rooms, row.roomsRefusal);
      continue;
    }
    if (!lot) {
      if (associated.has(row.reference)) {
        refuse(row, 'Lot', `« ${row.reference} » est un lot associé : modifiez-le depuis la fiche de son lot principal`);
        continue;
      }
      const missing = [
        buildingId === undefined ? 'Immeuble' : null,
        row.floorId === undefined ? 'Étage' : null,
        row.typeId === undefined ? 'Type' : null,
      ].filter((c): c is string => c !== null);
      if (missing.length > 0) {
        refuse(row, missing.join(', '), `Nouveau lot : ${missing.join(', ').toLowerCase()} requis`);
        continue;
      }
      const values = withoutParkingAreas({
        ...merge(DEFAULTS, row),
        buildingId: buildingId as number,
        floorId: row.floorId as number,
        typeId: row.typeId as number,
      });
      plan.creations.push({
        line: row.line,
        reference: row.reference,
        values,
        lot: {
          reference: row.reference,
          title: values.title,
          building: shown('building', values, context),
          floor: shown('floor', values, context),
          type: shown('type', values, context),
          nb_rooms: values.nb_rooms,
          area_hab: values.area_hab,
          area_ppe: values.area_ppe,
          exposure: values.exposure,
          raw_price: values.raw_price,
          lot_ppe: values.lot_ppe,
          feuillet_ppe: values.feuillet_ppe,
        },
      });
      continue;
    }

    const before: LotValues = { ...lot };
    const after = withoutParkingAreas({
      ...before,
      ...merge(before, row),
      buildingId: buildingId ?? lot.buildingId,
      floorId: row.floorId ?? lot.floorId,
      typeId: row.typeId ?? lot.typeId,
    });
    const changes: PriceGridFieldChange[] = [];
    for (const field of COMPARED) {
      const from = shown(field, before, context);
      const to = shown(field, after, context);
      if (from !== to) changes.push({ field, label: PRICE_GRID_FIELD_LABELS[field], from, to });
    }
    if (changes.length === 0) {
      plan.unchanged += 1;
      continue;
    }
    if (LOT_STATUS_TEXT[lot.status]) {
      refuse(
        row,
        changes.map((c) => c.label).join(', '),
        `Lot ${LOT_STATUS_TEXT[lot.status]} : un lot engagé dans une vente ne se modifie pas par import (son prix se négocie dans le dossier de vente)`,
      );
      continue;
    }
    plan.changes.push({ line: row.line, lot_id: lot.id, reference: lot.reference, changes, values: after });
  }
  return plan;
};

/** Duplicate references within the file: the first row keeps it, the later ones are refused. */
export const refuseDuplicates = (rows: readonly ParsedGridRow[]) => {
  const firstLine = new Map<string, number>();
  const kept: ParsedGridRow[] = [];
  const refused: PriceGridRefusal[] = [];
  for (const row of rows) {
    const first = firstLine.get(row.reference);
    if (first === undefined) {
      firstLine.set(row.reference, row.line);
      kept.push(row);
    } else {
      refused.push({ line: row.line, reference: row.reference, column: 'Lot', reason: `Référence en double : déjà à la ligne ${first}` });
    }
  }
  return { kept, refused };
};

/** A number of rows in French ('1'250 lignes'), for messages. */
export const rowsText = (n: number) => `${formatNumber(n)} ${n > 1 ? 'lignes' : 'ligne'}`;
