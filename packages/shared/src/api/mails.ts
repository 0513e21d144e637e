import { outboxPageSchema, outboxQuerySchema } from '../contracts/mails.js';
import { defineRoutes } from './route.js';

/** The routes of the 'E-mails' domain (docs/architecture.md, 'The API catalogue'): the admins' 'E-mails' screen (docs/product/mails.md). */
export const MAILS_API = defineRoutes({
  listOutboxMails: {
    method: 'GET',
    path: '/admin/mails',
    summary: 'E-mails envoyés ou gardés, les plus récents en premier',
    access: 'outbox.read',
    query: outboxQuerySchema,
    response: outboxPageSchema,
  },
});
