import {
  CREATABLE_KINDS,
  MESSAGES,
  notaryInputSchema,
  PEOPLE_KIND_TYPES,
  PEOPLE_MESSAGES,
  PERSON_INPUT_SCHEMAS,
  PERSON_TYPES,
  personSearchQuerySchema,
  promotionNotaryParamsSchema,
  promotionParamsSchema,
  promotionPersonParamsSchema,
  rolesWith,
} from '@promovente/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { assertMemberOf } from '../../platform/access.js';
import { actorOf } from '../../platform/auth.js';
import {
  assertManager,
  attachPerson,
  createPerson,
  detachPerson,
  listPeople,
  listPersonOptions,
  type PeopleDeps,
  resendInvitation,
  toggleMainNotary,
  updateNotary,
} from './people.service.js';

/**
 * The people menus of the promotion record (docs/product/promotion-administration.md#calls):
 * members read, admins change (people.manage, re-checked in each handler since it is the admin
 * flag and not a user type).
 */
export const peopleRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = (): PeopleDeps => ({
    db: app.deps.database.db,
    jobs: app.deps.jobs,
    appUrl: app.deps.config.APP_URL,
    rateLimitMultiplier: app.deps.config.RATE_LIMIT_MULTIPLIER,
  });
  const db = () => app.deps.database.db;
  const admins = { access: 'authenticated' } as const;

  app.get(
    '/promotions/:id/people',
    { config: { access: rolesWith('people.read') }, schema: { params: promotionParamsSchema } },
    async (request) => ({ data: await listPeople(db(), actorOf(request), request.params.id) }),
  );

  // The add-existing pickers (GET brokers is the users module's).
  for (const [kind, type] of Object.entries(PEOPLE_KIND_TYPES)) {
    if (type === 'broker') continue;
    app.get(`/${kind}`, { config: admins, schema: { querystring: personSearchQuerySchema } }, async (request) => {
      assertManager(actorOf(request));
      if (request.query.promotion !== undefined) await assertMemberOf(db(), actorOf(request), request.query.promotion);
      return listPersonOptions(db(), type, request.query);
    });
  }

  for (const type of PERSON_TYPES) {
    app.post(
      `/promotions/:id/add-${type}/:userId`,
      { config: admins, schema: { params: promotionPersonParamsSchema } },
      async (request) => {
        const actor = actorOf(request);
        assertManager(actor);
        const data = await attachPerson(db(), actor, request.params.id, type, request.params.userId);
        return { message: PEOPLE_MESSAGES.added, data };
      },
    );
    app.post(
      `/promotions/:id/remove-${type}/:userId`,
      { config: admins, schema: { params: promotionPersonParamsSchema } },
      async (request) => {
        const actor = actorOf(request);
        assertManager(actor);
        const data = await detachPerson(db(), actor, request.params.id, type, request.params.userId);
        return { message: PEOPLE_MESSAGES.removed, data };
      },
    );
  }

  for (const kind of CREATABLE_KINDS) {
    app.post(
      `/promotions/:id/${kind}`,
      { config: admins, schema: { params: promotionParamsSchema, body: PERSON_INPUT_SCHEMAS[kind] } },
      async (request) => {
        const actor = actorOf(request);
        assertManager(actor);
        const data = await createPerson(deps(), actor, request.params.id, kind, request.body);
        return { message: PEOPLE_MESSAGES.invitationSent, data };
      },
    );
  }

  app.put(
    '/promotions/:id/notaries/:notaryId',
    { config: admins, schema: { params: promotionNotaryParamsSchema, body: notaryInputSchema } },
    async (request) => {
      const actor = actorOf(request);
      assertManager(actor);
      const data = await updateNotary(db(), actor, request.params.id, request.params.notaryId, request.body);
      return { message: MESSAGES.changesSaved, data };
    },
  );

  app.put(
    '/promotions/:id/update-notary-main/:notaryId',
    { config: admins, schema: { params: promotionNotaryParamsSchema } },
    async (request) => {
      const actor = actorOf(request);
      assertManager(actor);
      return { data: await toggleMainNotary(db(), actor, request.params.id, request.params.notaryId) };
    },
  );

  app.post(
    '/promotions/:id/people/:userId/invite',
    { config: admins, schema: { params: promotionPersonParamsSchema } },
    async (request) => {
      const actor = actorOf(request);
      assertManager(actor);
      const data = await resendInvitation(deps(), actor, request.params.id, request.params.userId);
      return { message: PEOPLE_MESSAGES.invitationSent, data };
    },
  );
};
