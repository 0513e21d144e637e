import { findNul, forbiddenCharacterMessage, MESSAGES } from '@promovente/shared';
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
 * No text with a NUL character reaches a handler (PostgreSQL cannot store it): path, query and
 * JSON body are checked before validation, so no route can miss it. Multipart fields go through
 * the contracts' text schema, which refuses it too.
 */
export const registerInputGuard = (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    for (const value of [request.params, request.query, request.body]) {
      const path = findNul(value);
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
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: MESSAGES.serverError });
  });
};
