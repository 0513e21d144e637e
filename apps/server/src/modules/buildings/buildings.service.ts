// Over 400 lines: the whole "Lots" menu of the promotion record (buildings and their lots) shares one write helper (runChange) and the row mappers; the lot side is the next to move out.
import {
  type AdminLot,
  BUILDING_MESSAGES,
  type BuildingAnswer,
  type BuildingLotChoices,
  type BuildingLotDetail,
  type BuildingLots,
  type BuildingMainLot,
  type BuildingRow,
  type BuildingsList,
  type BuildingValues,
  can,
  isParkingLotType,
  LOT_STATUS_LABELS,
  type LotAnswer,
  type LotChoice,
  type LotValues,
  lotShapeIssues,
  type UpdateLotFieldsValues,
} from '@promovente/shared';
import type { Db, Tx } from '../../db/client.js';
import { assertMemberOf } from '../../platform/access.js';
import type { RequestActor } from '../../platform/auth.js';
import { badRequest, conflict, forbidden, notFound, unprocessable } from '../../platform/errors.js';
import { runWrite, type WriteDeps, type WriteResult } from '../commands/index.js';
import { lotHasLiveApplication, writeLotHistory } from '../lots/lots.service.js';
import { recomputeLotStatuses } from '../statuses/index.js';
import {
  type BuildingRecord,
  buildingInPromotion,
  deleteBuildingRow,
  deleteLotRow,
  dissociateChildren,
  dissociateLots,
  hasChildren,
  insertBuilding,
  insertLot,
  type LockedLot,
  type LotChoiceRecord,
  type LotColumnsUpdate,
  type LotRecord,
  lockBuilding,
  lockBuildingLots,
  lockChildren,
  lockChildrenElsewhere,
  lockLots,
  lotReferences,
  type MainLotFields,
  referencesWithApplications,
  referenceTitles,
  selectBuilding,
  selectBuildingLots,
  selectBuildings,
  selectLot,
  selectLotChoices,
  selectLotDetail,
  updateBuildingRow,
  updateLotRow,
} from './buildings.queries.js';

/**
 * The promotion record's 'Lots' menu (docs/product/promotion-administration.md#lots-menu): every
 * broker of the promotion reads; admins change (building.edit), each change in one transaction
 * with its lot history rows (action_lots, through the lots module) and its log row.
 *
 * The order of the checks of a change: the ids first (another promotion's building or lot answers
 * 404, like a missing one, to everyone), then the permission (403), then the rules (400, 422).
 */

/**
 * One change of the menu, through the write pipeline (runWrite: the membership, one transaction,
 * the log row): `find` reads (and locks) what the change names inside the transaction, null or
 * false when it is not the promotion's (404); then the permission (403); then `work`.
 */
const runChange = <Found, Data>(
  deps: WriteDeps,
  actor: RequestActor,
  promotionId: number,
  find: (tx: Tx) => Promise<Found | null | undefined | false>,
  work: (tx: Tx, found: Found) => Promise<WriteResult<Data>>,
) =>
  runWrite(
    deps,
    actor,
    promotionId,
    async ({ tx }) => {
      const found = await find(tx);
      if (!found) throw notFound();
      if (!can(actor, 'building.edit')) throw forbidden();
      return work(tx, found);
    },
    notFound,
  );

/** PGlite answers json columns parsed, node-postgres too; an aggregate may still come as text. */
const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

const toBuilding = (row: BuildingRecord): BuildingRow => ({
  id: row.id,
  title: row.title,
  street: row.street,
  city: row.city,
  zip: row.zip,
  main_lots_count: Number(row.main_lots_count),
  lots_count: Number(row.lots_count),
});

export const toAdminLot = (row: LotRecord): AdminLot => ({
  id: row.id,
  building_id: row.building_id,
  parent_id: row.parent_id,
  reference: row.reference,
  title: row.title,
  lot_type_id: row.lot_type_id,
  type: row.type,
  floor_id: row.floor_id,
  floor: row.floor,
  nb_rooms: Number(row.nb_rooms),
  name_child: row.name_child,
  raw_price: row.raw_price,
  price_included: row.price_included,
  area_ppe: Number(row.area_ppe),
  area_hab: Number(row.area_hab),
  area_jar: Number(row.area_jar),
  area_bal: Number(row.area_bal),
  area_ter: Number(row.area_ter),
  exposure: row.exposure,
  lot_ppe: row.lot_ppe,
  feuillet_ppe: row.feuillet_ppe,
  status: row.status,
  status_text: LOT_STATUS_LABELS[row.status] ?? '',
  children_count: Number(row.children_count),
});

/** A row of a building's main lots (selectBuildingLots: its columns in order). */
const toMainLot = (f: MainLotFields): BuildingMainLot => ({
  id: f[0],
  reference: f[1],
  type: f[2],
  floor: f[3],
  nb_rooms: Number(f[4]),
  area_ppe: Number(f[6]),
  area_hab: Number(f[7]),
  raw_price: f[5],
  status: f[8],
  status_text: LOT_STATUS_LABELS[f[8]] ?? '',
  children_count: f[9],
});

const toChoice = (row: LotChoiceRecord): LotChoice => ({
  id: row.id,
  reference: row.reference,
  building_id: row.building_id,
  building: row.building,
  type: row.type,
});

// ---------------------------------------------------------------------------------------------
// Reads: one statement each after the membership check.

/** GET promotions/{id}/buildings. */
export const listBuildings = async (db: Db, actor: RequestActor, promotionId: number): Promise<BuildingsList> => {
  await assertMemberOf(db, actor, promotionId);
  return { data: (await selectBuildings(db, promotionId)).map(toBuilding) };
};

/** GET promotions/{id}/buildings/{buildingId}/lots: the building and its main lots. */
export const listBuildingLots = async (db: Db, actor: RequestActor, promotionId: number, buildingId: number): Promise<BuildingLots> => {
  await assertMemberOf(db, actor, promotionId);
  const [row] = await selectBuildingLots(db, promotionId, buildingId);
  if (!row) throw notFound();
  return { data: { building: toBuilding(row), lots: parsed(row.lots).map(toMainLot) } };
};

/** GET promotions/{id}/buildings/{buildingId}/lots/{lotId}: the lot with its main lot and its associated lots. */
export const getBuildingLot = async (
  db: Db,
  actor: RequestActor,
  promotionId: number,
  buildingId: number,
  lotId: number,
): Promise<BuildingLotDetail> => {
  await assertMemberOf(db, actor, promotionId);
  const row = await selectLotDetail(db, promotionId, buildingId, lotId);
  if (!row?.lot) throw notFound();
  const parent = row.parent ? parsed(row.parent) : null;
  return {
    data: {
      building: toBuilding(parsed(row.building)),
      lot: toAdminLot(parsed(row.lot)),
      parent: parent ? { ...toAdminLot(parent), building: parent.building } : null,
      children: parsed(row.children).map(toAdminLot),
    },
  };
};

/**
 * GET promotions/{id}/buildings/{buildingId}/lots/{lotId}/choices: what the lot page's pickers
 * offer, read when one opens ('Associer un lot existant', 'Déplacer').
 */
export const getBuildingLotChoices = async (
  db: Db,
  actor: RequestActor,
  promotionId: number,
  buildingId: number,
  lotId: number,
): Promise<BuildingLotChoices> => {
  await assertMemberOf(db, actor, promotionId);
  const row = await selectLotChoices(db, promotionId, buildingId, lotId);
  if (!row) throw notFound();
  const choices = (value: LotChoiceRecord[] | string) => parsed(value).map(toChoice);
  return {
    data: {
      attachable: choices(row.attachable),
      // An associated lot of this page moves under another main lot: never this one, nor its own.
      move_targets: row.parent_id === null ? choices(row.move_targets) : [],
    },
  };
};

// ---------------------------------------------------------------------------------------------
// Buildings

/** POST promotions/{id}/buildings. */
export const createBuilding = async (
  deps: WriteDeps,
  actor: RequestActor,
  promotionId: number,
  input: BuildingValues,
): Promise<BuildingAnswer> => {
  const id = await runChange(
    deps,
    actor,
    promotionId,
    async () => true,
    async (tx) => ({
      data: await insertBuilding(tx, { promotionId, ...input }),
      log: { onTitle: input.title, title: `Immeuble ${input.title} créé` },
    }),
  );
  return {
    data: toBuilding((await selectBuilding(deps.db, promotionId, id)) as BuildingRecord),
    message: BUILDING_MESSAGES.buildingCreated,
  };
};

/** POST promotions/{id}/buildings/{buildingId}: the update. */
export const updateBuilding = async (
  deps: WriteDeps,
  actor: RequestActor,
  promotionId: number,
  buildingId: number,
  input: BuildingValues,
): Promise<BuildingAnswer> => {
  await runChange(
    deps,
    actor,
    promotionId,
    (tx) => buildingInPromotion(tx, promotionId, buildingId),
    async (tx) => {
      await updateBuildingRow(tx, promotionId, buildingId, input);
      return { data: null, log: { onTitle: input.title, title: `Immeuble ${input.title} modifié` } };
    },
  );
  return {
    data: toBuilding((await selectBuilding(deps.db, promotionId, buildingId)) as BuildingRecord),
    message: BUILDING_MESSAGES.buildingUpdated,
  };
};

/**
 * DELETE promotions/{id}/buildings/{buildingId}: the building and every lot of it in one
 * transaction, with their lot history and tasks. Refused (409, naming the lots) while a lot of
 * it carries a sales file the screens show, live or closed: a sale is never erased by deleting
 * its building (docs/sales-process.md#lot-hierarchy-built). An associated lot of another building
 * whose main lot goes is dissociated, as when that lot alone is deleted.
 */
export const deleteBuilding = async (deps: WriteDeps, actor: RequestActor, promotionId: number, buildingId: number) => {
  await runChange(
    deps,
    actor,
    promotionId,
    (tx) => lockBuilding(tx, promotionId, buildingId),
    async (tx, building) => {
      const buildingLots = await lockBuildingLots(tx, promotionId, buildingId);
      const lotIds = buildingLots.map((lot) => lot.id);
      const sold = await referencesWithApplications(tx, lotIds);
      if (sold.length > 0) throw conflict(BUILDING_MESSAGES.buildingHasApplications(sold));
      const elsewhere = await lockChildrenElsewhere(tx, buildingId, lotIds);
      if (elsewhere.length > 0) {
        const referenceOf = new Map(buildingLots.map((lot) => [lot.id, lot.reference]));
        await dissociateLots(
          tx,
          elsewhere.map((child) => child.id),
        );
        await writeLotHistory(
          tx,
          elsewhere.flatMap((child) => [
            {
              promotionId,
              lotId: child.id,
              userId: actor.id,
              column: 'parent_id',
              from: referenceOf.get(child.parentId as number) ?? null,
              to: null,
            },
            ...(child.nameChild !== null
              ? [{ promotionId, lotId: child.id, userId: actor.id, column: 'name_child', from: child.nameChild, to: null }]
              : []),
            ...(child.priceIncluded
              ? [{ promotionId, lotId: child.id, userId: actor.id, column: 'price_included', from: 'Oui', to: 'Non' }]
              : []),
          ]),
        );
      }
      await deleteBuildingRow(tx, buildingId);
      // The lots' history rows go with them; the log row keeps the deletion.
      const count = buildingLots.length;
      return {
        data: null,
        log: {
          onTitle: building.title,
          title: `Immeuble ${building.title} supprimé${count > 0 ? `, ${count} lot(s) supprimé(s)` : ''}${
            elsewhere.length > 0 ? `, ${elsewhere.length} lot(s) associé(s) d'un autre immeuble dissocié(s)` : ''
          }`,
        },
      };
    },
  );
  return { message: BUILDING_MESSAGES.buildingDeleted };
};

// ---------------------------------------------------------------------------------------------
// Lots

/** The lot type and floor a change names must exist (a select offers only those). */
const titlesOf = async (tx: Tx, typeIds: number[], floorIds: number[]) => {
  const titles = await referenceTitles(tx, typeIds, floorIds);
  if (typeIds.some((id) => !titles.types.has(id))) throw badRequest(BUILDING_MESSAGES.typeRequired);
  if (floorIds.some((id) => !titles.floors.has(id))) throw badRequest(BUILDING_MESSAGES.floorRequired);
  return titles;
};

/** The main lot named by parent_id: a lot of the same promotion, 404 otherwise. */
const scopedParent = (locked: Map<number, LockedLot>, parentId: number) => {
  const parent = locked.get(parentId);
  if (!parent) throw notFound();
  return parent;
};

/**
 * The main lot a lot is attached to or moved under (docs/product/promotion-administration.md#states):
 * not the lot itself, itself a main lot; and the lot must have no associated lots of its own.
 */
const assertParent = async (tx: Tx, parent: LockedLot, lotId: number | null) => {
  if (lotId === parent.id) throw unprocessable(BUILDING_MESSAGES.parentIsSelf);
  if (parent.parentId !== null) throw unprocessable(BUILDING_MESSAGES.parentNotMain);
  if (lotId !== null && (await hasChildren(tx, lotId))) throw unprocessable(BUILDING_MESSAGES.hasChildren);
  return parent;
};

const refuseShape = (shape: Parameters<typeof lotShapeIssues>[0]) => {
  const [issue] = lotShapeIssues(shape);
  if (issue) throw badRequest(issue.message);
};

/** POST promotions/{id}/buildings/{buildingId}/lots: a main lot, or an associated lot (parent_id). */
export const createBuildingLot = async (
  deps: WriteDeps,
  actor: RequestActor,
  promotionId: number,
  buildingId: number,
  input: LotValues,
): Promise<LotAnswer> => {
  const parentOf = async (tx: Tx) =>
    input.parent_id === null ? null : scopedParent(await lockLots(tx, promotionId, [input.parent_id]), input.parent_id);
  const id = await runChange(
    deps,
    actor,
    promotionId,
    async (tx) => (await buildingInPromotion(tx, promotionId, buildingId)) && { parent: await parentOf(tx) },
    async (tx, { parent }) => {
      const parentReference = parent === null ? null : (await assertParent(tx, parent, null)).reference;
      await titlesOf(tx, [input.lot_type_id], [input.floor_id]);
      const lotId = await insertLot(tx, {
        promotionId,
        buildingId,
        parentId: input.parent_id,
        lotTypeId: input.lot_type_id,
        floorId: input.floor_id,
        reference: input.reference,
        title: input.title ?? '',
        nbRooms: input.nb_rooms,
        nameChild: input.name_child ?? null,
        rawPrice: input.raw_price,
        priceIncluded: input.price_included,
        areaPpe: input.area_ppe,
        areaHab: input.area_hab,
        areaJar: input.area_jar,
        areaBal: input.area_bal,
        areaTer: input.area_ter,
        exposure: input.exposure ?? null,
        lotPpe: input.lot_ppe ?? null,
        feuilletPpe: input.feuillet_ppe ?? null,
      });
      const history = [{ promotionId, lotId, userId: actor.id, column: 'created', from: null, to: input.reference }];
      if (parentReference !== null)
        history.push({ promotionId, lotId, userId: actor.id, column: 'parent_id', from: null, to: parentReference });
      await writeLotHistory(tx, history);
      await recomputeLotStatuses(tx, [lotId]);
      return {
        data: lotId,
        log: {
          onTitle: input.reference,
          title:
            parentReference === null ? `Lot ${input.reference} créé` : `Lot ${input.reference} créé, associé au lot ${parentReference}`,
          lotId,
        },
      };
    },
  );
  return { data: toAdminLot((await selectLot(deps.db, id)) as LotRecord), message: BUILDING_MESSAGES.lotCreated };
};

/** The stored value of each column a change may touch, as the history writes it. */
const STORED: Record<string, (lot: LockedLot) => unknown> = {
  reference: (l) => l.reference,
  title: (l) => l.title,
  lot_type_id: (l) => l.lotTypeId,
  floor_id: (l) => l.floorId,
  parent_id: (l) => l.parentId,
  nb_rooms: (l) => Number(l.nbRooms),
  name_child: (l) => l.nameChild,
  raw_price: (l) => l.rawPrice,
  price_included: (l) => l.priceIncluded,
  area_ppe: (l) => Number(l.areaPpe),
  area_hab: (l) => Number(l.areaHab),
  area_jar: (l) => Number(l.areaJar),
  area_bal: (l) => Number(l.areaBal),
  area_ter: (l) => Number(l.areaTer),
  exposure: (l) => l.exposure,
  lot_ppe: (l) => l.lotPpe,
  feuillet_ppe: (l) => l.feuilletPpe,
};

const DRIZZLE_KEYS: Record<string, keyof LotColumnsUpdate> = {
  reference: 'reference',
  title: 'title',
  lot_type_id: 'lotTypeId',
  floor_id: 'floorId',
  parent_id: 'parentId',
  nb_rooms: 'nbRooms',
  name_child: 'nameChild',
  raw_price: 'rawPrice',
  price_included: 'priceIncluded',
  area_ppe: 'areaPpe',
  area_hab: 'areaHab',
  area_jar: 'areaJar',
  area_bal: 'areaBal',
  area_ter: 'areaTer',
  exposure: 'exposure',
  lot_ppe: 'lotPpe',
  feuillet_ppe: 'feuilletPpe',
};

type Merged = Record<keyof typeof STORED, unknown>;

/**
 * The lot after the change: the sent fields over the stored ones, then what the change forces
 * (docs/sales-process.md#lot-hierarchy-built): a lot that becomes main loses name_child and
 * price_included, a lot whose type becomes parking loses its garden, balcony and terrace areas,
 * unless the call sent them, in which case the shape rules refuse it.
 */
export const mergeLotChange = (stored: LockedLot, input: UpdateLotFieldsValues): Merged => {
  const merged = Object.fromEntries(Object.entries(STORED).map(([key, read]) => [key, read(stored)])) as Merged;
  for (const [key, value] of Object.entries(input)) {
    if (value !== undefined && key in STORED) merged[key] = key === 'title' ? (value ?? '') : value;
  }
  if (merged.parent_id === null) {
    if (input.name_child === undefined) merged.name_child = null;
    if (input.price_included === undefined) merged.price_included = false;
  }
  if (isParkingLotType(merged.lot_type_id as number)) {
    for (const key of ['area_jar', 'area_bal', 'area_ter'] as const) if (input[key] === undefined) merged[key] = 0;
  }
  return merged;
};

const textOfValue = (value: unknown) => (value === null || value === undefined ? null : String(value));

/** PUT promotions/{id}/buildings/{buildingId}/lots/{lotId}: the fields sent; parent_id attaches, dissociates or moves. */
export const updateBuildingLot = async (
  deps: WriteDeps,
  actor: RequestActor,
  promotionId: number,
  buildingId: number,
  lotId: number,
  input: UpdateLotFieldsValues,
): Promise<LotAnswer> => {
  const newParent = input.parent_id ?? null;
  const lockedLot = async (tx: Tx) => {
    const locked = await lockLots(tx, promotionId, newParent === null ? [lotId] : [lotId, newParent]);
    const stored = locked.get(lotId);
    if (!stored || stored.buildingId !== buildingId) return null;
    return { stored, parent: newParent === null ? null : scopedParent(locked, newParent) };
  };
  const message = await runChange(deps, actor, promotionId, lockedLot, async (tx, { stored, parent }) => {
    const merged = mergeLotChange(stored, input);
    if (parent !== null && input.parent_id !== stored.parentId) await assertParent(tx, parent, lotId);
    refuseShape({
      lot_type_id: merged.lot_type_id as number,
      parent_id: merged.parent_id as number | null,
      area_jar: merged.area_jar as number,
      area_bal: merged.area_bal as number,
      area_ter: merged.area_ter as number,
      name_child: merged.name_child as string | null,
      price_included: merged.price_included as boolean,
    });

    const changed = Object.keys(STORED).filter((key) => merged[key] !== STORED[key](stored));
    if (changed.length === 0) return { data: BUILDING_MESSAGES.lotUpdated, log: null };
    const titles = await titlesOf(
      tx,
      changed.includes('lot_type_id') ? [stored.lotTypeId, merged.lot_type_id as number] : [],
      changed.includes('floor_id') ? [stored.floorId, merged.floor_id as number] : [],
    );
    const references = changed.includes('parent_id')
      ? await lotReferences(
          tx,
          [stored.parentId, merged.parent_id].filter((id): id is number => typeof id === 'number'),
        )
      : new Map<number, string>();
    // The history names a type, a floor or a main lot as the screens do, never by its id.
    const shown = (key: string, value: unknown) => {
      if (value === null || value === undefined) return null;
      if (key === 'lot_type_id') return titles.types.get(value as number) ?? String(value);
      if (key === 'floor_id') return titles.floors.get(value as number) ?? String(value);
      if (key === 'parent_id') return references.get(value as number) ?? String(value);
      if (key === 'price_included') return value ? 'Oui' : 'Non';
      return textOfValue(value);
    };

    await updateLotRow(tx, lotId, Object.fromEntries(changed.map((key) => [DRIZZLE_KEYS[key], merged[key]])) as LotColumnsUpdate);
    await writeLotHistory(
      tx,
      changed.map((column) => ({
        promotionId,
        lotId,
        userId: actor.id,
        column,
        from: shown(column, STORED[column](stored)),
        to: shown(column, merged[column]),
      })),
    );
    const parentOnly = changed.every((key) => ['parent_id', 'name_child', 'price_included'].includes(key)) && changed.includes('parent_id');
    const verdict = !parentOnly
      ? { message: BUILDING_MESSAGES.lotUpdated, title: `Lot ${stored.reference} modifié` }
      : merged.parent_id === null
        ? {
            message: BUILDING_MESSAGES.lotDissociated,
            title: `Lot ${stored.reference} dissocié du lot ${shown('parent_id', stored.parentId)}`,
          }
        : stored.parentId === null
          ? {
              message: BUILDING_MESSAGES.lotAttached,
              title: `Lot ${stored.reference} associé au lot ${shown('parent_id', merged.parent_id)}`,
            }
          : {
              message: BUILDING_MESSAGES.lotMoved,
              title: `Lot ${stored.reference} déplacé sous le lot ${shown('parent_id', merged.parent_id)}`,
            };
    await recomputeLotStatuses(tx, [lotId]);
    return { data: verdict.message, log: { onTitle: stored.reference, title: verdict.title, lotId } };
  });
  return { data: toAdminLot((await selectLot(deps.db, lotId)) as LotRecord), message };
};

/**
 * DELETE promotions/{id}/buildings/{buildingId}/lots/{lotId}: refused while the lot has a live
 * application; its associated lots are dissociated (they become main lots, each with its history
 * row) rather than deleted with it (docs/sales-process.md#lot-hierarchy-built).
 */
export const deleteBuildingLot = async (deps: WriteDeps, actor: RequestActor, promotionId: number, buildingId: number, lotId: number) => {
  const lockedLot = async (tx: Tx) => {
    const stored = (await lockLots(tx, promotionId, [lotId])).get(lotId);
    return stored?.buildingId === buildingId && stored;
  };
  await runChange(deps, actor, promotionId, lockedLot, async (tx, stored) => {
    if (await lotHasLiveApplication(tx, lotId)) throw unprocessable(BUILDING_MESSAGES.liveApplications);
    const children = await lockChildren(tx, lotId);
    if (children.length > 0) {
      await dissociateChildren(tx, lotId);
      await writeLotHistory(
        tx,
        children.flatMap((child) => [
          { promotionId, lotId: child.id, userId: actor.id, column: 'parent_id', from: stored.reference, to: null },
          ...(child.nameChild !== null
            ? [{ promotionId, lotId: child.id, userId: actor.id, column: 'name_child', from: child.nameChild, to: null }]
            : []),
          ...(child.priceIncluded
            ? [{ promotionId, lotId: child.id, userId: actor.id, column: 'price_included', from: 'Oui', to: 'Non' }]
            : []),
        ]),
      );
    }
    await deleteLotRow(tx, lotId);
    // The lot's own history rows go with it; the log row (its lot link cleared) keeps the deletion.
    return {
      data: null,
      log: {
        onTitle: stored.reference,
        title: `Lot ${stored.reference} supprimé${children.length > 0 ? `, ${children.length} lot(s) associé(s) dissocié(s)` : ''}`,
      },
    };
  });
  return { message: BUILDING_MESSAGES.lotDeleted };
};
