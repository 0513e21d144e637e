import { describe, expect, it } from 'vitest';
import { type BenchMeta, type BenchRow, formatTable, median } from './table.js';

const meta: BenchMeta = {
  date: '2026-11-24T03:00:00.000Z',
  database: 'postgres://***@127.0.0.1:5432/promovente_bench',
  machine: '2 cores',
  connections: 50,
  duration: 10,
  promotion: { id: 3, lots: 2000, candidacies: 50_000 },
  user: { email: 'broker.0001@scale.promovente.ch', promotions: 5 },
  floor: { reqPerSec: 40_000, p50: 1, p99: 3, httpP50One: 0.5 },
  cores: 2,
};

const row = (fields: Partial<BenchRow>): BenchRow => ({
  endpoint: 'lots',
  connections: 50,
  reqPerSec: 400,
  p50: 120,
  p99: 180,
  errors: 0,
  statements: 3,
  sqlMs: 2,
  httpP50One: 5,
  planningMs: 0.5,
  executionMs: 1,
  bytes: 20_000,
  appCpuMs: 1.5,
  postgresCpuMs: 2.5,
  statements1: [],
  ...fields,
});

describe('the bench table', () => {
  it('takes the median of odd and even samples', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBe(0);
  });

  it('prints the ratios to the floor and to SQL + floor, the CPU per request and its ceiling (2 cores x 1,000 / 4 ms), and marks a row at other connections', () => {
    const table = formatTable(meta, [row({}), row({ endpoint: 'attributeLot', connections: 10, reqPerSec: 200 })]);
    // 40,000 / 400 = 100x; 5 / (2 + 0.5) = 2x.
    expect(table).toContain(
      '| lots | 400 | 120 / 180 | 3 | 2.0 (0.5 planning, 1.0 execution) | 5.0 | 100x | 2.0x | 1.50 + 2.50 | 500 | 0 | 20000 |',
    );
    expect(table).toContain('| attributeLot (10 conn) | 200 |');
    expect(table).toContain('2000 lots, 50000 candidacies');
  });

  it("adds the mixed phase under the table: users, promotions, writes, p50 / p95 / p99, the hit rate, the reads that joined one in the making, and the reads' and writes' own percentiles", () => {
    const mixed = {
      users: 50,
      promotions: 20,
      reqPerSec: 812.4,
      p50: 12,
      p95: 48,
      p99: 90,
      errors: 0,
      writeShare: 0.1,
      hitRate: 0.734,
      joinedRate: 0.05,
      reads: { p50: 10, p95: 40, p99: 80 },
      writes: { p50: 30, p95: 90, p99: 120 },
    };
    const table = formatTable({ ...meta, mixed }, [row({})]);
    expect(table).toContain('Mixed phase: 50 users of 20 promotions at once, each on his own connection, 10 % writes');
    expect(table).toContain(
      '812 req/s, p50 / p95 / p99 12 / 48 / 90 ms, 0 errors, answer cache hit rate 73 % (and 5 % waited for an answer in the making); ' +
        'the reads p50 / p95 / p99 10 / 40 / 80 ms, the writes 30 / 90 / 120 ms.',
    );
  });
});
