import type { Notification } from '@promovente/shared';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { notifications } from '../../db/schema/index.js';
import type { RequestActor } from '../../platform/auth.js';
import { notFound } from '../../platform/errors.js';

const LIST_LIMIT = 50;

export const listNotifications = async (db: Db, actor: RequestActor, filter: 'unread' | 'all'): Promise<Notification[]> => {
  // Only the columns the contract sends; each filter has its index (notifications_user_unread_idx, notifications_user_created_idx).
  const rows = await db
    .select({
      id: notifications.id,
      title: notifications.title,
      description: notifications.description,
      createdAt: notifications.createdAt,
      readAt: notifications.readAt,
    })
    .from(notifications)
    .where(and(eq(notifications.userId, actor.id), filter === 'unread' ? isNull(notifications.readAt) : undefined))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(LIST_LIMIT);
  return rows.map((n) => ({
    id: n.id,
    title: n.title,
    description: n.description,
    created_at: n.createdAt.toISOString(),
    read_at: n.readAt ? n.readAt.toISOString() : null,
  }));
};

export const countUnread = async (db: Db, actor: RequestActor) => {
  const [row] = await db
    .select({ count: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, actor.id), isNull(notifications.readAt)));
  return Number(row.count);
};

/** Marks one of the user's own notifications read; another user's id answers 404. */
export const markRead = async (db: Db, actor: RequestActor, id: number) => {
  const rows = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.id, id), eq(notifications.userId, actor.id), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  if (rows.length === 0) {
    const [existing] = await db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.id, id), eq(notifications.userId, actor.id)));
    if (!existing) throw notFound();
  }
};

/** Creates notifications inside the transaction of the event that causes them. */
export const notify = async (tx: Tx, recipients: number[], message: { title: string; description: string; promotionId: number | null }) => {
  const unique = [...new Set(recipients)];
  if (unique.length === 0) return;
  await tx
    .insert(notifications)
    .values(unique.map((userId) => ({ userId, promotionId: message.promotionId, title: message.title, description: message.description })));
};
