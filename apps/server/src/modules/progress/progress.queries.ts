import { lotFullTitle, type PhotoLot } from '@promovente/shared';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';

const textOrNull = (value: unknown) => (value === null || value === undefined ? null : String(value));

/** A date column as year-month-day, whichever driver read it. */
const dayOf = (value: unknown) => (value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10));

const lotOf = (row: Record<string, unknown>): PhotoLot | null =>
  row.lot_id === null || row.lot_id === undefined || row.lot_reference === null
    ? null
    : {
        id: Number(row.lot_id),
        title: String(row.lot_title ?? ''),
        reference: String(row.lot_reference),
        full_title: lotFullTitle({ title: String(row.lot_title ?? ''), reference: String(row.lot_reference) }),
      };

export type GroupRow = {
  id: number;
  promotionId: number;
  name: string;
  date: string;
  comment: string | null;
  lotId: number | null;
  lot: PhotoLot | null;
  hidden: boolean;
  homePage: boolean;
  photosCount: number;
};

const groupOf = (row: Record<string, unknown>): GroupRow => ({
  id: Number(row.id),
  promotionId: Number(row.promotion_id),
  name: String(row.name),
  date: dayOf(row.date),
  comment: textOrNull(row.comment),
  lotId: row.lot_id === null ? null : Number(row.lot_id),
  lot: lotOf(row),
  hidden: row.hidden === true,
  homePage: row.home_page === true,
  photosCount: Number(row.photos_count ?? 0),
});

export type GroupScope = { promotionId: number; lotId?: number; visibleOnly: boolean };

/**
 * A page of a promotion's albums, newest day first (photo_groups_promotion_date_idx), with the
 * total (a window count) and each album's photo count (photos_group_idx): one statement.
 */
export const pageOfGroups = async (db: Queryable, scope: GroupScope, page: number, perPage: number) => {
  const rows = await rowsOf(
    db,
    sql`
    select g.id, g.promotion_id, g.name, g.date, g.comment, g.lot_id, g.hidden, g.home_page,
           l.title as lot_title, l.reference as lot_reference,
           (select count(*)::int from photos p where p.photo_group_id = g.id) as photos_count,
           count(*) over ()::int as total
    from photo_groups g
    left join lots l on l.id = g.lot_id
    where g.promotion_id = ${scope.promotionId}
      ${scope.lotId === undefined ? sql`` : sql`and g.lot_id = ${scope.lotId}`}
      ${scope.visibleOnly ? sql`and g.hidden = false` : sql``}
    order by g.date desc, g.id desc
    limit ${perPage} offset ${(page - 1) * perPage}`,
  );
  return { groups: rows.map(groupOf), total: rows.length > 0 ? Number(rows[0].total) : null };
};

/** The number of albums when the page asked is past the last one (the window count has no row to ride on). */
export const countGroups = async (db: Queryable, scope: GroupScope) => {
  const [row] = await rowsOf(
    db,
    sql`select count(*)::int as total from photo_groups g
        where g.promotion_id = ${scope.promotionId}
          ${scope.lotId === undefined ? sql`` : sql`and g.lot_id = ${scope.lotId}`}
          ${scope.visibleOnly ? sql`and g.hidden = false` : sql``}`,
  );
  return Number(row?.total ?? 0);
};

export const findGroup = async (db: Queryable, promotionId: number, groupId: number) => {
  const [row] = await rowsOf(
    db,
    sql`select g.id, g.promotion_id, g.name, g.date, g.comment, g.lot_id, g.hidden, g.home_page,
               l.title as lot_title, l.reference as lot_reference,
               (select count(*)::int from photos p where p.photo_group_id = g.id) as photos_count
        from photo_groups g left join lots l on l.id = g.lot_id
        where g.id = ${groupId} and g.promotion_id = ${promotionId}`,
  );
  return row ? groupOf(row) : null;
};

/** The promotion a photo group belongs to (GET photos names only the album). */
export const promotionOfGroup = async (db: Queryable, groupId: number) => {
  const [row] = await rowsOf(db, sql`select promotion_id, hidden from photo_groups where id = ${groupId}`);
  return row ? { promotionId: Number(row.promotion_id), hidden: row.hidden === true } : null;
};

export const findLot = async (db: Queryable, promotionId: number, lotId: number): Promise<PhotoLot | null> => {
  const [row] = await rowsOf(
    db,
    sql`select id as lot_id, title as lot_title, reference as lot_reference from lots where id = ${lotId} and promotion_id = ${promotionId}`,
  );
  return row ? lotOf(row) : null;
};

export type PhotoRow = {
  id: number;
  photoGroupId: number;
  name: string;
  date: string;
  comment: string | null;
  isVideo: boolean;
  fileUuid: string;
  thumbnailUuid: string | null;
  lot: PhotoLot | null;
};

const photoOf = (row: Record<string, unknown>): PhotoRow => ({
  id: Number(row.id),
  photoGroupId: Number(row.photo_group_id),
  name: String(row.name),
  date: dayOf(row.date),
  comment: textOrNull(row.comment),
  isVideo: row.is_video === true,
  fileUuid: String(row.file_uuid),
  thumbnailUuid: textOrNull(row.thumbnail_uuid),
  lot: lotOf(row),
});

/** What a photo row selects: its files' uuids, and its album's day, comment and lot. */
const PHOTO_COLUMNS = sql`p.id, p.photo_group_id, p.name, p.is_video, g.date, g.comment, g.lot_id,
  l.title as lot_title, l.reference as lot_reference, f.uuid as file_uuid, t.uuid as thumbnail_uuid`;
const PHOTO_JOINS = sql`join photo_groups g on g.id = p.photo_group_id
  join files f on f.id = p.file_id
  left join files t on t.id = p.thumbnail_file_id
  left join lots l on l.id = g.lot_id`;

/** The first photos of each album of a page (photos_group_idx), in one statement. */
export const firstPhotosOf = async (db: Queryable, groupIds: number[], perGroup: number) => {
  if (groupIds.length === 0) return [];
  const rows = await rowsOf(
    db,
    sql`select * from (
          select ${PHOTO_COLUMNS}, row_number() over (partition by p.photo_group_id order by p.id) as rank
          from photos p ${PHOTO_JOINS}
          where p.photo_group_id in (${sql.join(
            groupIds.map((id) => sql`${id}`),
            sql`, `,
          )})
        ) ranked where rank <= ${perGroup} order by photo_group_id, id`,
  );
  return rows.map(photoOf);
};

export const photosOfGroup = async (db: Queryable, groupId: number) =>
  (await rowsOf(db, sql`select ${PHOTO_COLUMNS} from photos p ${PHOTO_JOINS} where p.photo_group_id = ${groupId} order by p.id`)).map(
    photoOf,
  );

/** The photos and videos of the albums marked for the home page, visible ones (photo_groups_home_idx), newest album first. */
export const homePhotos = async (db: Queryable, promotionId: number, limit: number) =>
  (
    await rowsOf(
      db,
      sql`select ${PHOTO_COLUMNS} from photos p ${PHOTO_JOINS}
          where g.promotion_id = ${promotionId} and g.home_page = true and g.hidden = false
          order by g.date desc, g.id desc, p.id
          limit ${limit}`,
    )
  ).map(photoOf);

/** A photo of a promotion, with the storage keys of its files. */
export const findPhotoFiles = async (db: Queryable, promotionId: number, photoId: number) => {
  const [row] = await rowsOf(
    db,
    sql`select p.id, p.file_id, p.thumbnail_file_id from photos p where p.id = ${photoId} and p.promotion_id = ${promotionId}`,
  );
  return row ? { id: Number(row.id), fileIds: [row.file_id, row.thumbnail_file_id].filter((v) => v !== null).map(Number) } : null;
};

/** The file ids of every photo of an album (its delete removes them). */
export const fileIdsOfGroup = async (db: Queryable, groupId: number) =>
  (await rowsOf(db, sql`select file_id, thumbnail_file_id from photos where photo_group_id = ${groupId}`)).flatMap((row) =>
    [row.file_id, row.thumbnail_file_id].filter((v) => v !== null).map(Number),
  );

/** Deletes files rows and answers their storage keys (removed after commit). */
export const deleteFiles = async (db: Queryable, fileIds: number[]) => {
  if (fileIds.length === 0) return [];
  const rows = await rowsOf(
    db,
    sql`delete from files where id in (${sql.join(
      fileIds.map((id) => sql`${id}`),
      sql`, `,
    )}) returning storage_key`,
  );
  return rows.map((row) => String(row.storage_key));
};

/** For maySeeFile: the album of a photo file, whether it is hidden. */
export const albumOfFile = async (db: Queryable, fileId: number) => {
  const [row] = await rowsOf(
    db,
    sql`select g.hidden from photos p join photo_groups g on g.id = p.photo_group_id
        where p.file_id = ${fileId} or p.thumbnail_file_id = ${fileId} limit 1`,
  );
  return row ? { hidden: row.hidden === true } : null;
};

/**
 * The lots of the filter and of the album form: for who writes, the promotion's main lots; for
 * the others, the lots their albums name (visible albums only when `visibleOnly`).
 */
export const lotOptions = async (db: Queryable, promotionId: number, scope: 'all' | 'albums', visibleOnly: boolean) => {
  const rows = await rowsOf(
    db,
    scope === 'all'
      ? sql`select id as lot_id, title as lot_title, reference as lot_reference from lots
            where promotion_id = ${promotionId} and parent_id is null order by reference, id limit 1000`
      : sql`select l.id as lot_id, l.title as lot_title, l.reference as lot_reference from lots l
            where l.id in (select g.lot_id from photo_groups g where g.promotion_id = ${promotionId} and g.lot_id is not null
                           ${visibleOnly ? sql`and g.hidden = false` : sql``})
            order by l.reference, l.id`,
  );
  return rows.map(lotOf).filter((lot): lot is PhotoLot => lot !== null);
};
