/** One endpoint's measures (bench/run.ts). */
export type BenchRow = {
  endpoint: string;
  connections: number;
  reqPerSec: number;
  p50: number;
  p99: number;
  /** Non-2xx answers, socket errors and time-outs under load. */
  errors: number;
  /** Median over the 1-connection samples. */
  statements: number;
  /** Median SQL time of one request at 1 connection: the sum of its statements, as the driver sees them. */
  sqlMs: number;
  httpP50One: number;
  /** PostgreSQL's planning and execution times of the read statements of one request (EXPLAIN ANALYZE). */
  planningMs: number;
  executionMs: number;
  /** Average answer size under load. */
  bytes: number;
  /** CPU milliseconds per request under load: the application process, and every PostgreSQL process (null on PGlite or off Linux). */
  appCpuMs: number;
  postgresCpuMs: number | null;
  /** With --profile: the application's busy time under load by kind of code (JSON only). */
  profile?: { kind: string; ms: number; share: number }[];
  /** The statements of the last 1-connection request, with their driver time (JSON only). */
  statements1: { ms: number; text: string }[];
};

/** The mixed phase (bench/mixed.ts): the floor at once, reads and writes. */
export type MixedResult = {
  users: number;
  promotions: number;
  reqPerSec: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  /** The share of the requests that were writes. */
  writeShare: number;
  /** The answer cache's hits over its lookups during the phase. */
  hitRate: number;
  /** The lookups that missed but waited for the same answer in the making (platform/answer-cache.ts, `once`). */
  joinedRate: number;
  /** The reads' and the writes' own p50 / p95 / p99 (ms), from each request's sending to its answer. */
  reads: { p50: number; p95: number; p99: number };
  writes: { p50: number; p95: number; p99: number };
};

export type BenchMeta = {
  date: string;
  database: string;
  machine: string;
  connections: number;
  duration: number;
  /** Whether repeated reads came from the answer cache (platform/answer-cache.ts) or ran their SQL. */
  answerCache?: string;
  promotion: { id: number; lots: number; candidacies: number };
  user: { email: string; promotions: number };
  floor: { reqPerSec: number; p50: number; p99: number; httpP50One: number };
  seedSeconds?: number;
  /** The machine's cores: the CPU ceiling of an endpoint is cores x 1,000 ms over its CPU per request. */
  cores: number;
  mixed?: MixedResult;
};

export const median = (values: number[]) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const fixed = (value: number, digits = 1) => value.toFixed(digits);

/**
 * The table of docs/performance.md. Ratio to floor: the floor's req/s over the endpoint's.
 * Ratio to SQL: the HTTP p50 at 1 connection over (its SQL time + the floor's HTTP p50 at 1
 * connection), the "within 3x of (its SQL time + the floor)". CPU per request: what the
 * application and PostgreSQL spent under load, over the requests served; the CPU ceiling is the
 * req/s the machine's cores could give at that cost (cores x 1,000 ms / CPU per request).
 */
export const formatTable = (meta: BenchMeta, rows: BenchRow[]) => {
  const lines = [
    `Measured ${meta.date.slice(0, 16).replace('T', ' ')} UTC on ${meta.database}; ${meta.machine}.`,
    `${meta.connections} connections, ${meta.duration} s each, one after the other, in one run beside a bare Fastify route (the floor): ` +
      `${fixed(meta.floor.reqPerSec, 0)} req/s, p50 / p99 ${meta.floor.p50} / ${meta.floor.p99} ms, HTTP p50 at 1 connection ${fixed(meta.floor.httpP50One, 2)} ms.`,
    `Signed in as ${meta.user.email} (member of ${meta.user.promotions} promotion(s)), on promotion ${meta.promotion.id}: ` +
      `${meta.promotion.lots} lots, ${meta.promotion.candidacies} candidacies.` +
      (meta.seedSeconds === undefined ? '' : ` Seeded in ${fixed(meta.seedSeconds, 0)} s.`) +
      (meta.answerCache === undefined ? '' : ` Answer cache ${meta.answerCache}.`),
    '',
    '| endpoint | req/s | p50 / p99 ms | SQL statements | SQL ms (1 conn) | HTTP p50 (1 conn) | ratio to floor | ratio to SQL | CPU ms per request: Node + PostgreSQL | CPU ceiling req/s | errors | bytes |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of rows) {
    const toFloor = r.reqPerSec > 0 ? meta.floor.reqPerSec / r.reqPerSec : Number.POSITIVE_INFINITY;
    const toSql = r.httpP50One / (r.sqlMs + meta.floor.httpP50One);
    const name = r.connections === meta.connections ? r.endpoint : `${r.endpoint} (${r.connections} conn)`;
    const cpu = r.appCpuMs + (r.postgresCpuMs ?? 0);
    const cpuCell = `${fixed(r.appCpuMs, 2)} + ${r.postgresCpuMs === null ? '?' : fixed(r.postgresCpuMs, 2)}`;
    const ceiling = cpu > 0 ? fixed((meta.cores * 1000) / cpu, 0) : '-';
    lines.push(
      `| ${name} | ${fixed(r.reqPerSec, 0)} | ${r.p50} / ${r.p99} | ${r.statements} | ${fixed(r.sqlMs)} (${fixed(r.planningMs)} planning, ${fixed(r.executionMs)} execution) | ${fixed(r.httpP50One)} | ${fixed(toFloor, 0)}x | ${fixed(toSql)}x | ${cpuCell} | ${ceiling} | ${r.errors} | ${fixed(r.bytes, 0)} |`,
    );
  }
  const m = meta.mixed;
  if (m) {
    lines.push(
      '',
      `Mixed phase: ${m.users} users of ${m.promotions} promotions at once, each on his own connection, ${fixed(m.writeShare * 100, 0)} % writes ` +
        `(a comment on a candidacy, through the command pipeline): ${fixed(m.reqPerSec, 0)} req/s, p50 / p95 / p99 ${m.p50} / ${m.p95} / ${m.p99} ms, ` +
        `${m.errors} errors, answer cache hit rate ${fixed(m.hitRate * 100, 0)} % ` +
        `(and ${fixed(m.joinedRate * 100, 0)} % waited for an answer in the making); ` +
        `the reads p50 / p95 / p99 ${m.reads.p50} / ${m.reads.p95} / ${m.reads.p99} ms, the writes ${m.writes.p50} / ${m.writes.p95} / ${m.writes.p99} ms.`,
    );
  }
  return `${lines.join('\n')}\n`;
};
