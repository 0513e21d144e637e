import { findForbiddenCharacter, forbiddenCharacterMessage, MESSAGES } from '@promovente/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** An error whose message is shown to the user as is, in French. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string = MESSAGES.invalidInput) => new HttpError(400, message);
export const unauthorized = (message: string = MESSAGES.pleaseSignIn) => new HttpError(401, message);
export const forbidden = (message: string = MESSAGES.accessDenied) => new HttpError(403, message);
export const notFound = (message: string = MESSAGES.pageNotFound) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const unprocessable = (message: string) => new HttpError(422, message);
export const tooManyRequests = (message: string = MESSAGES.tooManyAttempts) => new HttpError(429, message);

/**
 * The multipart parser (@fastify/busboy) rejects a body cut short with a plain Error and no
 * status: it is the client's request that is broken, not the server.
 */
const MALFORMED_MULTIPART = /unexpected end of multipart data|^Multipart: Boundary not found$/i;
export const MESSAGE_MALFORMED_MULTIPART = 'Le formulaire envoyé est incomplet';

/** Said when the database cannot be reached, and while the server drains before it stops. */
export const SERVICE_UNAVAILABLE = 'Le service est momentanément indisponible, veuillez réessayer dans un instant.';
export const serviceUnavailable = () => new HttpError(503, SERVICE_UNAVAILABLE);

/** PostgreSQL's codes for a server shutting down or a connection lost (class 57P and 08). */
const UNAVAILABLE_CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
]);
const UNAVAILABLE_MESSAGES = [
  /connection terminated/i,
  /connection (?:error|timeout|ended)/i,
  /timeout exceeded when trying to connect/i,
  /cannot use a pool after calling end/i,
  /client has encountered a connection error/i,
  /client was closed and is not queryable/i,
  /is not currently accepting connections/i,
  /the database system is (?:starting up|shutting down|in recovery mode)/i,
  /pglite is closed/i,
];

/**
 * The SQLSTATE the database raises when a statement would change the data of an archived
 * promotion (the triggers of migration 0016): the change is refused, 409 with the French text.
 */
export const ARCHIVED_PROMOTION_SQLSTATE = 'PV001';

/** Whether the error (Drizzle wraps the driver's) is the archived promotion's refusal. */
export const isArchivedPromotionWrite = (error: unknown): boolean => {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth += 1) {
    if ((current as { code?: unknown }).code === ARCHIVED_PROMOTION_SQLSTATE) return true;
  }
  return false;
};

/**
 * The database is down or the connection was cut (pg, its pool, PGlite closed): not a defect of
 * the request, so it answers 503 and the pool opens a new connection at the next query. Drizzle
 * wraps the driver's error, hence the walk down `cause`.
 */
export const isDatabaseUnavailable = (error: unknown): boolean => {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    if (UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(current.message))) return true;
  }
  return false;
};

/**
 * No text with a NUL character or a lone UTF-16 surrogate reaches a handler (PostgreSQL cannot
 * store them): path, query and JSON body, keys included, are checked before validation, so no
 * route can miss it; the answer is a French 400 naming the field. Multipart fields go through
 * the contracts' text schema, which refuses them too.
 */
export const registerInputGuard = (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    for (const value of [request.params, request.query, request.body]) {
      const path = findForbiddenCharacter(value);
      if (path) throw badRequest(forbiddenCharacterMessage(path));
    }
  });
};

/** One error handler: French messages, no stack trace ever reaches a client. */
export const registerErrorHandling = (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // The first refused field, in the words of its schema or of fieldIssueMessage (French,
      // naming the field): never zod's own wording.
      const issue = error.validation[0];
      return reply.status(400).send({ message: issue?.message || MESSAGES.invalidInput });
    }
    if (error.statusCode === 429) {
      return reply.status(429).send({ message: MESSAGES.tooManyAttempts });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own client errors (bad JSON, payload too large, ...): a French message.
      const message = error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? 'Fichier trop volumineux' : MESSAGES.invalidInput;
      return reply.status(error.statusCode).send({ message });
    }
    if (!error.statusCode && MALFORMED_MULTIPART.test(error.message)) {
      return reply.status(400).send({ message: MESSAGE_MALFORMED_MULTIPART });
    }
    if (isArchivedPromotionWrite(error)) {
      return reply.status(409).send({ message: MESSAGES.promotionArchived });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', '2').send({ message: SERVICE_UNAVAILABLE });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: MESSAGES.serverError });
  });
};
