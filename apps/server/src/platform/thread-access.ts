import type { UnreadSummary } from '@promovente/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import type { RequestActor } from './auth.js';

/**
 * The two rules of messaging written once (docs/product/messages.md#rules): who may read a thread,
 * and what counts as unread. The thread list, the conversation, the attachments (`maySeeFile`),
 * the header's badges (`GET user`) and `GET threads/promotions-unread-summary` all use them.
 * Plain SQL on the alias `t` (threads). They live in platform/, like the membership rule of
 * access.ts, because three modules read them (threads; users for the badges of GET user; files
 * for the attachments) and users is below threads (docs/architecture.md, 'Module boundaries').
 */

type Reader = Pick<RequestActor, 'id' | 'type' | 'agency_id'>;

/**
 * Who reads a thread: its two sides (who wrote it, to whom), and, for a thread about a
 * candidacy, the brokers of that candidacy's agency (they follow their agency's files).
 */
export const threadReadableBy = (actor: Reader): SQL => {
  const sides = sql`(t.created_by_id = ${actor.id} or t.to_id = ${actor.id})`;
  if (actor.type !== 'broker' || actor.agency_id === null) return sides;
  // A scalar subquery on candidacies_pkey, thread by thread: written as `exists (... rc.id =
  // t.candidacy_id ...)` under the `or`, PostgreSQL hashed every candidacy of the agency (a scan of
  // the whole table, all promotions) for each list (docs/performance.md#the-new-lists-at---scale-100).
  return sql`(${sides} or coalesce((select rc.agency_id = ${actor.agency_id} from candidacies rc where rc.id = t.candidacy_id), false))`;
};

/**
 * The unread messages of a thread for a user: messages of the others after his last read. Only
 * the two sides have unread messages; a broker who reads his agency's thread is not addressed.
 */
export const unreadInThread = (userId: number): SQL => sql`(case when t.created_by_id = ${userId} or t.to_id = ${userId} then (
    select count(*)::int from thread_messages um
    where um.thread_id = t.id and um.sender_id <> ${userId}
      and um.created_at > coalesce((select ur.last_read_at from thread_reads ur where ur.thread_id = t.id and ur.user_id = ${userId}), 'epoch'::timestamptz)
  ) else 0 end)`;

/** The unread messages of a user, as rows `t` (thread) x `m` (message), for a count or a grouping (threads_created_by_idx, threads_to_idx). */
const unreadRows = (userId: number) => sql`threads t
    join thread_messages m on m.thread_id = t.id
    left join thread_reads r on r.thread_id = t.id and r.user_id = ${userId}
    where (t.created_by_id = ${userId} or t.to_id = ${userId})
      and m.sender_id <> ${userId}
      and m.created_at > coalesce(r.last_read_at, 'epoch'::timestamptz)`;

/** The count of a user's unread messages among the promotions `promotionScope` allows (`t` is the thread): the badges of GET user. */
export const unreadMessagesCount = (userId: number, promotionScope: SQL): SQL =>
  sql`(select count(*)::int from ${unreadRows(userId)} and ${promotionScope})`;

/** The promotions a user may open, as a condition on `t.promotion_id` (every one for an admin). */
export const userPromotionScope = (user: { id: number; admin: boolean }): SQL =>
  user.admin ? sql`true` : sql`t.promotion_id in (select pu.promotion_id from promotion_user pu where pu.user_id = ${user.id})`;

/**
 * GET threads/promotions-unread-summary: the user's unread messages per promotion id, in the
 * promotions he may open; the same rows as the badges of GET user, grouped.
 */
export const unreadSummaryOf = async (db: Queryable, user: { id: number; admin: boolean }): Promise<UnreadSummary> => {
  const rows = await rowsOf<{ promotion_id: number; unread: number }>(
    db,
    sql`
    select t.promotion_id, count(*)::int as unread from ${unreadRows(user.id)} and ${userPromotionScope(user)}
    group by t.promotion_id order by t.promotion_id
  `,
  );
  const summary: UnreadSummary = {};
  for (const row of rows) summary[String(row.promotion_id)] = Number(row.unread);
  return summary;
};

/** Whether the user may read the thread of a message (an attachment's `maySeeFile`). */
export const mayReadMessageThread = async (db: Queryable, actor: Reader, messageId: number): Promise<boolean> => {
  const rows = await rowsOf(
    db,
    sql`
    select 1 as ok from thread_messages tm join threads t on t.id = tm.thread_id
    where tm.id = ${messageId} and ${threadReadableBy(actor)}
  `,
  );
  return rows.length > 0;
};
