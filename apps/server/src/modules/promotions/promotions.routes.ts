import { PROMOTION_ARCHIVE_MESSAGES, PROMOTIONS_API } from '@promovente/shared';
import { agencies, promotionAgencies, promotions, promotionUsers, users } from '../../db/schema/index.js';
import { readsOf } from '../../platform/answer-reads.js';
import { handlersOf, uploadOf } from '../../platform/routes.js';
import {
  archivePromotion,
  createPromotion,
  getPromotionRecord,
  listBrokerOptions,
  listPromotionCards,
  PROMOTION_MESSAGES,
  restorePromotion,
  savePromotionSettings,
} from './promotions.service.js';

/**
 * The promotion administration (docs/product/promotion-administration.md#calls), as catalogued in
 * packages/shared/src/api/promotions.ts: brokers read, admins change (each change's permission
 * is its route's, so that other brokers get 403 before their form is read).
 */
export const PROMOTIONS_HANDLERS = handlersOf(PROMOTIONS_API, {
  listPromotions: async ({ deps, actor, query }) => listPromotionCards(deps.db, actor, query),
  getPromotion: async ({ deps, actor, params }) => ({ data: await getPromotionRecord(deps.db, actor, params.id) }),
  createPromotion: async ({ deps, actor, form }) => ({
    message: PROMOTION_MESSAGES.created,
    data: await createPromotion(deps, actor, form.fields, uploadOf(form, 'logo')),
  }),
  updatePromotionSettings: async ({ deps, actor, params, form }) => ({
    data: await savePromotionSettings(deps, actor, params.id, form.fields, uploadOf(form, 'logo_full_path')),
  }),
  archivePromotion: async ({ deps, actor, params }) => ({
    message: PROMOTION_ARCHIVE_MESSAGES.archived,
    data: await archivePromotion(deps, actor, params.id),
  }),
  restorePromotion: async ({ deps, actor, params }) => ({
    message: PROMOTION_ARCHIVE_MESSAGES.restored,
    data: await restorePromotion(deps, actor, params.id),
  }),
  // The main-broker select and the brokers menu's add-existing (admins only, broker.pick).
  listBrokerOptions: async ({ deps, actor, query }) => listBrokerOptions(deps.db, actor, query),
});

/** The tables its cached routes read (platform/answer-reads.ts). */
export const PROMOTIONS_READS = readsOf(PROMOTIONS_API, {
  listBrokerOptions: [promotionUsers, promotions, users],
  listPromotions: [agencies, promotionAgencies, promotionUsers, promotions],
});
