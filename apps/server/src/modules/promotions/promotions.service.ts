import {
  can,
  type Paginated,
  type PersonOption,
  type PersonSearchQuery,
  PROMOTION_ARCHIVE_MESSAGES,
  PROMOTION_CARDS_PAGE_SIZE,
  PROMOTION_LOGO,
  PROMOTION_LOGO_TOO_BIG,
  type PromotionCard,
  type PromotionCreateInput,
  type PromotionListQuery,
  type PromotionRecord,
  type PromotionSettingsInput,
} from '@promovente/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db, Queryable, Tx } from '../../db/client.js';
import { files, promotionAgencies, promotions, promotionUsers } from '../../db/schema/index.js';
import { assertMemberOf } from '../../platform/access.js';
import type { RequestActor } from '../../platform/auth.js';
import { badRequest, conflict, forbidden, notFound, unprocessable } from '../../platform/errors.js';
import type { Storage } from '../../platform/storage.js';
import { assertStorageQuota } from '../../platform/storage-quota.js';
import { acceptUpload, PICTURE_UPLOADS, type Upload, type UploadPolicy } from '../../platform/uploads.js';
import { runWrite, type WriteDeps } from '../commands/index.js';
import { writeLog } from '../logs/logs.service.js';
import { personOptionsPage } from '../people/index.js';
import { brokerAccountOf, lockPromotionRow, promotionCardsPage, promotionRecordOf, setArchivedAt } from './promotions.queries.js';

/** The promotion administration (docs/product/promotion-administration.md; docs/sales-process.md#promotions-list-creation-and-settings-built). */

type Deps = { db: Db; storage: Storage };

export const PROMOTION_MESSAGES = {
  brokerUnknown: "Ce courtier principal n'existe pas",
  timeoutRequired: 'Délai de réservation requis pour une promotion multi-agences',
  timeoutSingleAgency: 'Le délai de réservation ne concerne que les promotions multi-agences',
  logoRefused: 'Le logo doit être une image PNG ou JPG',
  created: 'Promotion créée',
  logoTooBig: PROMOTION_LOGO_TOO_BIG,
} as const;

/** Brokers listed a page by the pickers. */
export const BROKER_OPTIONS_PAGE_SIZE = 50;

const paginated = <T>(rows: T[], total: number, page: number, perPage: number): Paginated<T> => {
  const from = (page - 1) * perPage;
  return {
    data: rows,
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    from: rows.length > 0 ? from + 1 : null,
    to: rows.length > 0 ? from + rows.length : null,
    total,
  };
};

/** GET promotions: the cards of 'Mes promotions' (a broker's promotions; an admin's: all of them). */
export const listPromotionCards = async (db: Db, actor: RequestActor, query: PromotionListQuery): Promise<Paginated<PromotionCard>> => {
  const perPage = PROMOTION_CARDS_PAGE_SIZE;
  const { rows, total, page } = await promotionCardsPage(db, actor, {
    search: query.search,
    page: query.page,
    perPage,
    archived: query.archived,
  });
  return paginated(rows, total, page, perPage);
};

const recordOf = async (db: Queryable, promotionId: number): Promise<PromotionRecord> => {
  const record = await promotionRecordOf(db, promotionId);
  if (!record) throw notFound();
  return record;
};

/** GET promotions/{id}: the record of the 'Informations' menu, for the promotion's brokers (another promotion's: 404). */
export const getPromotionRecord = async (db: Db, actor: RequestActor, promotionId: number): Promise<PromotionRecord> => {
  await assertMemberOf(db, actor, promotionId);
  return recordOf(db, promotionId);
};

/**
 * GET brokers/options: the broker accounts an admin may name main broker or add to a promotion
 * (every broker of the firm: an admin sees every promotion and every agency; decision in
 * docs/sales-process.md#promotions-list-creation-and-settings-built). `promotion` leaves out its members.
 */
export const listBrokerOptions = async (db: Db, actor: RequestActor, query: PersonSearchQuery): Promise<Paginated<PersonOption>> => {
  if (!can(actor, 'broker.pick')) throw forbidden();
  if (query.promotion !== undefined) await assertMemberOf(db, actor, query.promotion);
  const { rows, total, page } = await personOptionsPage(db, 'broker', { ...query, pageSize: BROKER_OPTIONS_PAGE_SIZE });
  return paginated(rows, total, page, BROKER_OPTIONS_PAGE_SIZE);
};

const LOGO_UPLOADS: UploadPolicy = { ...PICTURE_UPLOADS, refused: () => PROMOTION_MESSAGES.logoRefused };

/**
 * A logo as stored: PNG or JPEG by content (the one upload policy), re-encoded as the 150x150
 * PNG of docs/product/promotion-administration.md#constants. The settings send it cropped; the
 * creation form's image is not cropped, so it is fitted whole (transparent margins), never cut.
 */
const storeLogo = async (storage: Storage, upload: Upload) => {
  await acceptUpload(LOGO_UPLOADS, upload);
  let png: Buffer;
  try {
    png = await sharp(upload.content)
      .rotate()
      .resize(PROMOTION_LOGO.size, PROMOTION_LOGO.size, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png()
      .toBuffer();
  } catch {
    throw unprocessable(PROMOTION_MESSAGES.logoRefused);
  }
  return { key: await storage.put(png), size: png.length };
};

/** The files row of a stored logo, in the transaction of the change it belongs to: its uuid is the promotion's `logo`. */
const insertLogoFile = async (tx: Tx, deps: Deps, actor: RequestActor, promotionId: number, logo: { key: string; size: number }) => {
  await assertStorageQuota(tx, deps.storage, promotionId, logo.size);
  const [file] = await tx
    .insert(files)
    .values({
      promotionId,
      name: 'logo.png',
      mime: 'image/png',
      size: logo.size,
      storageKey: logo.key,
      owner: 'logo',
      createdById: actor.id,
    })
    .returning({ uuid: files.uuid });
  return file.uuid;
};

/**
 * POST promotions (admins): the promotion, its creator and main broker as members and the main
 * broker's agency as its agency, in one transaction; answers its record.
 */
export const createPromotion = async (
  deps: Deps,
  actor: RequestActor,
  input: PromotionCreateInput,
  logo: Upload | null,
): Promise<PromotionRecord> => {
  if (!can(actor, 'promotion.add')) throw forbidden();
  const broker = await brokerAccountOf(deps.db, input.broker_id);
  if (!broker) throw unprocessable(PROMOTION_MESSAGES.brokerUnknown);
  const stored = logo ? await storeLogo(deps.storage, logo) : null;
  // Not through runWrite: the promotion does not exist yet, so there is no membership to check
  // (promotion.add, admins only) and no promotion for a history row.
  const promotionId = await deps.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(promotions)
      .values({ title: input.title, url: input.url, brokerId: broker.id })
      .returning({ id: promotions.id });
    const members = [...new Set([actor.id, broker.id])].map((userId) => ({ promotionId: created.id, userId }));
    await tx.insert(promotionUsers).values(members).onConflictDoNothing();
    if (broker.agencyId !== null) {
      await tx.insert(promotionAgencies).values({ promotionId: created.id, agencyId: broker.agencyId }).onConflictDoNothing();
    }
    if (stored) {
      const uuid = await insertLogoFile(tx, deps, actor, created.id, stored);
      await tx.update(promotions).set({ logo: uuid }).where(eq(promotions.id, created.id));
    }
    return created.id;
  });
  return recordOf(deps.db, promotionId);
};

/**
 * POST promotions/{id}/settings (admins): the 'Informations' form and, when cropped, the new
 * logo, in one write (runWrite); answers the record. The reservation timeout belongs to
 * multi-agency promotions only (required there, refused elsewhere): checked, like the promotion,
 * before the logo is stored, which is removed again when the write does not commit.
 */
export const savePromotionSettings = async (
  deps: WriteDeps,
  actor: RequestActor,
  promotionId: number,
  input: PromotionSettingsInput,
  logo: Upload | null,
): Promise<PromotionRecord> => {
  if (!can(actor, 'promotion.edit')) throw forbidden();
  await assertMemberOf(deps.db, actor, promotionId);
  const current = await recordOf(deps.db, promotionId);
  if (current.multi_agency && input.reservation_timeout === null) throw badRequest(PROMOTION_MESSAGES.timeoutRequired);
  if (!current.multi_agency && input.reservation_timeout !== null) throw badRequest(PROMOTION_MESSAGES.timeoutSingleAgency);
  const stored = logo ? await storeLogo(deps.storage, logo) : null;
  try {
    await runWrite(
      deps,
      actor,
      promotionId,
      async ({ tx }) => {
        const logoUuid = stored ? await insertLogoFile(tx, deps, actor, promotionId, stored) : undefined;
        await tx
          .update(promotions)
          .set({
            title: input.title,
            url: input.url,
            shareNewCandidates: input.share_new_candidates,
            prestige: input.prestige,
            gtm: input.gtm,
            externalReportUrl: input.external_report_url,
            startAt: input.start_at,
            endAt: input.end_at,
            ...(current.multi_agency ? { reservationTimeout: input.reservation_timeout } : {}),
            ...(logoUuid ? { logo: logoUuid } : {}),
          })
          .where(eq(promotions.id, promotionId));
        return { data: null, log: null };
      },
      notFound,
    );
  } catch (error) {
    if (stored) await deps.storage.remove(stored.key).catch(() => undefined);
    throw error;
  }
  return recordOf(deps.db, promotionId);
};

/**
 * PUT promotions/{id}/archive (admins; docs/product/promotion-administration.md#archived-promotion):
 * the promotion leaves 'Mes promotions' for its filter 'Archivées' and becomes read-only for
 * everyone: from the commit on, the database refuses every change of its data (migration 0016),
 * which the API answers 409 with MESSAGES.promotionArchived. Its members keep reading it. The
 * log row is written first, while the promotion still takes it.
 */
export const archivePromotion = async (deps: WriteDeps, actor: RequestActor, promotionId: number): Promise<PromotionRecord> => {
  if (!can(actor, 'promotion.archive')) throw forbidden();
  await runWrite(
    deps,
    actor,
    promotionId,
    async ({ tx }) => {
      const promotion = await lockPromotionRow(tx, promotionId);
      if (!promotion) throw notFound();
      if (promotion.archived) throw conflict(PROMOTION_ARCHIVE_MESSAGES.alreadyArchived);
      // Written here, before the archive: once archived, the promotion takes no more rows (the pipeline writes its log last).
      await writeLog(tx, { promotionId, executedById: actor.id, onTitle: promotion.title, title: PROMOTION_ARCHIVE_MESSAGES.archived });
      await setArchivedAt(tx, promotionId, new Date());
      return { data: null, log: null };
    },
    notFound,
  );
  return recordOf(deps.db, promotionId);
};

/** PUT promotions/{id}/restore (admins): the promotion is back in 'Mes promotions' and changes again; the log row follows the restore. */
export const restorePromotion = async (deps: WriteDeps, actor: RequestActor, promotionId: number): Promise<PromotionRecord> => {
  if (!can(actor, 'promotion.archive')) throw forbidden();
  await runWrite(
    deps,
    actor,
    promotionId,
    async ({ tx }) => {
      const promotion = await lockPromotionRow(tx, promotionId);
      if (!promotion) throw notFound();
      if (!promotion.archived) throw conflict(PROMOTION_ARCHIVE_MESSAGES.notArchived);
      await setArchivedAt(tx, promotionId, null);
      return { data: null, log: { onTitle: promotion.title, title: PROMOTION_ARCHIVE_MESSAGES.restored } };
    },
    notFound,
  );
  return recordOf(deps.db, promotionId);
};
