import { MESSAGES } from '@promovente/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import { promotions } from '../db/schema/index.js';
import { isMemberOf } from './access.js';
import { conflict } from './errors.js';

/** The calls of the archive itself, which answer on their own (archive an archived one: 409 with its own text; restore). */
const ARCHIVE_ROUTES = new Set(['/api/promotions/:id/archive', '/api/promotions/:id/restore']);

const promotionIdOf = (params: unknown): number | null => {
  const id = (params as { id?: unknown } | undefined)?.id;
  if (typeof id === 'number') return id;
  return typeof id === 'string' && /^\d{1,10}$/.test(id) ? Number(id) : null;
};

/**
 * An archived promotion is read-only (docs/product/promotion-administration.md#archived-promotion).
 * The rule itself is the database's: the triggers of migration 0016 refuse every change of its
 * data, whatever the call, answered 409 by the error handler. This hook answers the same 409
 * earlier for the calls of the promotion record (/api/promotions/{id}/...), before a handler
 * reads an upload, starts a streamed answer (the price grid's apply) or answers a call that
 * would change nothing (adding a person already there). A caller who may not open the promotion
 * gets the handler's own answer (404), so that the state of another promotion is never told.
 */
export const registerArchivedPromotionGuard = (app: FastifyInstance, db: Db) => {
  app.addHook('preHandler', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD' || !request.actor) return;
    const url = request.routeOptions.url;
    if (!url?.startsWith('/api/promotions/:id/') || ARCHIVE_ROUTES.has(url)) return;
    const promotionId = promotionIdOf(request.params);
    if (promotionId === null) return;
    const [promotion] = await db
      .select({ archivedAt: promotions.archivedAt })
      .from(promotions)
      .where(eq(promotions.id, promotionId))
      .limit(1);
    if (!promotion?.archivedAt || !(await isMemberOf(db, request.actor, promotionId))) return;
    throw conflict(MESSAGES.promotionArchived);
  });
};
