import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { Database, Queryable } from '../db/client.js';
import { rowsOf } from '../db/rows.js';

/**
 * The live events (docs/architecture.md, 'Live events'; issue 21). Every statement that changes
 * data announces it from its own transaction on the channel below (migration 0025): the table,
 * and the promotion it belongs to (scope 0: the firm's shared data) or the one user it belongs to
 * (his notifications, his conversations). PostgreSQL delivers the announce at commit, never for
 * a rolled-back transaction, to every process that listens; PGlite, to its one process. The hub
 * numbers what arrives, keeps the last ones for streams that come back, and writes each to the
 * open streams whose reader may see it, by the lists' rule: a member of the promotion (an admin:
 * every promotion), or the user it belongs to. An event names what changed, never a row: the
 * screen asks its lists again, which apply every rule of the row.
 */

export const CHANGES_CHANNEL = 'promovente_changes';

/** Events kept for a stream that reconnects (about a minute of a busy launch day). */
const KEPT_EVENTS = 2000;
/** A comment line this often keeps proxies from closing a quiet stream. */
export const PING_MS = 25_000;
/** Streams whose session was closed or expired meanwhile are ended this often. */
export const SESSION_CHECK_MS = 60_000;

/**
 * Tables announced only to the users they belong to (0025): their announce at the promotion's
 * scope (the version of 0017) would tell every member that two people wrote to each other.
 */
const OWN_TABLES = new Set(['threads', 'thread_messages', 'thread_reads']);
/** Tables no screen reads: the candidacies' kept counts change with the event of the rows they count. */
const QUIET_TABLES = new Set(['candidacy_status_counts', 'candidacy_row_counts', 'application_row_counts']);
/** A membership changes what a reader may see: the readers' promotions are read again first. */
const MEMBERSHIP_TABLE = 'promotion_user';

/** What a stream receives: what changed, and in which promotion (none: the reader's own data). */
export type LiveEvent = { id: number; what: string; promotion: number | null; user: number | null };

/** Who reads a stream: what the lists' rule needs, and the session to check. */
export type StreamReader = {
  userId: number;
  admin: boolean;
  tokenId: number;
  /** Null for an admin, who reads every promotion. */
  promotionIds: ReadonlySet<number> | null;
};

type OpenStream = { reader: StreamReader; body: PassThrough };

export type EventHub = {
  /** Listens to the database; idempotent (a failed start is tried again by the next call). */
  start: () => Promise<void>;
  /**
   * Opens a stream for a reader. With the id of the last event its client received, the events
   * it missed are written first, or, when they are no longer kept (another process, a restart, a
   * lost listening connection), a `resync`: the client asks again everything it shows.
   */
  open: (reader: StreamReader, lastEventId: string | undefined) => PassThrough;
  /** Ends the streams whose session was closed or expired (every SESSION_CHECK_MS). */
  checkSessions: () => Promise<void>;
  /** The open streams (the bench, the tests). */
  size: () => number;
  /** Ends every stream: the process stops, the clients reconnect to another one and catch up. */
  endStreams: () => void;
  stop: () => Promise<void>;
};

/** The notice of migration 0025, checked: anything else on the channel is ignored. */
const noticeOf = (payload: string): { table: string; scope: number | null; user: number | null } | null => {
  try {
    const notice = JSON.parse(payload) as { table?: unknown; scope?: unknown; user?: unknown };
    if (typeof notice.table !== 'string') return null;
    const scope = Number.isSafeInteger(notice.scope) ? (notice.scope as number) : null;
    const user = Number.isSafeInteger(notice.user) ? (notice.user as number) : null;
    if ((scope === null) === (user === null)) return null;
    return { table: notice.table, scope, user };
  } catch {
    return null;
  }
};

/** The lists' rule, for an event: his own data to the user alone, a promotion's to its members. */
export const mayReadEvent = (reader: StreamReader, event: LiveEvent) => {
  if (event.user !== null) return event.user === reader.userId;
  if (event.promotion === 0 || reader.promotionIds === null) return true;
  return event.promotion !== null && reader.promotionIds.has(event.promotion);
};

/** One event as the stream writes it: `id` is the hub's epoch and the event's number. */
const frameOf = (epoch: string, event: LiveEvent) => {
  const data = event.user !== null ? { what: event.what } : { what: event.what, promotion: event.promotion };
  return `id: ${epoch}-${event.id}\nevent: change\ndata: ${JSON.stringify(data)}\n\n`;
};

const RESYNC_FRAME = (epoch: string, last: number) => `id: ${epoch}-${last}\nevent: resync\ndata: {}\n\n`;

export const createEventHub = (options: {
  database: Pick<Database, 'listen'>;
  db: Queryable;
  onError?: (error: unknown) => void;
}): EventHub => {
  // A new epoch at every start and after every gap: an id of another epoch cannot be caught up.
  let epoch = randomBytes(6).toString('hex');
  let last = 0;
  const kept: LiveEvent[] = [];
  const streams = new Set<OpenStream>();
  let unlisten: (() => Promise<void>) | null = null;
  let starting: Promise<void> | null = null;
  let timers: NodeJS.Timeout[] = [];
  // The notices are handled one after the other: a membership read never lets a later event pass first.
  let queue: Promise<void> = Promise.resolve();

  const write = (stream: OpenStream, chunk: string) => {
    if (!stream.body.destroyed) stream.body.write(chunk);
  };

  const refreshMemberships = async () => {
    const readers = [...streams].map((s) => s.reader).filter((r) => r.promotionIds !== null);
    if (readers.length === 0) return;
    const ids = [...new Set(readers.map((r) => r.userId))];
    const rows = await rowsOf<{ user_id: number; promotion_ids: number[] }>(
      options.db,
      sql`select user_id, array_agg(promotion_id) as promotion_ids from promotion_user where user_id = any(${sql.param(ids)}::int[]) group by user_id`,
    );
    const byUser = new Map(rows.map((row) => [Number(row.user_id), new Set(row.promotion_ids.map(Number))]));
    for (const reader of readers) reader.promotionIds = byUser.get(reader.userId) ?? new Set();
  };

  const deliver = async (payload: string) => {
    const notice = noticeOf(payload);
    if (!notice || QUIET_TABLES.has(notice.table)) return;
    if (notice.scope !== null && OWN_TABLES.has(notice.table)) return;
    if (notice.table === MEMBERSHIP_TABLE) await refreshMemberships();
    last += 1;
    const event: LiveEvent = { id: last, what: notice.table, promotion: notice.scope, user: notice.user };
    kept.push(event);
    if (kept.length > KEPT_EVENTS) kept.splice(0, kept.length - KEPT_EVENTS);
    const frame = frameOf(epoch, event);
    for (const stream of streams) if (mayReadEvent(stream.reader, event)) write(stream, frame);
  };

  // The listening connection was lost: what was announced meanwhile is gone. A new epoch, and
  // every open screen asks again what it shows.
  const gap = () => {
    epoch = randomBytes(6).toString('hex');
    kept.length = 0;
    for (const stream of streams) write(stream, RESYNC_FRAME(epoch, last));
  };

  const checkSessions = async () => {
    if (streams.size === 0) return;
    const tokenIds = [...new Set([...streams].map((s) => s.reader.tokenId))];
    const rows = await rowsOf<{ id: number }>(
      options.db,
      sql`select id from auth_tokens where id = any(${sql.param(tokenIds)}::int[]) and revoked_at is null and expires_at > now()`,
    );
    const valid = new Set(rows.map((row) => Number(row.id)));
    for (const stream of streams) if (!valid.has(stream.reader.tokenId)) stream.body.end();
  };

  const onError = (error: unknown) => options.onError?.(error);

  return {
    start() {
      starting ??= (async () => {
        unlisten = await options.database.listen(
          CHANGES_CHANNEL,
          (payload) => {
            queue = queue.then(() => deliver(payload)).catch(onError);
          },
          () => {
            queue = queue.then(gap).catch(onError);
          },
        );
        timers = [
          setInterval(() => {
            for (const stream of streams) write(stream, ': ping\n\n');
          }, PING_MS),
          setInterval(() => {
            queue = queue.then(checkSessions).catch(onError);
          }, SESSION_CHECK_MS),
        ];
        for (const timer of timers) timer.unref();
      })();
      starting.catch(() => {
        starting = null;
      });
      return starting;
    },
    open(reader, lastEventId) {
      const body = new PassThrough();
      const stream: OpenStream = { reader, body };
      // The browser waits 3 s before it opens a lost stream again.
      body.write('retry: 3000\n\n');
      const [lastEpoch, lastNumber] = (lastEventId ?? '').split('-');
      const number = Number(lastNumber);
      if (lastEventId !== undefined) {
        const oldest = kept[0]?.id ?? last + 1;
        const caughtUp = lastEpoch === epoch && Number.isSafeInteger(number) && number <= last && number >= oldest - 1;
        if (caughtUp) {
          for (const event of kept) if (event.id > number && mayReadEvent(reader, event)) body.write(frameOf(epoch, event));
        } else {
          body.write(RESYNC_FRAME(epoch, last));
        }
      }
      streams.add(stream);
      body.on('close', () => streams.delete(stream));
      return body;
    },
    checkSessions: () => {
      queue = queue.then(checkSessions).catch(onError);
      return queue;
    },
    size: () => streams.size,
    endStreams() {
      for (const stream of streams) stream.body.end();
    },
    async stop() {
      for (const stream of streams) stream.body.end();
      await starting?.catch(() => undefined);
      for (const timer of timers) clearInterval(timer);
      timers = [];
      await unlisten?.();
      unlisten = null;
      starting = null;
      await queue;
    },
  };
};
