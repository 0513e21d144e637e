import {
  type Actor,
  type RouteAccess as CatalogueAccess,
  can,
  MESSAGES,
  UPLOAD_MESSAGES,
  USER_TYPES,
  type UserType,
} from '@promovente/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.js';
import { renderedOnce } from '../db/rendered-once.js';
import { rowsOf } from '../db/rows.js';
import { authTokens, promotionUsers, users } from '../db/schema/index.js';
import { forbidden, unauthorized } from './errors.js';
import { hashToken, isDemoToken } from './tokens.js';

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
  /**
   * The version of the data the route may show him, read in the same statement: the sum of the
   * versions of the tables the route reads (platform/answer-reads.ts) in the firm's shared data
   * (scope 0), in his own (minus his id: his notifications, migration 0038) and in each of his
   * promotions; an admin's, of every scope and table. The database
   * raises them with every change (migrations 0017, 0027). Part of the answer cache's key
   * (platform/answer-cache.ts); null on a route that keeps no answer, '0' for an actor built
   * outside a request.
   */
  data_version: string | null;
};

/**
 * Who may call a route, as its catalogue entry declares it (checked at registration): 'public',
 * 'signedIn' or a permission of the shared table (docs/permissions.md), never a list of roles.
 */
export type RouteAccess = CatalogueAccess;

/** Whether a signed-in actor passes a route's access. */
export const mayCall = (actor: Actor, access: RouteAccess): boolean => {
  if (access === 'public' || access === 'signedIn') return true;
  return can(actor, access);
};

/**
 * The user types a route lets through at the door, for the security suites: a type whose plain
 * account or admin account passes. Row rules (own agency, owner) are the handlers'.
 */
export const rolesOfAccess = (access: RouteAccess): readonly UserType[] =>
  USER_TYPES.filter(
    (type) =>
      mayCall({ id: 0, type, admin: false, restricted_access: 0, agency_id: null }, access) ||
      mayCall({ id: 0, type, admin: true, restricted_access: 0, agency_id: null }, access),
  );

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** The catalogue's name of the route (docs/architecture.md, 'The API catalogue'). */
    routeName?: string;
    /** Callable by a candidate who has not yet replaced his e-mailed password. */
    beforePasswordChange?: boolean;
    /** The session may come from the `token` cookie (an EventSource sends no header). */
    sessionCookie?: boolean;
    /** A cached route's tables, comma-separated, whose versions key its answers (platform/answer-reads.ts). */
    reads?: string;
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

/** The session of the `token` cookie the web client keeps it in (docs/product/access.md). */
const cookieToken = (request: FastifyRequest): string | null => {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name !== 'token') continue;
    try {
      const token = decodeURIComponent(value.join('='));
      return token.length > 0 && token.length <= 200 ? token : null;
    } catch {
      return null;
    }
  }
  return null;
};

/**
 * The session's statement, run by every request (docs/performance.md, 'Patterns for lists'): the
 * token, the user, his promotions and, on a route that keeps its answers, his data version, in
 * one row. Its text is rendered once and prepared once per connection: built by Drizzle's query
 * builder on each request, it was a sixth of the server's CPU for an answer served from memory.
 * Its first parameter is the route's tables, comma-separated (null: no version to read); their
 * versions are read along the table's key, scopes and tables both in its index condition (a filter
 * of the scopes read its 90,000 rows at `--scale 1000`: 15 ms a request). Every read is by key, so
 * its plan does not depend on the reader: it is planned once per connection (decision 037), where
 * planning it for each call cost PostgreSQL three times its execution (0.45 ms against 0.16).
 */
const SESSION_HEAD = renderedOnce(
  () => sql`select ${authTokens.id} as token_id, ${users.id} as id, ${users.type} as type, ${users.admin} as admin,
      ${users.restrictedAccess} as restricted_access, ${users.agencyId} as agency_id, ${users.email} as email,
      ${users.isDemo} as is_demo, ${users.numberConnections} as number_connections, ${users.preferences} as preferences,
      case when ${users.admin} then null
        else array(select ${promotionUsers.promotionId} from ${promotionUsers} where ${promotionUsers.userId} = ${users.id}) end
        as promotion_ids,
      case when route.tables is null then null
        when ${users.admin} then (select coalesce(sum(v.version), 0)::text from data_versions v)
        else (select coalesce(sum(v.version), 0)::text from data_table_versions v
          where v.scope = any(array(select 0 union all select -${users.id}
              union all select pu.promotion_id from ${promotionUsers} pu where pu.user_id = ${users.id}))
            and v.table_name = any(string_to_array(route.tables, ','))) end
        as data_version
    from (select `,
);
const SESSION_TAIL = renderedOnce(
  () => sql`::text as tables) route cross join ${authTokens} inner join ${users} on ${users.id} = ${authTokens.userId}
    where ${authTokens.revokedAt} is null and ${authTokens.tokenHash} =`,
);

type SessionRow = {
  token_id: number;
  id: number;
  type: string;
  admin: boolean;
  restricted_access: number;
  agency_id: number | null;
  email: string;
  is_demo: boolean;
  number_connections: number;
  preferences: { selected_promotion?: number | null } | null;
  promotion_ids: number[] | null;
  data_version: string | null;
};

/**
 * The signed-in user of a token, with his data version in the tables `reads` names (a cached
 * route's, comma-separated: platform/answer-reads.ts), or none (null).
 */
export const loadActor = async (db: Db, token: string, reads: string | null = null): Promise<RequestActor | null> => {
  const [row] = await rowsOf<SessionRow>(
    db,
    sql`${SESSION_HEAD()}${reads}${SESSION_TAIL()} ${hashToken(token)} and ${authTokens.expiresAt} > ${new Date().toISOString()}::timestamptz limit 1`,
    { named: 'session', plans: 'generic' },
  );
  if (!row) return null;
  return {
    id: row.id,
    type: row.type as UserType,
    admin: row.admin,
    restricted_access: row.restricted_access,
    agency_id: row.agency_id,
    email: row.email,
    // Demo mode: a demo account, or a session opened from the demo page.
    is_demo: row.is_demo || isDemoToken(token),
    number_connections: row.number_connections,
    selected_promotion: row.preferences?.selected_promotion ?? null,
    token_id: row.token_id,
    promotion_ids: row.promotion_ids === null ? null : new Set(row.promotion_ids.map(Number)),
    data_version: row.data_version === null ? null : String(row.data_version),
  };
};

/**
 * A candidate with zero connections, not in demo mode, must change his password before using
 * the product (docs/product/access.md#route-guard): the client sends him to settings, the server refuses the rest.
 */
export const mustChangePassword = (actor: Pick<RequestActor, 'type' | 'number_connections' | 'is_demo'>) =>
  actor.type === 'candidate' && actor.number_connections === 0 && !actor.is_demo;

/**
 * Demo users add no file (docs/decisions/018-faq-global-questions-and-demo-mode.md, 023): the one
 * rule of the library, the candidacy files, the progress photos and the FAQ file (403).
 */
export const assertMayAddFiles = (actor: Pick<RequestActor, 'is_demo'>, message: string = UPLOAD_MESSAGES.demo) => {
  if (actor.is_demo) throw forbidden(message);
};

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
    const token = bearer(request) ?? (request.routeOptions.config?.sessionCookie ? cookieToken(request) : null);
    if (token) request.actor = await loadActor(opts.db, token, request.routeOptions.config?.reads ?? null);
    if (access === 'public') return;
    if (!request.actor) throw unauthorized();
    if (!mayCall(request.actor, access)) throw forbidden();
    if (mustChangePassword(request.actor) && !request.routeOptions.config?.beforePasswordChange) {
      throw forbidden(MESSAGES.forcedPasswordBanner);
    }
  });
});
