import type { Assistant, User, UserPromotion, UserType } from '@promovente/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { agencies, assistants, promotions, promotionUsers, users } from '../../db/schema/index.js';

export const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

export const avatarUrl = (uuid: string | null) => (uuid ? `/api/images/${uuid}` : null);

/** The promotions a user may open, with his unread message count in each (one query). */
export const promotionsOf = async (db: Queryable, userId: number, admin: boolean): Promise<UserPromotion[]> => {
  const unread = sql<number>`(
    select count(*)::int from thread_messages m
    join threads t on t.id = m.thread_id
    left join thread_reads r on r.thread_id = t.id and r.user_id = ${userId}
    where t.promotion_id = "promotions"."id"
      and (t.created_by_id = ${userId} or t.to_id = ${userId})
      and m.sender_id <> ${userId}
      and m.created_at > coalesce(r.last_read_at, 'epoch'::timestamptz)
  )`;
  const base = db
    .select({
      id: promotions.id,
      title: promotions.title,
      logo: promotions.logo,
      multi_agency: promotions.multiAgency,
      unread_messages: unread,
    })
    .from(promotions);
  const rows = admin
    ? await base.orderBy(asc(promotions.title))
    : await base
        .innerJoin(promotionUsers, and(eq(promotionUsers.promotionId, promotions.id), eq(promotionUsers.userId, userId)))
        .orderBy(asc(promotions.title));
  return rows.map((r) => ({ ...r, logo: avatarUrl(r.logo), unread_messages: Number(r.unread_messages) }));
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

/** GET user: the user of docs/product/entities.md#user, built in a bounded number of queries. */
export const loadUserPayload = async (db: Queryable, userId: number): Promise<User | null> => {
  const [row] = await db
    .select({ user: users, agency: agencies })
    .from(users)
    .leftJoin(agencies, eq(agencies.id, users.agencyId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  const { user, agency } = row;
  const userPromotions = await promotionsOf(db, user.id, user.admin);
  const userAssistants = user.type === 'broker' ? await assistantsOf(db, user.id) : [];
  return {
    id: user.id,
    type: user.type as UserType,
    admin: user.admin,
    preferences: { selected_promotion: user.preferences?.selected_promotion ?? null },
    promotions: userPromotions,
    agency: agency ? { id: agency.id, name: agency.name } : null,
    restricted_access: user.restrictedAccess,
    profile_picture: avatarUrl(user.profilePicture),
    full_name: fullName(user),
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    number_connections: user.numberConnections,
    unread_messages_count: userPromotions.reduce((sum, p) => sum + p.unread_messages, 0),
    assistants: userAssistants,
    is_demo: user.isDemo,
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
