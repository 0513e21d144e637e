import type { ThreadReadFilter, ThreadRecipientClass } from '@promovente/shared';
import { and, asc, eq, exists, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { candidacies, candidates, promotionUsers, users } from '../../db/schema/index.js';
import { candidateMatches, containsPattern } from '../../db/search.js';
import type { RequestActor } from '../../platform/auth.js';
import { idsInPromotion } from '../../platform/scoped-ids.js';
import { threadReadableBy, unreadInThread } from '../../platform/thread-access.js';

/** SQL only: the thread list, a thread and its messages, the read marks, the recipient pickers. Rules live in the service. */

type Reader = Pick<RequestActor, 'id' | 'type' | 'agency_id'>;

/** The other side of `t` for the reader: who wrote it when he received it, else its recipient. */
const interlocutorId = (userId: number) => sql`(case when t.to_id = ${userId} then t.created_by_id else t.to_id end)`;

/** A person of a thread as JSON (`u` is the user). */
const personJson = (u: string) =>
  sql.raw(
    `json_build_object('id', ${u}.id, 'first_name', ${u}.first_name, 'last_name', ${u}.last_name, 'picture', ${u}.profile_picture, 'type', ${u}.type)`,
  );

export type ThreadFilter = {
  promotionId: number;
  search?: string;
  filter?: ThreadReadFilter;
  interlocutor?: ThreadRecipientClass;
  candidateId?: number;
  candidacyId?: number;
};

const listWhere = (reader: Reader, filter: ThreadFilter): SQL => {
  const conditions: SQL[] = [sql`t.promotion_id = ${filter.promotionId}`, threadReadableBy(reader)];
  if (filter.interlocutor) {
    conditions.push(sql`exists (select 1 from users iu where iu.id = ${interlocutorId(reader.id)} and iu.type = ${filter.interlocutor})`);
  }
  if (filter.candidacyId !== undefined) conditions.push(sql`t.candidacy_id = ${filter.candidacyId}`);
  if (filter.candidateId !== undefined) {
    // About one of the candidate's candidacies, or with his account as a side.
    conditions.push(sql`exists (select 1 from candidates cd where cd.id = ${filter.candidateId} and cd.promotion_id = t.promotion_id
      and (exists (select 1 from candidacies cc where cc.id = t.candidacy_id and cc.candidate_id = cd.id)
        or cd.user_id = t.created_by_id or cd.user_id = t.to_id))`);
  }
  if (filter.filter === 'unread') conditions.push(sql`${unreadInThread(reader.id)} > 0`);
  const search = filter.search?.trim();
  if (search) {
    // The message text is searched thread by thread along thread_messages_thread_idx (a scalar
    // subquery with a limit: the planner may not turn it into a scan of every message).
    const pattern = containsPattern(search);
    conditions.push(sql`(t.title ilike ${pattern}
      or exists (select 1 from users su where su.id in (t.created_by_id, t.to_id) and su.id <> ${reader.id}
        and (su.first_name || ' ' || su.last_name ilike ${pattern} or su.last_name || ' ' || su.first_name ilike ${pattern}))
      or coalesce((select true from thread_messages sm where sm.thread_id = t.id and sm.content ilike ${pattern} limit 1), false))`);
  }
  return sql.join(conditions, sql` and `);
};

/**
 * One page of the threads the reader may read, newest activity first (threads_promotion_idx),
 * with its total, its people, counts and last message, and the verdict on the ids the query
 * names (`ok`: a candidate or candidacy of another promotion answers 404): one statement. The
 * filter is read once for the total and the page (`matched`): a search through the messages of
 * every thread of a big promotion cost 12 ms each time (issue 20).
 */
export const findThreadPage = async (db: Queryable, reader: Reader, filter: ThreadFilter, limit: number, offset: number) => {
  const where = listWhere(reader, filter);
  const rows = await rowsOf(
    db,
    sql`
    with matched as materialized (select t.id, t.last_message_at from threads t where ${where}),
    total as (select count(*)::int as total from matched),
    page as (
      select t.* from (
        select m.id from matched m order by m.last_message_at desc, m.id desc limit ${limit}::int offset ${offset}::bigint
      ) picked join threads t on t.id = picked.id
    )
    select ${idsInPromotion(filter.promotionId, { candidateId: filter.candidateId, candidacyId: filter.candidacyId })} as ok,
      o.total, r.* from total o
    left join lateral (
      select t.id, t.title, t.promotion_id, t.candidacy_id, t.created_by_id, t.to_id, t.last_message_at,
        ${personJson('cu')} as created_by, ${personJson('tu')} as recipient,
        (select count(*)::int from thread_messages cm where cm.thread_id = t.id) as messages_count,
        ${unreadInThread(reader.id)} as unread_count,
        lm.content as last_content, lm.created_at as last_created_at, lm.sender_id as last_sender_id
      from page t
      join users cu on cu.id = t.created_by_id
      join users tu on tu.id = t.to_id
      left join lateral (
        select lm.content, lm.created_at, lm.sender_id from thread_messages lm
        where lm.thread_id = t.id order by lm.created_at desc, lm.id desc limit 1
      ) lm on true
    ) r on true
    order by r.last_message_at desc, r.id desc
  `,
  );
  const first = rows[0];
  return {
    ok: first?.ok === true,
    total: Number(first?.total ?? 0),
    rows: rows.filter((row) => row.id !== null && row.id !== undefined),
  };
};

/** A thread with its people, counts and the reader's right to read it (`readable`), or nothing. */
export const findThread = async (db: Queryable, reader: Reader, threadId: number) => {
  const rows = await rowsOf(
    db,
    sql`
    select t.id, t.title, t.promotion_id, t.candidacy_id, t.created_by_id, t.to_id, t.last_message_at,
      ${personJson('cu')} as created_by, ${personJson('tu')} as recipient,
      (select count(*)::int from thread_messages cm where cm.thread_id = t.id) as messages_count,
      ${unreadInThread(reader.id)} as unread_count,
      ${threadReadableBy(reader)} as readable
    from threads t
    join users cu on cu.id = t.created_by_id
    join users tu on tu.id = t.to_id
    where t.id = ${threadId}
  `,
  );
  return rows[0] ?? null;
};

/** A thread's messages, oldest first, with their sender and attachments (thread_messages_thread_idx, files_thread_message_idx). */
export const findThreadMessages = async (db: Queryable, threadId: number) => {
  const rows = await rowsOf(
    db,
    sql`
    select m.id, m.content, m.created_at, m.sender_id, ${personJson('su')} as sender,
      coalesce((select json_agg(json_build_object('id', f.id, 'name', f.name, 'uuid', f.uuid) order by f.id)
        from files f where f.thread_message_id = m.id and f.owner = 'thread_message'), '[]'::json) as files
    from thread_messages m
    join users su on su.id = m.sender_id
    where m.thread_id = ${threadId}
    order by m.created_at, m.id
  `,
  );
  return rows;
};

/** The user has read the thread up to now (or up to its last message, whichever is later). */
export const markThreadRead = (db: Queryable, threadId: number, userId: number) =>
  db.execute(sql`
    insert into thread_reads (thread_id, user_id, last_read_at)
    select t.id, ${userId}, greatest(now(), t.last_message_at) from threads t where t.id = ${threadId}
    on conflict (thread_id, user_id) do update set last_read_at = excluded.last_read_at
  `);

/** The candidates of a promotion with a candidacy there, hidden ones aside, matching the search, by name (candidates' promotion index). */
export const findCandidateRecipients = (
  db: Queryable,
  promotionId: number,
  search: string | undefined,
  id: number | undefined,
  limit: number,
) => {
  const conditions: (SQL | undefined)[] = [
    eq(candidates.promotionId, promotionId),
    eq(candidates.hidden, false),
    exists(sql`(select 1 from ${candidacies} where ${candidacies.candidateId} = ${candidates.id})`),
  ];
  if (search?.trim()) conditions.push(candidateMatches(containsPattern(search.trim())));
  if (id !== undefined) conditions.push(eq(candidates.id, id));
  return db
    .select({ id: candidates.id, firstName: candidates.firstName, lastName: candidates.lastName })
    .from(candidates)
    .where(and(...conditions))
    .orderBy(sql`lower(${candidates.lastName})`, sql`lower(${candidates.firstName})`, asc(candidates.id))
    .limit(limit);
};

/** The notaries of a promotion matching the search, by name (promotion_user's primary key). */
export const findNotaryRecipients = (
  db: Queryable,
  promotionId: number,
  search: string | undefined,
  id: number | undefined,
  limit: number,
) => {
  const pattern = search?.trim() ? containsPattern(search.trim()) : null;
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .innerJoin(promotionUsers, and(eq(promotionUsers.userId, users.id), eq(promotionUsers.promotionId, promotionId)))
    .where(
      and(
        eq(users.type, 'notary'),
        id === undefined ? undefined : eq(users.id, id),
        pattern === null
          ? undefined
          : sql`(${users.firstName} || ' ' || ${users.lastName} ilike ${pattern} or ${users.lastName} || ' ' || ${users.firstName} ilike ${pattern})`,
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(limit);
};
