import { MAILS_API } from '@promovente/shared';
import { handlersOf } from '../../platform/routes.js';
import { listOutbox } from './mails.service.js';

/** The admins' 'E-mails' screen (docs/product/mails.md): the kept and sent e-mails, whole only on the local mailbox. */
export const MAILS_HANDLERS = handlersOf(MAILS_API, {
  listOutboxMails: async ({ deps, query }) => listOutbox(deps.db, query.page, deps.config.localMailbox),
});
