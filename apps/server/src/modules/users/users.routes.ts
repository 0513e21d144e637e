import {
  assistantParamsSchema,
  idOf,
  MEMBER_LISTS,
  MESSAGES,
  type MemberListType,
  type Permission,
  passwordChangeSchema,
  profileUpdateSchema,
  rolesWith,
  selectPromotionSchema,
  userPromotionsQuerySchema,
  validationMessage,
} from '@promovente/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { resolvePromotion } from '../../platform/access.js';
import { actorOf } from '../../platform/auth.js';
import { badRequest } from '../../platform/errors.js';
import {
  type AvatarUpload,
  addAssistant,
  changePassword,
  getUser,
  listMembers,
  listUserPromotions,
  loadPublicImage,
  removeAssistant,
  selectPromotion,
  updateProfile,
} from './users.service.js';

const promotionQuery = z.object({ promotion: idOf('Promotion invalide').optional() });

export const usersRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;
  const mine = { access: 'authenticated', beforePasswordChange: true } as const;

  app.get('/user', { config: mine }, async (request) => ({ data: await getUser(db(), actorOf(request)) }));

  // The promotion picker's list, a page at a time with a search (docs/product/layout.md#promotion-picker).
  app.get('/user/promotions', { config: mine, schema: { querystring: userPromotionsQuerySchema } }, async (request) =>
    listUserPromotions(db(), actorOf(request), request.query),
  );

  // The current promotion alone: resolved like every call does, without building the whole user.
  app.get('/user/preferences', { config: mine }, async (request) => ({
    data: { selected_promotion: await resolvePromotion(db(), actorOf(request), undefined) },
  }));

  app.get('/user/promotion', { config: mine }, async (request) => ({
    promotion_id: await resolvePromotion(db(), actorOf(request), undefined),
  }));

  app.put('/user/promotion', { config: { access: 'authenticated' }, schema: { body: selectPromotionSchema } }, async (request) =>
    selectPromotion(db(), actorOf(request), request.body.promotion),
  );

  app.post('/user/update', { config: mine }, async (request) => {
    if (!request.isMultipart()) throw badRequest();
    const fields: Record<string, string> = {};
    let avatar: AvatarUpload | null = null;
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        if (part.fieldname === 'avatar_file' && content.length > 0) avatar = { mime: part.mimetype, content };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
    const parsed = profileUpdateSchema.safeParse(fields);
    if (!parsed.success) throw badRequest(validationMessage(parsed.error));
    const data = await updateProfile({ db: db(), storage: app.deps.storage }, actorOf(request), parsed.data, avatar);
    return { code: '200', message: MESSAGES.changesSaved, data };
  });

  app.put('/user/password', { config: mine, schema: { body: passwordChangeSchema } }, async (request) => {
    const deps = { db: db(), rateLimitMultiplier: app.deps.config.RATE_LIMIT_MULTIPLIER };
    await changePassword(deps, actorOf(request), request.body, request.ip);
    return { code: '200', message: MESSAGES.passwordChanged };
  });

  // Who may list whom, and what of each member, is the permission table's (MEMBER_LISTS).
  for (const [type, permission] of Object.entries(MEMBER_LISTS) as [MemberListType, Permission][]) {
    app.get(`/${type}s`, { config: { access: rolesWith(permission) }, schema: { querystring: promotionQuery } }, async (request) => ({
      data: await listMembers(db(), actorOf(request), type, request.query.promotion),
    }));
  }

  app.post(
    '/brokers/:id/assistants/:assistantId',
    { config: { access: rolesWith('assistant.add') }, schema: { params: assistantParamsSchema } },
    async (request) => ({
      data: await addAssistant(db(), actorOf(request), request.params.id, request.params.assistantId),
    }),
  );

  app.delete(
    '/brokers/:id/assistants/:assistantId',
    { config: { access: 'authenticated' }, schema: { params: assistantParamsSchema } },
    async (request) => ({ data: await removeAssistant(db(), actorOf(request), request.params.id, request.params.assistantId) }),
  );

  app.get(
    '/images/:uuid',
    { config: { access: 'public' }, schema: { params: z.object({ uuid: z.uuid('Image introuvable') }) } },
    async (request, reply) => {
      const image = await loadPublicImage({ db: db(), storage: app.deps.storage }, request.params.uuid);
      return reply.type(image.mime).header('cache-control', 'public, max-age=31536000, immutable').send(image.content);
    },
  );
};
