import {
  can,
  PRICE_GRID_MAX_BYTES,
  PRICE_GRID_MESSAGES,
  PRICE_GRID_PREVIEW_HOURS,
  type PriceGridApplyEvent,
  type PriceGridApplyResult,
  type PriceGridField,
  type PriceGridPreview,
  type PriceGridRefusal,
  priceGridAppliedMessage,
  priceGridFormatMessage,
} from '@promovente/shared';
import type { Db, Queryable } from '../../db/client.js';
import { assertMemberOf } from '../../platform/access.js';
import type { RequestActor } from '../../platform/auth.js';
import { conflict, forbidden, notFound, unprocessable } from '../../platform/errors.js';
import { checkUpload, detectContent, type Upload, type UploadPolicy } from '../../platform/uploads.js';
import { runWrite, type WriteDeps } from '../commands/index.js';
import { listFloors, listLotTypes, writeLotHistory } from '../lots/lots.service.js';
import {
  insertImport,
  insertLots,
  markApplied,
  selectBuildings,
  selectImport,
  selectPromotionLots,
  updateLots,
} from './price-grid.queries.js';
import { GridFileError, readGrid } from './price-grid.reader.js';
import { type GridPlan, type ParsedGridRow, parseGridRow, planGrid, referenceOf, refusalOf, refuseDuplicates } from './price-grid.rules.js';

/** The grid file (docs/sales-process.md#price-grid-import-built): an .xlsx or an .ods, judged by its content like every upload. */
export const PRICE_GRID_UPLOADS: UploadPolicy = {
  kinds: ['zip'],
  imageBytes: PRICE_GRID_MAX_BYTES,
  otherBytes: PRICE_GRID_MAX_BYTES,
  refused: () => PRICE_GRID_MESSAGES.notXlsx,
  tooBig: () => PRICE_GRID_MESSAGES.tooBig,
};

/** Rows per statement when lots are written: 16 parameters a created lot, far below PostgreSQL's 65,535. */
const LOTS_PER_STATEMENT = 1_000;

/** The lot history names the grid's columns as the lot administration does (LOT_HISTORY_COLUMNS): the floor and the type by their lot fields. */
const HISTORY_COLUMN: Partial<Record<PriceGridField, string>> = { floor: 'floor_id', type: 'lot_type_id' };

/** Admins only, on a promotion that exists (admins see every promotion: docs/permissions.md). */
const assertImporter = async (db: Queryable, actor: RequestActor, promotionId: number) => {
  if (!can(actor, 'priceGrid.import')) throw forbidden();
  await assertMemberOf(db, actor, promotionId);
};

const referenceData = async (db: Db) => {
  const [floors, types] = await Promise.all([listFloors(db), listLotTypes(db)]);
  return { floors, types };
};

const planOf = async (
  db: Queryable,
  promotionId: number,
  rows: ParsedGridRow[],
  reference: Awaited<ReturnType<typeof referenceData>>,
  lock: boolean,
) => {
  // One after the other: a transaction's statements run on one connection.
  const lots = await selectPromotionLots(db, promotionId, lock);
  const buildings = await selectBuildings(db, promotionId);
  return planGrid(rows, { ...reference, buildings, lots });
};

const byLine = (a: PriceGridRefusal, b: PriceGridRefusal) => a.line - b.line;

/**
 * POST /promotions/:id/price-grid/preview: reads the grid, runs the row rules and plans it
 * against the lots as they are, stores the parsed rows (the apply needs the file no more, a
 * write through runWrite) and answers what applying would do. Nothing of the lots changes.
 */
export const previewGrid = async (
  deps: WriteDeps,
  actor: RequestActor,
  promotionId: number,
  upload: Upload | null,
): Promise<PriceGridPreview> => {
  const { db } = deps;
  await assertImporter(db, actor, promotionId);
  if (!upload) throw unprocessable(PRICE_GRID_MESSAGES.noFile);
  // A format the import does not read is named in the refusal: an .xls (by its content), a .csv or an .xlsb (by its name and
  // content; an .xlsb named otherwise is told by the reader).
  const kind = (await detectContent(upload.content))?.kind;
  const named = priceGridFormatMessage(upload.filename);
  if (kind === 'ole') throw unprocessable(PRICE_GRID_MESSAGES.xls);
  if ((kind === 'text' && named === PRICE_GRID_MESSAGES.csv) || (kind === 'zip' && named === PRICE_GRID_MESSAGES.xlsb)) {
    throw unprocessable(named);
  }
  const checked = await checkUpload(PRICE_GRID_UPLOADS, upload);
  if ('error' in checked) throw unprocessable(checked.error);

  let grid: Awaited<ReturnType<typeof readGrid>>;
  try {
    grid = await readGrid(upload.content);
  } catch (error) {
    if (error instanceof GridFileError) throw unprocessable(error.message);
    throw error;
  }
  const reference = await referenceData(db);
  const parsed: ParsedGridRow[] = [];
  const refused: PriceGridRefusal[] = [];
  for (const row of grid.rows) {
    const result = parseGridRow(row, grid.present, reference);
    if (Array.isArray(result)) refused.push(refusalOf(row.line, referenceOf(row), result));
    else parsed.push(result);
  }
  const unique = refuseDuplicates(parsed);
  refused.push(...unique.refused);

  const plan = await planOf(db, promotionId, unique.kept, reference, false);
  const expiresAt = new Date(Date.now() + PRICE_GRID_PREVIEW_HOURS * 3_600_000);
  const id = await runWrite(
    deps,
    actor,
    promotionId,
    async ({ tx }) => ({
      data: await insertImport(tx, {
        promotionId,
        createdById: actor.id,
        fileName: upload.filename || 'grille.xlsx',
        rows: unique.kept,
        refused,
        expiresAt,
      }),
      log: null,
    }),
    notFound,
  );
  const allRefused = [...refused, ...plan.refused].sort(byLine);
  return {
    id,
    file_name: upload.filename || 'grille.xlsx',
    sheet: grid.sheet,
    header_line: grid.headerLine,
    expires_at: expiresAt.toISOString(),
    counts: {
      rows: grid.rows.length,
      create: plan.creations.length,
      change: plan.changes.length,
      unchanged: plan.unchanged,
      refused: allRefused.length,
    },
    creations: plan.creations.map(({ line, lot }) => ({ line, lot })),
    changes: plan.changes.map(({ line, lot_id, reference: ref, changes }) => ({ line, lot_id, reference: ref, changes })),
    refused: allRefused,
  };
};

/**
 * Checks before the apply's answer starts: the caller, the import of this promotion (another
 * promotion's import answers 404), not applied yet, not expired.
 */
export const openGridApply = async (db: Db, actor: RequestActor, promotionId: number, importId: number) => {
  await assertImporter(db, actor, promotionId);
  const stored = await selectImport(db, promotionId, importId);
  if (!stored) throw notFound();
  if (stored.status === 'applied') throw conflict(PRICE_GRID_MESSAGES.alreadyApplied);
  if (stored.expiresAt.getTime() < Date.now()) throw unprocessable(PRICE_GRID_MESSAGES.expired);
};

type Progress = (event: Extract<PriceGridApplyEvent, { type: 'progress' }>) => void;

/** Writes the plan in the transaction: lots created and changed in multi-row statements, their history in bulk. */
const writePlan = async (tx: Queryable, actor: RequestActor, promotionId: number, plan: GridPlan, progress: Progress) => {
  const total = plan.creations.length + plan.changes.length;
  let processed = 0;
  const history: Parameters<typeof writeLotHistory>[1] = [];
  for (let start = 0; start < plan.creations.length; start += LOTS_PER_STATEMENT) {
    const chunk = plan.creations.slice(start, start + LOTS_PER_STATEMENT);
    const created = await insertLots(tx, promotionId, chunk);
    for (const lot of created) {
      history.push({ promotionId, lotId: lot.id, userId: actor.id, column: 'created', from: null, to: lot.reference });
    }
    processed += chunk.length;
    progress({ type: 'progress', phase: 'write', processed, total });
  }
  for (let start = 0; start < plan.changes.length; start += LOTS_PER_STATEMENT) {
    const chunk = plan.changes.slice(start, start + LOTS_PER_STATEMENT);
    await updateLots(
      tx,
      promotionId,
      chunk.map((change) => ({ id: change.lot_id, values: change.values })),
    );
    for (const change of chunk) {
      for (const field of change.changes) {
        history.push({
          promotionId,
          lotId: change.lot_id,
          userId: actor.id,
          column: HISTORY_COLUMN[field.field] ?? field.field,
          from: field.from || null,
          to: field.to || null,
        });
      }
    }
    processed += chunk.length;
    progress({ type: 'progress', phase: 'write', processed, total });
  }
  await writeLotHistory(tx, history);
};

/**
 * POST /promotions/:id/price-grid/:importId/apply, after openGridApply: ONE write through runWrite
 * (the promotion checked again in its transaction). The import and the promotion's lots are
 * locked, the stored rows planned again against the lots as they are now (a row that no longer
 * applies is refused, the others go), then written with their lot history, one history log row
 * and the import marked applied. A failure rolls all of it back. `progress` hears each step, so
 * that the answer can stream an honest bar. No lot status is recomputed: the derived status
 * follows raw_status and the live applications, which the grid never touches (new lots start
 * Disponible).
 */
export const applyGrid = async (
  deps: WriteDeps,
  actor: RequestActor,
  promotionId: number,
  importId: number,
  progress: Progress,
): Promise<PriceGridApplyResult> => {
  const reference = await referenceData(deps.db);
  return runWrite(
    deps,
    actor,
    promotionId,
    async ({ tx }) => {
      const stored = await selectImport(tx, promotionId, importId, true);
      // Checked again under the lock: two applies of one preview, the second finds it applied.
      if (!stored) throw notFound();
      if (stored.status === 'applied') throw conflict(PRICE_GRID_MESSAGES.alreadyApplied);
      const rows = stored.rows as ParsedGridRow[];
      progress({ type: 'progress', phase: 'check', processed: 0, total: rows.length });
      const plan = await planOf(tx, promotionId, rows, reference, true);
      progress({ type: 'progress', phase: 'check', processed: rows.length, total: rows.length });
      await writePlan(tx, actor, promotionId, plan, progress);
      const refused = [...(stored.refused as PriceGridRefusal[]), ...plan.refused].sort(byLine);
      const message = priceGridAppliedMessage(plan.creations.length, plan.changes.length, refused.length);
      await markApplied(tx, importId);
      return {
        data: { created: plan.creations.length, changed: plan.changes.length, unchanged: plan.unchanged, refused, message },
        log: { onTitle: stored.fileName, title: `${message} (${stored.fileName})` },
      };
    },
    notFound,
  );
};
