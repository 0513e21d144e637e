import { can, MESSAGES, type Permission, type PermissionResource } from '@promovente/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { promotions, promotionUsers } from '../db/schema/index.js';
import type { RequestActor } from './auth.js';
import { forbidden, notFound } from './errors.js';

/**
 * Tenancy (docs/sales-process.md#1-tenancy-and-access-built): a user sees a promotion only if he is a member of it; admins see
 * all. Another promotion's id answers 404, exactly like an id that does not exist.
 */
export const isMemberOf = async (
  db: Queryable,
  actor: Pick<RequestActor, 'id' | 'admin' | 'promotion_ids'>,
  promotionId: number,
): Promise<boolean> => {
  // The memberships came with the sign-in statement: no query for a member's check.
  if (actor.promotion_ids) return actor.promotion_ids.has(promotionId);
  if (actor.admin) {
    const [row] = await db.select({ id: promotions.id }).from(promotions).where(eq(promotions.id, promotionId)).limit(1);
    return Boolean(row);
  }
  const [row] = await db
    .select({ id: promotionUsers.promotionId })
    .from(promotionUsers)
    .where(and(eq(promotionUsers.promotionId, promotionId), eq(promotionUsers.userId, actor.id)))
    .limit(1);
  return Boolean(row);
};

export const assertMemberOf = async (db: Queryable, actor: RequestActor, promotionId: number): Promise<number> => {
  if (!(await isMemberOf(db, actor, promotionId))) throw notFound(MESSAGES.pageNotFound);
  return promotionId;
};

/**
 * The promotion a call works on: the one it names (query promotion), else the user's current
 * promotion. Membership is checked on every request: the preference is never a permission.
 */
export const resolvePromotion = async (db: Queryable, actor: RequestActor, requested: number | undefined): Promise<number | null> => {
  if (requested !== undefined) return assertMemberOf(db, actor, requested);
  if (actor.selected_promotion !== null && (await isMemberOf(db, actor, actor.selected_promotion))) {
    return actor.selected_promotion;
  }
  return firstPromotionOf(db, actor);
};

/** The promotion a user lands on when his preference is empty or no longer valid. */
export const firstPromotionOf = async (db: Queryable, actor: Pick<RequestActor, 'id' | 'admin'>): Promise<number | null> => {
  const query = db.select({ id: promotions.id }).from(promotions);
  const [row] = actor.admin
    ? await query.orderBy(asc(promotions.title), asc(promotions.id)).limit(1)
    : await query
        .innerJoin(promotionUsers, and(eq(promotionUsers.promotionId, promotions.id), eq(promotionUsers.userId, actor.id)))
        .orderBy(asc(promotions.title), asc(promotions.id))
        .limit(1);
  return row?.id ?? null;
};

/**
 * The server's refusal of the shared permission table (docs/permissions.md): 403 ('Accès refusé'
 * unless a message is given) when `can(actor, permission, resource)` says no. With the row (e.g.
 * `{ agency_id }` for the own-agency rule) it applies the permission's row rule: the row is
 * visible in the promotion, so another agency's answers 403 (another promotion's answers 404
 * earlier, by membership).
 */
export const assertCan = <P extends Permission>(actor: RequestActor, permission: P, resource?: PermissionResource<P>, message?: string) => {
  if (!can(actor, permission, resource)) throw forbidden(message);
};
