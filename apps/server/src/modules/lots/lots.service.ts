// Over 400 lines: the lots screen's lists, export, detail and price change, over one set of row mappers.
import {
  buyerLotStatus,
  buyerLotStatusFilter,
  type CandidateLotRow,
  can,
  formatCHF,
  isPublicId,
  LOT_DISPLAY_STATUSES,
  LOT_MESSAGES,
  LOT_SORT_COLUMNS,
  LOT_STATUS,
  LOT_STATUS_LABELS,
  type LotDetail,
  type LotRow,
  type LotSortColumn,
  type LotsList,
  type LotsQuery,
  lotHistoryColumnLabel,
  MESSAGES,
  type PublicLot,
  type Task,
  type UpdateLotInput,
  type UpdateLotResponse,
} from '@promovente/shared';
import { eq } from 'drizzle-orm';
import type { Db, Queryable, Tx } from '../../db/client.js';
import { lotFilterOf } from '../../db/lot-filter.js';
import { lots } from '../../db/schema/index.js';
import { containsPattern } from '../../db/search.js';
import { assertMemberOf, resolvePromotion } from '../../platform/access.js';
import type { RequestActor } from '../../platform/auth.js';
import { answerInstant } from '../../platform/clock.js';
import { badRequest, forbidden, notFound, unprocessable } from '../../platform/errors.js';
import { storeGeneratedFile } from '../../platform/generated-files.js';
import { paginate } from '../../platform/pagination.js';
import { assertIdsInPromotion } from '../../platform/scoped-ids.js';
import type { Storage } from '../../platform/storage.js';
import { XLSX_MIME } from '../../platform/xlsx.js';
import { runWrite, type WriteDeps } from '../commands/index.js';
import { recomputeLotStatuses } from '../statuses/index.js';
import { openTasksByTarget, openTasksOf, openTasksOfPageRow } from '../tasks/tasks.service.js';
import { buildLotsWorkbook } from './lots.export.js';
import {
  childrenCounts,
  hasLiveApplication,
  insertLotHistory,
  insertLotHistoryRows,
  type LotHistoryInput,
  type LotPageFilter,
  type LotPageRow,
  type LotRecord,
  liveApplicationSummaries,
  lockLot,
  lotListConditions,
  lotPromotionOf,
  promotionSummary,
  selectChildren,
  selectFloors,
  selectHistory,
  selectLotPage,
  selectLots,
  selectLotTypes,
  selectPublicLot,
  updateLotColumns,
} from './lots.queries.js';

export const LOTS_PER_PAGE = 50;
/** At most 3 open tasks are shown per lot row (docs/product/lots.md#screens). */

const iso = (value: Date | string) => new Date(value).toISOString();

const sortOf = (query: LotsQuery): { column: LotSortColumn; order: 'asc' | 'desc' } | null => {
  if (!query.orderBy) return null;
  if (!(LOT_SORT_COLUMNS as readonly string[]).includes(query.orderBy)) throw badRequest('Tri invalide');
  return { column: query.orderBy as LotSortColumn, order: query.order ?? 'desc' };
};

const toCandidateRow = (lot: LotRecord): CandidateLotRow => ({
  id: lot.id,
  public_id: lot.publicId,
  reference: lot.reference,
  title: lot.title,
  status: lot.status,
  status_text: LOT_STATUS_LABELS[lot.status] ?? '',
  building: { id: lot.buildingId, title: lot.buildingTitle },
  floor: { id: lot.floorId, number: lot.floorNumber, title: lot.floorTitle },
  type: lot.typeTitle,
  nb_rooms: Number(lot.nbRooms),
  area_hab: Number(lot.areaHab),
  area_ppe: Number(lot.areaPpe),
  exposure: lot.exposure,
  price: lot.rawPrice,
  total_price: Number(lot.totalPrice),
});

/** Staff rows: the lots plus one query per relation (children, live applications, open tasks). */
const toStaffRows = async (db: Db, records: LotRecord[], withTasks: boolean): Promise<LotRow[]> => {
  const ids = records.map((r) => r.id);
  const promotionIds = [...new Set(records.map((r) => r.promotionId))];
  const [children, applications, taskRows] = await Promise.all([
    childrenCounts(db, ids),
    liveApplicationSummaries(db, ids),
    withTasks ? openTasksByTarget(db, promotionIds, 'lot', ids) : Promise.resolve(new Map<number, { tasks: Task[]; total: number }>()),
  ]);
  return records.map((lot) => {
    const lotTasks = taskRows.get(lot.id);
    const summary = applications.get(lot.id);
    return Object.assign(toCandidateRow(lot), {
      raw_status: lot.rawStatus,
      lot_ppe: lot.lotPpe,
      feuillet_ppe: lot.feuilletPpe,
      disabled: lot.disabled,
      children_count: children.get(lot.id) ?? 0,
      applications_count: summary?.count ?? 0,
      best_priority: summary?.best ?? null,
      tasks: lotTasks?.tasks ?? [],
      tasks_count: lotTasks?.total ?? 0,
    });
  });
};

const emptyCounts = () => Object.fromEntries(LOT_DISPLAY_STATUSES.map((s) => [s, 0])) as Record<number, number>;

/** The ids the lots list's filters name: each one of the promotion, 404 otherwise. */
const lotFilterIdsOf = (query: LotsQuery) => ({ buildingIds: query.buildings, lotPublicId: query.lot });

const lotPageFilterOf = (promotionId: number, query: LotsQuery, buyer: boolean): LotPageFilter => ({
  buyer,
  promotionId,
  ...lotFilterOf(query),
  search: query.search ? containsPattern(query.search) : null,
  lot: query.lot ?? null,
  statuses: query.status?.length ? query.status : null,
});

const recordOf = (row: LotPageRow, promotionId: number): LotRecord => ({
  id: row.id as number,
  promotionId,
  publicId: row.public_id,
  reference: row.reference,
  title: row.title,
  status: row.status,
  rawStatus: row.raw_status,
  lotPpe: row.lot_ppe,
  feuilletPpe: row.feuillet_ppe,
  disabled: row.disabled,
  nbRooms: Number(row.nb_rooms),
  areaHab: Number(row.area_hab),
  areaPpe: Number(row.area_ppe),
  exposure: row.exposure,
  rawPrice: row.raw_price,
  totalPrice: row.total_price,
  buildingId: row.building_id,
  buildingTitle: row.building_title,
  floorId: row.floor_id,
  floorNumber: row.floor_number,
  floorTitle: row.floor_title,
  typeTitle: row.type_title,
});

/**
 * The list of a promotion's lots under the filters, one page of 50, with the status counts: one
 * statement (selectLotPage) for the page, its total, the counts and the filter ids' verdict.
 */
const listLots = async <Row>(
  db: Db,
  actor: RequestActor,
  query: LotsQuery,
  toRows: (rows: LotPageRow[], promotionId: number) => Promise<Row[]>,
  buyer = false,
): Promise<LotsList<Row>> => {
  const promotionId = await resolvePromotion(db, actor, query.promotion);
  const sort = sortOf(query);
  if (promotionId === null) {
    return { ...paginate<Row>([], 0, 1, LOTS_PER_PAGE), status_counts: emptyCounts(), promotion: null };
  }
  // A lot query that is no public id names no lot of the promotion: 404 like a foreign one (platform/scoped-ids.ts).
  if (query.lot !== undefined && !isPublicId(query.lot)) throw notFound();
  const rows = await selectLotPage(db, lotPageFilterOf(promotionId, query, buyer), sort, { number: query.page, perPage: LOTS_PER_PAGE });
  const [first] = rows;
  if (!first?.ids_ok) throw notFound();
  const statusCounts = emptyCounts();
  const counts = typeof first.status_counts === 'string' ? JSON.parse(first.status_counts) : (first.status_counts ?? {});
  for (const [status, count] of Object.entries(counts as Record<string, number>)) statusCounts[Number(status)] = Number(count);
  const pageRows = first.id === null ? [] : rows;
  const promotion = { id: promotionId, title: first.promotion_title, multi_agency: first.multi_agency };
  return {
    ...paginate(await toRows(pageRows, promotionId), Number(first.total), Number(first.page), LOTS_PER_PAGE),
    status_counts: statusCounts,
    promotion,
  };
};

/** Staff rows of a page: the figures and the open tasks came with the page. */
const toStaffPageRows = (rows: LotPageRow[], promotionId: number): LotRow[] => {
  // Each task names when its time status changes (serializeTask).
  const now = answerInstant();
  return rows.map((row) => {
    const lotTasks = openTasksOfPageRow({ open_tasks: row.open_tasks }, now);
    return Object.assign(toCandidateRow(recordOf(row, promotionId)), {
      raw_status: row.raw_status,
      lot_ppe: row.lot_ppe,
      feuillet_ppe: row.feuillet_ppe,
      disabled: row.disabled,
      children_count: Number(row.children_count),
      applications_count: Number(row.applications_count),
      best_priority: row.best_priority === null ? null : Number(row.best_priority),
      tasks: lotTasks?.tasks ?? [],
      tasks_count: lotTasks?.total ?? 0,
    });
  });
};

/** GET lots (staff). */
export const listStaffLots = (db: Db, actor: RequestActor, query: LotsQuery) =>
  listLots(db, actor, query, async (rows, promotionId) => toStaffPageRows(rows, promotionId));

/** A status no lot has: the filter of a buyer who asked for PRS alone. */
const NO_LOT_STATUS = -1;

/**
 * GET /candidate/lots: the 'Grille des prix', without the staff columns. PRS is never shown to a
 * buyer (docs/product/lots.md#states): a PRS lot reads 'Disponible' in the rows, the counts and
 * the status filter alike, so that nothing in the answer tells it apart.
 */
export const listCandidateLots = async (db: Db, actor: RequestActor, query: LotsQuery) => {
  const statuses = query.status?.length ? buyerLotStatusFilter(query.status) : undefined;
  const list = await listLots(
    db,
    actor,
    { ...query, status: statuses && (statuses.length > 0 ? statuses : [NO_LOT_STATUS]) },
    async (rows, promotionId) =>
      rows.map((row) => {
        const lot = toCandidateRow(recordOf(row, promotionId));
        const status = buyerLotStatus(lot.status);
        return { ...lot, status, status_text: LOT_STATUS_LABELS[status] ?? '' };
      }),
    true,
  );
  const counts = list.status_counts;
  return {
    ...list,
    status_counts: {
      ...counts,
      [LOT_STATUS.available]: (counts[LOT_STATUS.available] ?? 0) + (counts[LOT_STATUS.prs] ?? 0),
      [LOT_STATUS.prs]: 0,
    },
  };
};

/** 'Liste des lots': every filtered row (no pagination, same sort) in an .xlsx, stored and signed. */
export const exportLots = async (deps: { db: Db; storage: Storage }, actor: RequestActor, query: LotsQuery) => {
  if (!can(actor, 'lot.download')) throw forbidden();
  const { db } = deps;
  const promotionId = await resolvePromotion(db, actor, query.promotion);
  if (promotionId === null) throw notFound();
  await assertIdsInPromotion(db, promotionId, lotFilterIdsOf(query));
  const promotion = await promotionSummary(db, promotionId);
  const records = await selectLots(db, lotListConditions(promotionId, query), sortOf(query));
  const rows = await toStaffRows(db, records, false);
  const title = promotion?.title ?? '';
  return storeGeneratedFile(deps, {
    name: `Liste des lots - ${title}.xlsx`,
    mime: XLSX_MIME,
    content: await buildLotsWorkbook(rows, title),
    promotionId,
    createdById: actor.id,
  });
};

/** A lot id the actor may see, with its promotion; another promotion's lot answers 404. */
const visibleLotPromotion = async (db: Db, actor: RequestActor, lotId: number) => {
  const promotionId = await lotPromotionOf(db, lotId);
  if (promotionId === null) throw notFound();
  return assertMemberOf(db, actor, promotionId);
};

/** The associated lots (box, parking, cellar) of a main lot, for other modules (the sales file). */
export const associatedLotsOf = (db: Queryable, lotId: number) => selectChildren(db, lotId);

/** GET /lots/:id: the lot with its associated lots, history and open tasks. */
export const getLot = async (db: Db, actor: RequestActor, lotId: number): Promise<LotDetail> => {
  const promotionId = await visibleLotPromotion(db, actor, lotId);
  const [records, children, history] = await Promise.all([
    selectLots(db, eq(lots.id, lotId), null),
    selectChildren(db, lotId),
    selectHistory(db, lotId),
  ]);
  const [row] = await toStaffRows(db, records, true);
  const openTasks = await openTasksOf(db, promotionId, 'lot', lotId);
  return {
    ...row,
    promotion_id: promotionId,
    children: children.map((c) => ({
      id: c.id,
      reference: c.reference,
      type: c.type,
      name_child: c.nameChild,
      area_hab: Number(c.areaHab),
      price: c.rawPrice,
      price_included: c.priceIncluded,
      created_at: iso(c.createdAt),
    })),
    action_lots: history.map((h) => ({
      id: h.id,
      created_at: iso(h.createdAt),
      user: h.userId === null || h.email === null ? null : { id: h.userId, email: h.email },
      column: h.column,
      column_text: lotHistoryColumnLabel(h.column),
      from: h.from,
      to: h.to,
    })),
    open_tasks: openTasks,
  };
};

/** GET lots/public/:id: open to anyone holding the lot's public id. */
export const getPublicLot = async (db: Db, publicId: string): Promise<PublicLot> => {
  const row = await selectPublicLot(db, publicId);
  if (!row) throw notFound();
  return {
    id: row.id,
    public_id: row.publicId,
    title: row.title,
    reference: row.reference,
    building: { title: row.buildingTitle },
    promotion: { id: row.promotionId, title: row.promotionTitle },
  };
};

export const listLotTypes = (db: Db) => selectLotTypes(db);

/** Whether a lot has a live application (not hidden, not closed): such a lot is neither held back nor deleted. */
export const lotHasLiveApplication = (db: Queryable, lotId: number) => hasLiveApplication(db, lotId);
export const listFloors = (db: Db) => selectFloors(db);

/**
 * PUT lots/:id. A broker moves a lot between Disponible and PRS (raw 0 <-> 1 only) or changes
 * its price (not in multi-agency promotions). One write (runWrite): the lot row is locked, the
 * change, its lot history row (action_lots), its log row and the status recomputation.
 */
export const updateLot = async (deps: WriteDeps, actor: RequestActor, lotId: number, input: UpdateLotInput): Promise<UpdateLotResponse> => {
  if (input.id !== lotId) throw badRequest(LOT_MESSAGES.idMismatch);
  const changesStatus = input.status !== undefined;
  if (!can(actor, changesStatus ? 'lot.changeStatus' : 'lot.changePrice')) throw forbidden();

  let locked: Awaited<ReturnType<typeof lockLot>> | null = null;
  const lockedLot = async (tx: Tx) => {
    locked = await lockLot(tx, lotId);
    return locked?.promotionId ?? null;
  };
  return runWrite<UpdateLotResponse>(
    deps,
    actor,
    lockedLot,
    async ({ tx }) => {
      const lot = locked as NonNullable<typeof locked>;
      if (input.status !== undefined) {
        const to = input.status;
        if (lot.rawStatus === to || (lot.rawStatus !== 0 && lot.rawStatus !== 1)) throw unprocessable(LOT_MESSAGES.prsNeedsAvailableLot);
        // Holding a lot back (PRS) is refused while an application runs on it; releasing is always allowed.
        if (to === 1 && (await hasLiveApplication(tx, lotId))) throw unprocessable(LOT_MESSAGES.prsWithLiveApplication);
        await updateLotColumns(tx, lotId, { rawStatus: to });
        await insertLotHistory(tx, {
          promotionId: lot.promotionId,
          lotId,
          userId: actor.id,
          column: 'raw_status',
          from: String(lot.rawStatus),
          to: String(to),
        });
        await recomputeLotStatuses(tx, [lotId]);
        return {
          data: { data: { code: 200 }, message: MESSAGES.statusUpdated },
          log: {
            onTitle: lot.reference,
            title: to === 1 ? `Lot ${lot.reference} passé en PRS` : `Lot ${lot.reference} remis en Disponible`,
            lotId,
          },
        };
      }

      const price = input.price as number;
      const promotion = await promotionSummary(tx, lot.promotionId);
      if (promotion?.multi_agency) throw unprocessable(LOT_MESSAGES.priceInMultiAgency);
      const data = { data: { code: 200 }, message: MESSAGES.lotUpdated };
      if (price === lot.rawPrice) return { data, log: null };
      await updateLotColumns(tx, lotId, { rawPrice: price });
      await insertLotHistory(tx, {
        promotionId: lot.promotionId,
        lotId,
        userId: actor.id,
        column: 'raw_price',
        from: String(lot.rawPrice),
        to: String(price),
      });
      await recomputeLotStatuses(tx, [lotId]);
      return {
        data,
        log: {
          onTitle: lot.reference,
          title: `Prix du lot ${lot.reference} modifié : ${formatCHF(lot.rawPrice)} → ${formatCHF(price)}`,
          lotId,
        },
      };
    },
    notFound,
  );
};

/**
 * Lot history rows (action_lots) in one statement, in the caller's transaction: the lot
 * administration (modules/buildings) writes one row per changed field, the price-grid import
 * (docs/sales-process.md#price-grid-import-built) thousands at once.
 */
export const writeLotHistory = (db: Queryable, entries: LotHistoryInput[]) => insertLotHistoryRows(db, entries);
