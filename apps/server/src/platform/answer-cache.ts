import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RequestActor } from './auth.js';

/**
 * The versioned answer cache (docs/architecture.md, 'The answer cache'). A catalogued route that
 * declares `cache` answers as a function of the data its reader may see, the reader, the URL and
 * the minute. Its key holds them all: the route and the URL; the reader (his account, his
 * session's demo mode, his count of connections, his selected promotion, the set of his
 * promotions); the data version the session's statement read for the route (the sum of the
 * versions of the tables the route reads, platform/answer-reads.ts, in the firm's shared data and
 * in each of his promotions, which the database raises at the commit of every change: migrations
 * 0017, 0026, 0027); and, when the answer read the clock, the minute its handler ran at
 * (platform/clock.ts: a task's lateness or an application's deadline is computed at that
 * instant; an answer that read no clock is the same at every minute). A change the reader could
 * see changes the key, so an answer is never served after the data it was made from changed, and
 * never to another reader.
 *
 * The key also names the ETag: a client that sends it back in If-None-Match gets a 304 with no
 * statement beyond the session. The finished answers are kept serialised, and compressed once per
 * encoding the first time a client asks for it, in a memory of bounded size (least recently used
 * out first).
 */

export type CachedAnswer = {
  key: string;
  etag: string;
  json: string;
  encoded: { br?: Buffer; gzip?: Buffer };
  bytes: number;
  /** The instant (ms) from which it must be made again: what it computed from the clock changes then (platform/clock.ts). */
  expiresAt: number;
};

/** Below this, compressing costs more than it saves (the same threshold as app.ts). */
const COMPRESS_FROM = 1024;
const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];

/** The reader of an answer, as the key holds him. */
const readerOf = (actor: RequestActor) =>
  [
    actor.id,
    actor.is_demo ? 'demo' : 'full',
    // GET user shows it to its reader; a sign-in raises no version (migration 0028).
    actor.number_connections,
    actor.selected_promotion ?? '-',
    actor.promotion_ids === null ? 'all' : [...actor.promotion_ids].sort((a, b) => a - b).join(','),
    actor.data_version,
  ].join('|');

/** The ETag of what a key names (weak: the same answer is sent in several encodings). */
export const etagOf = (key: string) => `W/"${createHash('sha256').update(key).digest('base64url').slice(0, 32)}"`;

/** The key of one answer and its ETag. */
export const answerKeyOf = (route: string, request: Pick<FastifyRequest, 'url'>, actor: RequestActor, minute: number | null) => {
  const key = `${route}\n${request.url}\n${readerOf(actor)}\n${minute ?? 'any minute'}`;
  return { key, etag: etagOf(key) };
};

/** Whether the client's If-None-Match names this ETag (a list, or `*`). */
export const isNotModified = (request: Pick<FastifyRequest, 'headers'>, etag: string) => {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim())
    .some((tag) => tag === '*' || tag === etag || tag.replace(/^W\//, '') === etag.replace(/^W\//, ''));
};

export type AnswerCache = {
  /** The answer kept under the first of `keys` that has one not expired; one hit or one miss for the read. */
  get: (...keys: string[]) => CachedAnswer | undefined;
  /** Keeps an answer (when the memory allows it), until `expiresAt` if it says, and returns it, ready to send. */
  set: (key: string, etag: string, json: string, expiresAt?: number) => CachedAnswer;
  /** The answer compressed in that encoding, made once and kept with it. */
  encoded: (answer: CachedAnswer, encoding: Encoding) => Buffer;
  /**
   * The answer of `key` made once for the reads that ask for it at the same time: a read that
   * finds it in the making waits for it instead of running the same SQL (a screen open in three
   * tabs, told of a change, refetches once). The key holds the reader and his data version, so
   * the waiters get the very answer they would have made. Off when the cache keeps nothing, so
   * that `--no-cache` measures every read's SQL.
   */
  once: (key: string, make: () => Promise<CachedAnswer>) => Promise<CachedAnswer>;
  clear: () => void;
  /** Entries and bytes held, for the tests and the bench; `joined`: reads that waited for an answer in the making. */
  stats: () => { entries: number; bytes: number; hits: number; misses: number; joined: number };
};

/**
 * The compression level by the answer's size (decision 030): the cost grows with the bytes times
 * the level, the saving does not. The funnel's page of 100 KB: Brotli 4 makes 13.2 KB in 1.5 ms,
 * 2 15.0 KB in 0.9 ms, 1 15.6 KB in 0.4 ms; the lots' 28 KB: 3.6 KB in 0.46 ms at 4, 4.0 KB in
 * 0.23 ms at 2. Answers under 16 KB keep quality 4 (a tenth of a millisecond). From 32 KB,
 * quality 1 (2026-11-28, the lean pages): the funnel's 62 KB page 8.9 KB in 0.35 to 0.43 ms at 2,
 * 9.4 KB in 0.16 to 0.20 at 1; the candidates' 48 KB 6.4 KB in 0.24 ms, 6.6 KB in 0.13.
 */
export const compressionLevelOf = (bytes: number): { br: number; gzip: number } =>
  bytes < 16 * 1024 ? { br: 4, gzip: 6 } : bytes < 32 * 1024 ? { br: 2, gzip: 3 } : { br: 1, gzip: 3 };

const compress = (json: string, encoding: Encoding) => {
  const bytes = Buffer.byteLength(json);
  const level = compressionLevelOf(bytes);
  return encoding === 'br'
    ? brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: level.br, [constants.BROTLI_PARAM_SIZE_HINT]: bytes } })
    : gzipSync(json, { level: level.gzip });
};

/** A cache of at most `megabytes`; 0 keeps nothing (every read runs its SQL). */
export const createAnswerCache = (megabytes: number): AnswerCache => {
  const limit = megabytes * 1024 * 1024;
  // A Map iterates in insertion order: re-inserting on a hit keeps the least recently used first.
  const entries = new Map<string, CachedAnswer>();
  let bytes = 0;
  let hits = 0;
  let misses = 0;
  let joined = 0;
  const making = new Map<string, Promise<CachedAnswer>>();
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  };
  const evict = () => {
    for (const key of entries.keys()) {
      if (bytes <= limit) break;
      drop(key);
    }
  };
  return {
    get: (...keys) => {
      for (const key of keys) {
        const entry = entries.get(key);
        if (!entry) continue;
        if (entry.expiresAt <= Date.now()) {
          drop(key);
          continue;
        }
        hits += 1;
        entries.delete(key);
        entries.set(key, entry);
        return entry;
      }
      misses += 1;
      return undefined;
    },
    set: (key, etag, json, expiresAt = Number.POSITIVE_INFINITY) => {
      const entry: CachedAnswer = { key, etag, json, encoded: {}, bytes: json.length * 2 + key.length * 2, expiresAt };
      if (limit === 0 || entry.bytes > limit / 4) return entry;
      drop(key);
      entries.set(key, entry);
      bytes += entry.bytes;
      evict();
      return entry;
    },
    encoded: (answer, encoding) => {
      const known = answer.encoded[encoding];
      if (known) return known;
      const made = compress(answer.json, encoding);
      answer.encoded[encoding] = made;
      answer.bytes += made.length;
      if (entries.get(answer.key) === answer) {
        bytes += made.length;
        evict();
      }
      return made;
    },
    once: (key, make) => {
      if (limit === 0) return make();
      const pending = making.get(key);
      if (pending) {
        joined += 1;
        return pending;
      }
      const made = make().finally(() => making.delete(key));
      making.set(key, made);
      return made;
    },
    clear: () => {
      entries.clear();
      bytes = 0;
    },
    stats: () => ({ entries: entries.size, bytes, hits, misses, joined }),
  };
};

/**
 * Sends a finished answer with its ETag, compressed as the client accepts (kept with the answer
 * for the next reader). The compression plugin leaves an answer that names its encoding alone.
 */
export const sendAnswer = (cache: AnswerCache, request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer) => {
  reply.header('etag', answer.etag).header('vary', 'Accept-Encoding').type('application/json; charset=utf-8');
  const accepted = request.headers['accept-encoding'];
  const encoding = answer.json.length >= COMPRESS_FROM && accepted ? negotiate(accepted, [...ENCODINGS]) : null;
  if (encoding !== 'br' && encoding !== 'gzip') return reply.send(answer.json);
  return reply.header('content-encoding', encoding).send(cache.encoded(answer, encoding));
};
