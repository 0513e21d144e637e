import { MESSAGES } from '@promovente/shared';
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

/** One error handler: French messages, no stack trace ever reaches a client. */
export const registerErrorHandling = (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      return reply.status(400).send({ message: issue?.message ?? MESSAGES.invalidInput });
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
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: MESSAGES.serverError });
  });
};
