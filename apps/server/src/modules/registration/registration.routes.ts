import { REGISTRATION_API, type RegistrationError } from '@promovente/shared';
import type { FastifyReply } from 'fastify';
import { HttpError } from '../../platform/errors.js';
import { handlersOf, type RouteDeps } from '../../platform/routes.js';
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

const registrationDeps = (deps: RouteDeps) => ({ db: deps.db, rateLimitMultiplier: deps.config.RATE_LIMIT_MULTIPLIER });

/** Public candidate registration (docs/product/registration.md#screens) and the link staff hand out. */
export const REGISTRATION_HANDLERS = handlersOf(REGISTRATION_API, {
  getRegistrationTarget: async ({ deps, params, query, request, reply }) => {
    try {
      return { data: await getRegistrationTarget(registrationDeps(deps), params.token, query.lot, request.ip) };
    } catch (error) {
      return refuse(reply, error);
    }
  },
  registerCandidate: async ({ deps, request, reply }) => {
    try {
      return await registerCandidate(registrationDeps(deps), request.body, request.ip);
    } catch (error) {
      return refuse(reply, error);
    }
  },
  getRegistrationLink: async ({ deps, actor, params }) => ({
    data: await getRegistrationLink(deps.db, actor, params.id, deps.config.APP_URL),
  }),
});
