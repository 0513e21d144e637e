import { MESSAGES, type MemberListType, USERS_API, unsubscribePagePath } from '@promovente/shared';
import { errorCodes, type FastifyInstance } from 'fastify';
import { agencies, assistants, promotions, promotionUsers, threadMessages, threadReads, threads, users } from '../../db/schema/index.js';
import { resolvePromotion } from '../../platform/access.js';
import { readsOf } from '../../platform/answer-reads.js';
import type { RequestActor } from '../../platform/auth.js';
import { handlersOf, type RouteDeps } from '../../platform/routes.js';
import {
  addAssistant,
  changePassword,
  getUser,
  listMembers,
  listUserPromotions,
  loadPublicImage,
  removeAssistant,
  selectPromotion,
  setEmailNotifications,
  unsubscribeByToken,
  updateProfile,
} from './users.service.js';

/**
 * RFC 8058: the mail provider posts 'List-Unsubscribe=One-Click' as a form to the e-mails'
 * unsubscribe address (multipart is parsed app-wide). Only that route reads such a body; every
 * other route refuses it as before (415).
 */
export const registerUnsubscribeForm = (app: FastifyInstance) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (request, body, done) => {
    if (request.routeOptions.config?.routeName !== 'unsubscribeEmails') {
      done(new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE(request.headers['content-type']), undefined);
      return;
    }
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
};

/** The members of one type of the current promotion (who may list whom is MEMBER_LISTS', the entries' access). */
const membersOf =
  (type: MemberListType) =>
  async ({ deps, actor, query }: { deps: RouteDeps; actor: RequestActor; query: { promotion?: number } }) => ({
    data: await listMembers(deps.db, actor, type, query.promotion),
  });

/** The module's catalogued routes (packages/shared/src/api/users.ts), each with its handler. */
export const USERS_HANDLERS = handlersOf(USERS_API, {
  getUser: async ({ deps, actor }) => ({ data: await getUser(deps.db, actor) }),
  // The promotion picker's list, a page at a time with a search (docs/product/layout.md#promotion-picker).
  listUserPromotions: async ({ deps, actor, query }) => listUserPromotions(deps.db, actor, query),
  // The current promotion alone: resolved like every call does, without building the whole user.
  getUserPreferences: async ({ deps, actor }) => ({ data: { selected_promotion: await resolvePromotion(deps.db, actor, undefined) } }),
  getUserPromotion: async ({ deps, actor }) => ({ promotion_id: await resolvePromotion(deps.db, actor, undefined) }),
  selectUserPromotion: async ({ deps, actor, body }) => selectPromotion(deps.db, actor, body.promotion),
  updateProfile: async ({ deps, actor, form }) => {
    const file = form.files.find((part) => part.name === 'avatar_file' && part.content.length > 0);
    const avatar = file ? { mime: file.mimetype, content: file.content } : null;
    const data = await updateProfile(deps, actor, form.fields, avatar);
    return { code: '200', message: MESSAGES.changesSaved, data };
  },
  changePassword: async ({ deps, actor, body, request }) => {
    await changePassword({ db: deps.db, rateLimitMultiplier: deps.config.RATE_LIMIT_MULTIPLIER }, actor, body, request.ip);
    return { code: '200', message: MESSAGES.passwordChanged };
  },
  setEmailNotifications: async ({ deps, actor, body }) => setEmailNotifications(deps.db, actor, body.email_notifications),
  // The e-mails' unsubscribe links (platform/mail.ts), public: the token is the permission.
  unsubscribeEmails: async ({ deps, params }) => unsubscribeByToken(deps.db, params.token),
  // A mail client that opens the header's address in a browser lands on the confirmation page.
  openUnsubscribeLink: async ({ reply, params }) => reply.redirect(unsubscribePagePath(params.token), 303),
  listBrokers: membersOf('broker'),
  listInvestors: membersOf('investor'),
  listPilots: membersOf('pilot'),
  addAssistant: async ({ deps, actor, params }) => ({ data: await addAssistant(deps.db, actor, params.id, params.assistantId) }),
  removeAssistant: async ({ deps, params }) => ({ data: await removeAssistant(deps.db, params.id, params.assistantId) }),
  getPublicImage: async ({ deps, reply, params }) => {
    const image = await loadPublicImage(deps, params.uuid);
    return reply.type(image.mime).header('cache-control', 'public, max-age=31536000, immutable').send(image.content);
  },
});

/** The tables its cached routes read (platform/answer-reads.ts). */
export const USERS_READS = readsOf(USERS_API, {
  getUser: [agencies, assistants, promotionUsers, promotions, threadMessages, threadReads, threads, users],
  listUserPromotions: [promotionUsers, promotions, threadMessages, threadReads, threads],
});
