import {
  idParamSchema,
  type RegistrationError,
  registrationTargetQuerySchema,
  registrationTokenParamsSchema,
  rolesWith,
} from '@promovente/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/auth.js';
import { HttpError } from '../../platform/errors.js';
import { getRegistrationLink, getRegistrationTarget, RegistrationRefused, registerCandidate } from './registration.service.js';

/** The public page's errors carry the list the client shows the first of (docs/product/calls.md#other-calls and docs/product/errors.md#sales-pipeline). */
const refuse = (reply: FastifyReply, error: unknown) => {
  if (!(error instanceof HttpError)) throw error;
  const body: RegistrationError = {
    message: error.message,
    errors: error instanceof RegistrationRefused ? error.errors : [{ field: null, message: error.message }],
  };
  return reply.status(error.statusCode).send(body);
};

/** Public candidate registration (docs/product/registration.md#screens) and the link staff hand out. */
export const registrationRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = () => ({ db: app.deps.database.db, rateLimitMultiplier: app.deps.config.RATE_LIMIT_MULTIPLIER });

  app.get(
    '/registration/:token',
    { config: { access: 'public' }, schema: { params: registrationTokenParamsSchema, querystring: registrationTargetQuerySchema } },
    async (request, reply) => {
      try {
        return { data: await getRegistrationTarget(deps(), request.params.token, request.query.lot, request.ip) };
      } catch (error) {
        return refuse(reply, error);
      }
    },
  );

  // The body is parsed by the service, so that every field error reaches the form, in French.
  app.post('/registration', { config: { access: 'public' } }, async (request, reply) => {
    try {
      return await registerCandidate(deps(), request.body, request.ip);
    } catch (error) {
      return refuse(reply, error);
    }
  });

  app.get(
    '/promotions/:id/registration-link',
    { config: { access: rolesWith('registrationLink.read') }, schema: { params: idParamSchema } },
    async (request) => ({
      data: await getRegistrationLink(app.deps.database.db, actorOf(request), request.params.id, app.deps.config.APP_URL),
    }),
  );
};
