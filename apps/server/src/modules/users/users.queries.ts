import type { Assistant, User, UserPromotion, UserType } from '@promovente/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { assistants, promotionUsers, users } from '../../db/schema/index.js';
import { containsPattern } from '../../db/search.js';
import { unreadMessagesCount, userPromotionScope } from '../../platform/thread-access.js';

export const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

export const avatarUrl = (uuid: string | null) => (uuid ? `/api/images/${uuid}` : null);

/** The promotions a user may open (every one for an admin): `p` is the promotion. */
const mayOpen = (userId: number, admin: boolean) =>
  admin ? sql`true` : sql`exists (select 1 from promotion_user pu where pu.promotion_id = p.id and pu.user_id = ${userId})`;

const promotionOf = (row: Record<string, unknown>): UserPromotion => ({
  id: Number(row.id),
  title: String(row.title),
  logo: avatarUrl((row.logo as string | null) ?? null),
  multi_agency: row.multi_agency === true,
  unread_messages: Number(row.unread_messages ?? 0),
  archived: row.archived_at !== null && row.archived_at !== undefined,
});

/**
 * GET user/promotions: a page of the promotions a user may open, by title, with his unread
 * messages in each, and their total, in one statement (the unread counts only for the page).
 */
export const promotionsPageOf = async (
  db: Queryable,
  user: { id: number; admin: boolean },
  query: { search?: string; page: number; pageSize: number },
): Promise<{ rows: UserPromotion[]; total: number }> => {
  const search = query.search?.trim();
  const pattern = search ? containsPattern(search) : null;
  const where = sql`${mayOpen(user.id, user.admin)} and (${pattern}::text is null or p.title ilike ${pattern}::text)`;
  const found = await rowsOf(
    db,
    sql`
    with total as (select count(*)::int as total from promotions p where ${where}),
    page as (
      select p.id, p.title, p.logo, p.multi_agency, p.archived_at from promotions p where ${where}
      order by p.title, p.id limit ${query.pageSize}::int offset ${(query.page - 1) * query.pageSize}::bigint
    )
    select o.total, r.* from total o
    left join lateral (
      select pg.*, ${unreadMessagesCount(user.id, sql`t.promotion_id = pg.id`)} as unread_messages from page pg
    ) r on true
    order by r.title, r.id
  `,
  );
  const total = Number(found[0]?.total ?? 0);
  const rows: UserPromotion[] = [];
  for (const row of found) if (row.id !== null && row.id !== undefined) rows.push(promotionOf(row));
  return { rows, total };
};

export const assistantsOf = async (db: Queryable, brokerId: number): Promise<Assistant[]> => {
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, picture: users.profilePicture })
    .from(assistants)
    .innerJoin(users, eq(users.id, assistants.assistantId))
    .where(eq(assistants.brokerId, brokerId))
    .orderBy(asc(users.lastName), asc(users.firstName));
  return rows.map((r) => ({ id: r.id, full_name: fullName(r), email: r.email, profile_picture: avatarUrl(r.picture) }));
};

/**
 * GET user and login: the user of docs/product/entities.md#user in one statement, with his agency, his
 * current promotion (the preference when he may still open it, else the first by title), how
 * many promotions he may open, his unread messages in all of them and in the current one, and
 * a broker's assistants. `stale` says the preference must be written again.
 */
export const loadUserPayload = async (
  db: Queryable,
  account: { id: number; admin: boolean },
): Promise<(User & { stale: boolean }) | null> => {
  const userId = account.id;
  // Two texts, an admin's (every promotion) and a member's, so that neither plans the other's reads.
  const first = account.admin
    ? sql`(select p.id from promotions p order by p.title, p.id limit 1)`
    : sql`(select p.id from promotion_user pu join promotions p on p.id = pu.promotion_id
          where pu.user_id = ${userId} order by p.title, p.id limit 1)`;
  const count = account.admin
    ? sql`(select count(*)::int from promotions)`
    : sql`(select count(*)::int from promotion_user pu where pu.user_id = ${userId})`;
  // The unread messages: the rule of docs/product/messages.md#rules, the same rows as GET threads/promotions-unread-summary.
  const scope = userPromotionScope(account);
  const rows = await rowsOf(
    db,
    sql`
    with u as (select * from users where id = ${userId}),
    cur as (
      select coalesce(
        (select p.id from promotions p, u where p.id = (u.preferences->>'selected_promotion')::int
          and ${account.admin ? sql`true` : sql`exists (select 1 from promotion_user pu where pu.promotion_id = p.id and pu.user_id = u.id)`}),
        ${first}
      ) as id
    )
    select u.id as user_id, u.type, u.admin, u.preferences, u.restricted_access, u.profile_picture, u.first_name, u.last_name,
      u.email, u.number_connections, u.is_demo, u.email_notifications, a.id as agency_id, a.name as agency_name,
      p.id, p.title, p.logo, p.multi_agency, p.archived_at,
      ${count} as promotions_count,
      ${unreadMessagesCount(userId, scope)} as unread_total,
      ${unreadMessagesCount(userId, sql`t.promotion_id = p.id`)} as unread_messages,
      case when u.type = 'broker' then (
        select coalesce(json_agg(json_build_object('id', au.id, 'first_name', au.first_name, 'last_name', au.last_name,
          'email', au.email, 'picture', au.profile_picture) order by au.last_name, au.first_name), '[]'::json)
        from assistants s join users au on au.id = s.assistant_id where s.broker_id = u.id
      ) end as assistants
    from u
    left join agencies a on a.id = u.agency_id
    cross join cur
    left join promotions p on p.id = cur.id
  `,
  );
  const row = rows[0];
  if (!row) return null;
  const preferences = (typeof row.preferences === 'string' ? JSON.parse(row.preferences) : row.preferences) as {
    selected_promotion?: number | null;
  } | null;
  const rawAssistants = typeof row.assistants === 'string' ? JSON.parse(row.assistants) : row.assistants;
  const person = { firstName: String(row.first_name), lastName: String(row.last_name) };
  const promotion = row.id === null || row.id === undefined ? null : promotionOf(row);
  const selected = preferences?.selected_promotion ?? null;
  return {
    id: Number(row.user_id),
    type: row.type as UserType,
    admin: row.admin === true,
    preferences: { selected_promotion: promotion?.id ?? selected },
    promotion,
    promotions_count: Number(row.promotions_count),
    agency: row.agency_id === null ? null : { id: Number(row.agency_id), name: String(row.agency_name) },
    restricted_access: Number(row.restricted_access),
    profile_picture: avatarUrl((row.profile_picture as string | null) ?? null),
    full_name: fullName(person),
    first_name: person.firstName,
    last_name: person.lastName,
    email: String(row.email),
    number_connections: Number(row.number_connections),
    unread_messages_count: Number(row.unread_total ?? 0),
    assistants: (
      (rawAssistants ?? []) as { id: number; first_name: string; last_name: string; email: string; picture: string | null }[]
    ).map((a) => ({
      id: a.id,
      full_name: fullName({ firstName: a.first_name, lastName: a.last_name }),
      email: a.email,
      profile_picture: avatarUrl(a.picture),
    })),
    is_demo: row.is_demo === true,
    email_notifications: row.email_notifications !== false,
    stale: promotion !== null && promotion.id !== selected,
  };
};

export const findUserByEmail = async (db: Queryable, email: string) => {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`).limit(1);
  return row ?? null;
};

/** Users of a type who are members of a promotion. */
export const membersOfType = async (db: Queryable, promotionId: number, type: UserType) =>
  db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      picture: users.profilePicture,
      agencyId: users.agencyId,
    })
    .from(users)
    .innerJoin(promotionUsers, and(eq(promotionUsers.userId, users.id), eq(promotionUsers.promotionId, promotionId)))
    .where(eq(users.type, type))
    .orderBy(asc(users.lastName), asc(users.firstName));
