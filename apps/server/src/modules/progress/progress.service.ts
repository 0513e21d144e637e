import {
  can,
  MESSAGES,
  PHOTO_GROUPS_PAGE_SIZE,
  PHOTOS_PER_ALBUM_IN_LIST,
  type Photo,
  type PhotoGroup,
  type PhotoGroupInput,
  type PhotoGroupsPage,
  type PhotoGroupsQuery,
  PROGRESS_MESSAGES,
  UPLOAD_MESSAGES,
} from '@promovente/shared';
import { and, eq } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.js';
import { files, photoGroups, photos } from '../../db/schema/index.js';
import { assertMemberOf, resolvePromotion } from '../../platform/access.js';
import { assertMayAddFiles, type RequestActor } from '../../platform/auth.js';
import { badRequest, forbidden, notFound, unprocessable } from '../../platform/errors.js';
import { signedFileUrl } from '../../platform/signed-url.js';
import type { Storage } from '../../platform/storage.js';
import { assertStorageQuota } from '../../platform/storage-quota.js';
import { acceptUpload, isVideoMime, PROGRESS_UPLOADS, type Upload } from '../../platform/uploads.js';
import { stripVideoMetadata } from '../../platform/video-metadata.js';
import { runWrite, type WriteDeps } from '../commands/index.js';
import { makePhotoSizes } from './progress.images.js';
import {
  albumOfFile,
  countGroups,
  deleteFiles,
  fileIdsOfGroup,
  findGroup,
  findLot,
  findPhotoFiles,
  firstPhotosOf,
  type GroupRow,
  homePhotos,
  lotOptions,
  type PhotoRow,
  pageOfGroups,
  photosOfGroup,
  promotionOfGroup,
} from './progress.queries.js';

/**
 * Progress albums, 'Avancement' (docs/product/progress.md). Candidates and investors read the
 * visible albums only; brokers and pilots write (progress.manage), each write through the write
 * pipeline (runWrite: the promotion checked, one transaction, stored contents removed after
 * commit); demo users add no photo.
 */

/** Candidates and investors see only the albums marked visible (docs/product/progress.md#rules). */
const readsVisibleOnly = (actor: RequestActor) => actor.type === 'candidate' || actor.type === 'investor';

const assertManager = (actor: RequestActor) => {
  if (!can(actor, 'progress.manage')) throw forbidden();
};

/** A photo as the API gives it: short-lived signed links, issued to a member allowed to see the album. */
export const serializePhoto = (row: PhotoRow): Photo => {
  const url = signedFileUrl(row.fileUuid);
  return {
    id: row.id,
    name: row.name,
    date: row.date,
    comment: row.comment,
    is_video: row.isVideo,
    url,
    url_160h: row.isVideo || !row.thumbnailUuid ? null : signedFileUrl(row.thumbnailUuid),
    url_1300w: row.isVideo ? null : url,
    url_video: row.isVideo ? url : null,
    lot: row.lot,
  };
};

const serializeGroup = (row: GroupRow, photoRows: PhotoRow[]): PhotoGroup => ({
  id: row.id,
  name: row.name,
  date: row.date,
  comment: row.comment,
  lot_id: row.lotId,
  lot: row.lot,
  hidden: row.hidden,
  home_page: row.homePage,
  photos_count: row.photosCount,
  photos: photoRows.map(serializePhoto),
});

const demoVideoOf = (rows: PhotoRow[]) => {
  const video = rows.find((row) => row.isVideo);
  return video ? signedFileUrl(video.fileUuid) : null;
};

/** GET photoGroups: a page of the promotion's albums with their first photos, in two or three statements. */
export const listPhotoGroups = async (db: Db, actor: RequestActor, query: PhotoGroupsQuery): Promise<PhotoGroupsPage> => {
  const promotionId = await resolvePromotion(db, actor, query.promotion);
  if (promotionId === null) throw notFound(MESSAGES.notMember);
  const lot = query.lot === undefined ? null : await findLot(db, promotionId, query.lot);
  // A lot of another promotion answers 404 like a path id (platform/scoped-ids.ts).
  if (query.lot !== undefined && lot === null) throw notFound();
  const scope = { promotionId, lotId: query.lot, visibleOnly: readsVisibleOnly(actor) };
  const perPage = PHOTO_GROUPS_PAGE_SIZE;
  const { groups, total: pageTotal } = await pageOfGroups(db, scope, query.page, perPage);
  const total = pageTotal ?? (query.page > 1 ? await countGroups(db, scope) : 0);
  const photoRows = await firstPhotosOf(
    db,
    groups.map((g) => g.id),
    PHOTOS_PER_ALBUM_IN_LIST,
  );
  const from = groups.length === 0 ? null : (query.page - 1) * perPage + 1;
  return {
    promotion_id: promotionId,
    data: groups.map((g) =>
      serializeGroup(
        g,
        photoRows.filter((p) => p.photoGroupId === g.id),
      ),
    ),
    current_page: query.page,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    from,
    to: from === null ? null : from + groups.length - 1,
    total,
    can_manage: can(actor, 'progress.manage'),
    can_add_photos: can(actor, 'progress.manage') && !actor.is_demo,
    lot,
    lot_options: await lotOptions(db, promotionId, can(actor, 'progress.manage') ? 'all' : 'albums', scope.visibleOnly),
    // The demo video (docs/decisions/020-progress-photos-and-home.md): the first video of the albums listed.
    demo_video: demoVideoOf(photoRows),
  };
};

/** GET photos?photo_group_id=: every photo of an album, for the carousel. */
export const listPhotos = async (db: Db, actor: RequestActor, groupId: number): Promise<{ data: Photo[] }> => {
  const group = await promotionOfGroup(db, groupId);
  if (!group) throw notFound();
  await assertMemberOf(db, actor, group.promotionId);
  if (group.hidden && readsVisibleOnly(actor)) throw notFound();
  return { data: (await photosOfGroup(db, groupId)).map(serializePhoto) };
};

/** A pilot does not choose a lot (docs/product/progress.md#rules): his album keeps the lot it had. */
const lotIdFor = async (db: Queryable, actor: RequestActor, promotionId: number, input: PhotoGroupInput, current: number | null) => {
  if (actor.type === 'pilot') return current;
  if (input.lot_id === null) return null;
  if (!(await findLot(db, promotionId, input.lot_id))) throw notFound();
  return input.lot_id;
};

/** POST promotions/{id}/photoGroups. */
export const createPhotoGroup = async (deps: WriteDeps, actor: RequestActor, promotionId: number, input: PhotoGroupInput) => {
  assertManager(actor);
  const id = await runWrite(
    deps,
    actor,
    promotionId,
    async ({ tx }) => {
      const lotId = await lotIdFor(tx, actor, promotionId, input, null);
      const [row] = await tx
        .insert(photoGroups)
        .values({
          promotionId,
          name: input.name,
          date: input.date,
          comment: input.comment,
          lotId,
          hidden: input.hidden,
          homePage: input.home_page,
          createdById: actor.id,
        })
        .returning({ id: photoGroups.id });
      return { data: row.id, log: null };
    },
    notFound,
  );
  const created = await findGroup(deps.db, promotionId, id);
  if (!created) throw notFound();
  return { message: PROGRESS_MESSAGES.albumCreated, data: serializeGroup(created, []) };
};

/** PUT promotions/{id}/photoGroups/{groupId}. */
export const updatePhotoGroup = async (
  deps: WriteDeps,
  actor: RequestActor,
  promotionId: number,
  groupId: number,
  input: PhotoGroupInput,
) => {
  assertManager(actor);
  await runWrite(
    deps,
    actor,
    promotionId,
    async ({ tx }) => {
      const current = await findGroup(tx, promotionId, groupId);
      if (!current) throw notFound();
      const lotId = await lotIdFor(tx, actor, promotionId, input, current.lotId);
      await tx
        .update(photoGroups)
        .set({ name: input.name, date: input.date, comment: input.comment, lotId, hidden: input.hidden, homePage: input.home_page })
        .where(and(eq(photoGroups.id, groupId), eq(photoGroups.promotionId, promotionId)));
      return { data: null, log: null };
    },
    notFound,
  );
  const updated = await findGroup(deps.db, promotionId, groupId);
  if (!updated) throw notFound();
  return { message: PROGRESS_MESSAGES.albumUpdated, data: serializeGroup(updated, []) };
};

/** DELETE promotions/{id}/photoGroups/{groupId}: the album, its photos and their files in one transaction; contents after commit. */
export const deletePhotoGroup = async (deps: WriteDeps, actor: RequestActor, promotionId: number, groupId: number) => {
  assertManager(actor);
  await runWrite(
    deps,
    actor,
    promotionId,
    async ({ tx, afterCommit }) => {
      const [group] = await tx
        .select({ id: photoGroups.id })
        .from(photoGroups)
        .where(and(eq(photoGroups.id, groupId), eq(photoGroups.promotionId, promotionId)))
        .for('update');
      if (!group) throw notFound();
      const fileIds = await fileIdsOfGroup(tx, groupId);
      await tx.delete(photoGroups).where(eq(photoGroups.id, groupId));
      afterCommit(removeContents(deps.storage, await deleteFiles(tx, fileIds)));
      return { data: null, log: null };
    },
    notFound,
  );
  return { message: PROGRESS_MESSAGES.albumDeleted };
};

/** DELETE promotions/{id}/photos/{photoId}: the photo and its files; contents after commit. */
export const deletePhoto = async (deps: WriteDeps, actor: RequestActor, promotionId: number, photoId: number) => {
  assertManager(actor);
  await runWrite(
    deps,
    actor,
    promotionId,
    async ({ tx, afterCommit }) => {
      const photo = await findPhotoFiles(tx, promotionId, photoId);
      if (!photo) throw notFound();
      await tx.delete(photos).where(eq(photos.id, photoId));
      afterCommit(removeContents(deps.storage, await deleteFiles(tx, photo.fileIds)));
      return { data: null, log: null };
    },
    notFound,
  );
  return { message: PROGRESS_MESSAGES.photoDeleted };
};

/** The after-commit removal of deleted contents, one after the other; one that fails does not stop the others. */
const removeContents = (storage: Storage, keys: string[]) => async () => {
  for (const key of keys) await storage.remove(key).catch(() => undefined);
};

/** One file of an upload, as the route reads it: checked and stored as it arrives (docs/product/progress.md#rules). */
export type StoredUpload = { name: string; isVideo: boolean; file: StoredContent; thumbnail: StoredContent | null };
type StoredContent = { key: string; mime: string; size: number };

/**
 * Checks one uploaded file by content, makes a photo's two sizes (one photo at a time in the
 * process) and stores them; the caller removes what it stored if the upload fails.
 */
export const storeUpload = async (storage: Storage, upload: Upload, stored: string[]): Promise<StoredUpload> => {
  const { mime } = await acceptUpload(PROGRESS_UPLOADS, upload);
  const name = upload.filename || 'photo';
  if (isVideoMime(mime)) {
    // Buyers watch these videos: where they were filmed goes before they are stored (platform/video-metadata.ts).
    const cleaned = stripVideoMetadata(upload.content, mime);
    if (!cleaned) throw unprocessable(UPLOAD_MESSAGES.videoNotCleanable(name));
    const key = await storage.put(cleaned);
    stored.push(key);
    return { name, isVideo: true, file: { key, mime, size: cleaned.length }, thumbnail: null };
  }
  let sizes: Awaited<ReturnType<typeof makePhotoSizes>>;
  try {
    sizes = await makePhotoSizes(upload.content);
  } catch {
    throw unprocessable(PROGRESS_MESSAGES.unreadable(name));
  }
  const largeKey = await storage.put(sizes.large);
  stored.push(largeKey);
  const thumbnailKey = await storage.put(sizes.thumbnail);
  stored.push(thumbnailKey);
  return {
    name,
    isVideo: false,
    file: { key: largeKey, mime: 'image/jpeg', size: sizes.large.length },
    thumbnail: { key: thumbnailKey, mime: 'image/jpeg', size: sizes.thumbnail.length },
  };
};

/** Refuses an upload before reading any file: a demo user, a role that does not write, an album of another promotion. */
export const assertMayAddPhotos = async (db: Db, actor: RequestActor, promotionId: number, groupId: number) => {
  assertManager(actor);
  assertMayAddFiles(actor, PROGRESS_MESSAGES.demoCannotAdd);
  await assertMemberOf(db, actor, promotionId);
  if (!(await findGroup(db, promotionId, groupId))) throw notFound();
};

/** POST promotions/{id}/photos: the photos rows and their files in one transaction. */
export const addPhotos = async (deps: WriteDeps, actor: RequestActor, promotionId: number, groupId: number, uploads: StoredUpload[]) => {
  if (uploads.length === 0) throw badRequest(PROGRESS_MESSAGES.noFile);
  const created = await runWrite(
    deps,
    actor,
    promotionId,
    async ({ tx }) => {
      const bytes = uploads.reduce((sum, u) => sum + u.file.size + (u.thumbnail?.size ?? 0), 0);
      await assertStorageQuota(tx, deps.storage, promotionId, bytes);
      const [group] = await tx
        .select({ id: photoGroups.id })
        .from(photoGroups)
        .where(and(eq(photoGroups.id, groupId), eq(photoGroups.promotionId, promotionId)))
        .for('update');
      if (!group) throw notFound();
      const contents = uploads.flatMap((u) => (u.thumbnail ? [u.file, u.thumbnail] : [u.file]));
      const names = uploads.flatMap((u) => (u.thumbnail ? [u.name, `160h-${u.name}`] : [u.name]));
      const fileRows = await tx
        .insert(files)
        .values(
          contents.map((c, i) => ({
            name: names[i],
            mime: c.mime,
            size: c.size,
            storageKey: c.key,
            owner: 'photo',
            promotionId,
            createdById: actor.id,
          })),
        )
        .returning({ id: files.id, storageKey: files.storageKey });
      const idOfKey = new Map(fileRows.map((r) => [r.storageKey, r.id]));
      const rows = await tx
        .insert(photos)
        .values(
          uploads.map((u) => ({
            promotionId,
            photoGroupId: groupId,
            name: u.name,
            isVideo: u.isVideo,
            fileId: idOfKey.get(u.file.key) as number,
            thumbnailFileId: u.thumbnail ? (idOfKey.get(u.thumbnail.key) as number) : null,
            createdById: actor.id,
          })),
        )
        .returning({ id: photos.id });
      return { data: rows, log: null };
    },
    notFound,
  );
  return { message: PROGRESS_MESSAGES.photosAdded, data: { ids: created.map((r) => r.id) } };
};

/** The home carousel: the photos and videos of the visible albums marked for the home page. */
export const homeSlides = async (db: Queryable, promotionId: number): Promise<Photo[]> =>
  (await homePhotos(db, promotionId, HOME_SLIDES_MAX)).map(serializePhoto);

/** The home carousel shows at most this many slides. */
export const HOME_SLIDES_MAX = 30;

/**
 * maySeeFile's case 'photo' (docs/decisions/020-progress-photos-and-home.md): a member of the
 * promotion who reads progress albums; candidates and investors only the visible albums' files.
 */
export const maySeePhotoFile = async (db: Queryable, actor: RequestActor, fileId: number) => {
  const seesHidden = can(actor, 'progress.read') && !readsVisibleOnly(actor);
  if (!can(actor, 'progress.read') && !can(actor, 'home.read')) return false;
  const album = await albumOfFile(db, fileId);
  return album !== null && (seesHidden || !album.hidden);
};
