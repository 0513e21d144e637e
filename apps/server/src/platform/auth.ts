import { type Actor, MESSAGES, type UserType } from '@promovente/shared';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.js';
import { authTokens, promotionUsers, users } from '../db/schema/index.js';
import { forbidden, unauthorized } from './errors.js';
import { hashToken } from './tokens.js';

/** The signed-in user as every handler sees it. */
export type RequestActor = Actor & {
  email: string;
  is_demo: boolean;
  number_connections: number;
  selected_promotion: number | null;
  token_id: number;
  /**
   * The promotions the user is a member of, read with the token in the request's one sign-in
   * statement, so that a membership check costs no query (platform/access.ts). Null for an
   * admin, who sees every promotion, and for an actor built outside a request: the check then
   * asks the database. A request that changes the user's memberships checks the database too.
   */
  promotion_ids: ReadonlySet<number> | null;
};

/**
 * Who may call a route. Every route declares it (checked at registration):
 * 'public', 'authenticated' (any signed-in user) or the list of user types.
 */
export type RouteAccess = 'public' | 'authenticated' | readonly UserType[];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** Callable by a candidate who has not yet replaced his e-mailed password. */
    beforePasswordChange?: boolean;
  }
  interface FastifyRequest {
    actor: RequestActor | null;
  }
}

const bearer = (request: FastifyRequest): string | null => {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const token = header.slice('Bearer '.length).trim();
  return token.length > 0 ? token : null;
};

export const loadActor = async (db: Db, token: string): Promise<RequestActor | null> => {
  const [row] = await db
    .select({
      tokenId: authTokens.id,
      id: users.id,
      type: users.type,
      admin: users.admin,
      restrictedAccess: users.restrictedAccess,
      agencyId: users.agencyId,
      email: users.email,
      isDemo: users.isDemo,
      numberConnections: users.numberConnections,
      preferences: users.preferences,
      promotionIds: sql<
        number[] | null
      >`case when ${users.admin} then null else array(select ${promotionUsers.promotionId} from ${promotionUsers} where ${promotionUsers.userId} = ${users.id}) end`,
    })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(and(eq(authTokens.tokenHash, hashToken(token)), isNull(authTokens.revokedAt), gt(authTokens.expiresAt, new Date())))
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    type: row.type as UserType,
    admin: row.admin,
    restricted_access: row.restrictedAccess,
    agency_id: row.agencyId,
    email: row.email,
    is_demo: row.isDemo,
    number_connections: row.numberConnections,
    selected_promotion: row.preferences?.selected_promotion ?? null,
    token_id: row.tokenId,
    promotion_ids: row.promotionIds === null ? null : new Set(row.promotionIds.map(Number)),
  };
};

/**
 * A candidate with zero connections, not in demo mode, must change his password before using
 * the product (docs/product/access.md#route-guard): the client sends him to settings, the server refuses the rest.
 */
export const mustChangePassword = (actor: Pick<RequestActor, 'type' | 'number_connections' | 'is_demo'>) =>
  actor.type === 'candidate' && actor.number_connections === 0 && !actor.is_demo;

/** The signed-in actor of a route that is not public. */
export const actorOf = (request: FastifyRequest): RequestActor => {
  if (!request.actor) throw unauthorized();
  return request.actor;
};

/** Authentication and the route-level role check, for every route under /api. */
export const authPlugin = fp(async (app: FastifyInstance, opts: { db: Db }) => {
  app.decorateRequest('actor', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    if (!route.config?.access) {
      throw new Error(`Route ${route.method} ${route.url} does not declare who may call it (config.access)`);
    }
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access) return;
    const token = bearer(request);
    if (token) request.actor = await loadActor(opts.db, token);
    if (access === 'public') return;
    if (!request.actor) throw unauthorized();
    if (access !== 'authenticated' && !access.includes(request.actor.type)) throw forbidden();
    if (mustChangePassword(request.actor) && !request.routeOptions.config?.beforePasswordChange) {
      throw forbidden(MESSAGES.forcedPasswordBanner);
    }
  });
});
