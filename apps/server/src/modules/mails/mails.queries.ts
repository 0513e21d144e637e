import { desc, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { mailMessages } from '../../db/schema/index.js';

/** SQL only: the e-mails of GET admin/mails, newest first along the primary key, and their count. */
export const selectMailPage = (db: Queryable, page: number, perPage: number) =>
  db
    .select()
    .from(mailMessages)
    .orderBy(desc(mailMessages.id))
    .limit(perPage)
    .offset((page - 1) * perPage);

export const countMails = async (db: Queryable) => {
  const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(mailMessages);
  return Number(row?.total ?? 0);
};
