import { APPLICATION_SORTS, CANDIDACY_SORTS, LOT_SORT_COLUMNS } from '@promovente/shared';
import autocannon from 'autocannon';
import { call, signIn } from './http.js';
import { dealSeats, type FloorMember, percentile, readsOf, seededRandom } from './mixed.js';
import type { MixedResult } from './table.js';

const percentilesOf = (samples: number[]) => ({
  p50: Math.round(percentile(samples, 0.5)),
  p95: Math.round(percentile(samples, 0.95)),
  p99: Math.round(percentile(samples, 0.99)),
});

/**
 * The mixed phase (bench/mixed.ts): every connection is one user of the floor, who reads the
 * screens of his promotion and, 1 request in 10, comments on a candidacy of his agency.
 */
export const mixedPhase = async (options: {
  base: string;
  control: string;
  users: number;
  promotions: number;
  writes: number;
  duration: number;
}) => {
  const { base, control } = options;
  const members = JSON.parse((await call(control, 'GET', `/floor-members?promotions=${options.promotions}`)).body) as FloorMember[][];
  const seats = dealSeats(members, options.users);
  if (seats.length === 0) throw new Error('mixed phase: no broker with a candidacy of his agency in the biggest promotions');
  const tokens = new Map<string, Record<string, string>>();
  for (const seat of seats) if (!tokens.has(seat.email)) tokens.set(seat.email, await signIn(base, seat.email));
  const sorts = { lots: LOT_SORT_COLUMNS, candidacies: CANDIDACY_SORTS, applications: APPLICATION_SORTS };
  const sessions = seats.map((seat) => ({ ...seat, headers: tokens.get(seat.email) ?? {}, reads: readsOf(seat.promotionId, sorts) }));
  const before = JSON.parse((await call(control, 'GET', '/answers')).body) as { hits: number; misses: number; joined: number };
  let nextSeat = 0;
  let written = 0;
  let sent = 0;
  const latencies: number[] = [];
  // Each request's own time, from its sending to its answer, by kind: what sets the p95.
  const byKind = { read: [] as number[], write: [] as number[] };
  type Seat = { seat?: number; random?: () => number; kind?: 'read' | 'write'; sentAt?: number };
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections: sessions.length,
        duration: options.duration,
        requests: [
          {
            setupRequest: (request: autocannon.Request, context: Seat) => {
              if (context.seat === undefined) {
                context.seat = nextSeat++ % sessions.length;
                context.random = seededRandom(context.seat + 1);
              }
              const session = sessions[context.seat];
              const random = context.random ?? Math.random;
              const headers = { ...session.headers, 'accept-encoding': 'br, gzip' };
              sent++;
              context.sentAt = performance.now();
              context.kind = 'read';
              if (random() < options.writes) {
                written++;
                context.kind = 'write';
                return {
                  ...request,
                  method: 'POST',
                  path: '/api/commands/createComment',
                  headers: { ...headers, 'content-type': 'application/json' },
                  body: JSON.stringify({
                    entity: 'candidacy',
                    entity_id: session.candidacyId,
                    additionnal_fields: { comment: `Rappel du banc d'essai ${written}` },
                  }),
                };
              }
              return { ...request, method: 'GET', path: session.reads[Math.floor(random() * session.reads.length)], headers };
            },
            onResponse: (_status: number, _body: string, context: Seat) => {
              if (context.kind && context.sentAt !== undefined) byKind[context.kind].push(performance.now() - context.sentAt);
            },
          },
        ],
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => latencies.push(ms));
  });
  const after = JSON.parse((await call(control, 'GET', '/answers')).body) as { hits: number; misses: number; joined: number };
  const hits = after.hits - before.hits;
  const misses = after.misses - before.misses;
  const mixed: MixedResult = {
    users: sessions.length,
    promotions: new Set(sessions.map((s) => s.promotionId)).size,
    reqPerSec: result.requests.total / Math.max(result.duration, 0.001),
    p50: Math.round(percentile(latencies, 0.5)),
    p95: Math.round(percentile(latencies, 0.95)),
    p99: Math.round(percentile(latencies, 0.99)),
    errors: result.non2xx + result.errors + result.timeouts,
    writeShare: sent === 0 ? 0 : written / sent,
    hitRate: hits + misses === 0 ? 0 : hits / (hits + misses),
    joinedRate: hits + misses === 0 ? 0 : (after.joined - before.joined) / (hits + misses),
    reads: percentilesOf(byKind.read),
    writes: percentilesOf(byKind.write),
  };
  return mixed;
};
