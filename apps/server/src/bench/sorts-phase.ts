import { APPLICATION_SORTS, CANDIDACY_SORTS, LOT_SORT_COLUMNS } from '@promovente/shared';
import { call } from './http.js';
import type { RequestRecord } from './server.js';

/** One sort of one list, both orders: the SQL of its second page at one connection. */
export type SortResult = {
  list: string;
  sort: string;
  /** Per order: the statements' time as the driver sees it, and PostgreSQL's own planning and execution (EXPLAIN ANALYZE). */
  asc: SortTiming;
  desc: SortTiming;
};
export type SortTiming = { sqlMs: number; planning: number; execution: number };

const LISTS = [
  ['lots', LOT_SORT_COLUMNS],
  ['candidacies', CANDIDACY_SORTS],
  ['applications', APPLICATION_SORTS],
] as const;

/**
 * The sorting phase (docs/performance.md): every sortable column of every main list, in both
 * orders, read three times on its second page after a warm-up on its third, the answer cache
 * emptied before each recorded read, the median kept. The target is 20 ms of SQL for any sort at
 * --scale 1000. PostgreSQL's planning and execution are those of the statements replayed under
 * EXPLAIN ANALYZE on a connection that plans every call (the funnel's page plans once in the
 * application, decision 032).
 */
export const sortsPhase = async (options: { base: string; control: string; headers: Record<string, string>; promotionId: number }) => {
  const { base, control, headers, promotionId } = options;
  const timing = async (list: string, sort: string, order: 'asc' | 'desc'): Promise<SortTiming> => {
    const url = (page: number) => `/api/${list}?promotion=${promotionId}&orderBy=${sort}&order=${order}&page=${page}`;
    await call(base, 'GET', url(3), headers);
    // Three recorded reads, the median kept: one read of a shared machine can wait on anything.
    const reads: number[] = [];
    for (let read = 0; read < 3; read++) {
      // The answer cache emptied first, so that the recorded read runs its SQL.
      await call(control, 'GET', '/answers/clear');
      await call(control, 'GET', '/record/on');
      const answer = await call(base, 'GET', url(2), headers);
      await call(control, 'GET', '/record/off');
      if (answer.status !== 200) throw new Error(`${url(2)}: ${answer.status} ${answer.body.slice(0, 300)}`);
      const { records } = JSON.parse((await call(control, 'GET', '/stats')).body) as { records: RequestRecord[] };
      reads.push((records[records.length - 1]?.statements ?? []).reduce((sum, s) => sum + s.ms, 0));
    }
    const plans = JSON.parse((await call(control, 'GET', '/explain')).body) as { planning: number; execution: number };
    return { sqlMs: reads.sort((a, b) => a - b)[1], planning: plans.planning, execution: plans.execution };
  };
  const results: SortResult[] = [];
  for (const [list, sorts] of LISTS) {
    for (const sort of sorts) {
      const result = { list, sort, asc: await timing(list, sort, 'asc'), desc: await timing(list, sort, 'desc') };
      results.push(result);
      console.log(
        `sort ${list} by ${sort}: SQL ${result.asc.sqlMs.toFixed(1)} ms ascending, ${result.desc.sqlMs.toFixed(1)} ms descending`,
      );
    }
  }
  return results;
};

const cell = (t: SortTiming) => `${t.sqlMs.toFixed(1)} (${t.planning.toFixed(1)} + ${t.execution.toFixed(1)})`;

/** The phase as a Markdown table: SQL ms at one connection (PostgreSQL's planning + execution). */
export const formatSorts = (results: SortResult[]) => {
  const slowest = results.flatMap((r) => [r.asc, r.desc]).reduce((max, t) => Math.max(max, t.sqlMs), 0);
  return [
    `Every sort, second page, one connection: SQL ms as the driver sees it (PostgreSQL planning + execution). Slowest: ${slowest.toFixed(1)} ms.`,
    '',
    '| list | sort | ascending | descending |',
    '| ---- | ---- | --------- | ---------- |',
    ...results.map((r) => `| ${r.list} | ${r.sort} | ${cell(r.asc)} | ${cell(r.desc)} |`),
  ].join('\n');
};
