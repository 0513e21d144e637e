import { readdir, readFile } from 'node:fs/promises';

/**
 * Where the time of a request goes (issue 10's "the profile that shows where the time goes"):
 * the CPU the application process and the PostgreSQL server spend under load, per request, and
 * the share of the application's busy time by kind of code in a sampled CPU profile.
 */

/** Clock ticks per second of /proc/<pid>/stat on Linux (sysconf(_SC_CLK_TCK), 100 on every distribution we run). */
const CLOCK_TICKS = 100;

/**
 * CPU ticks of a PostgreSQL server from the /proc/<pid>/stat lines of the machine: user + system
 * of every live `postgres` process, plus what the backends that have exited spent, which the
 * kernel adds to their parent's cutime + cstime once it reaps them (the postmaster: the
 * `postgres` process whose parent is not one). So a backend that exits between two readings
 * still counts, and the total never goes down.
 */
export const postgresTicks = (stats: string[]): number | null => {
  const processes = stats.flatMap((stat) => {
    // pid (comm) state ppid ... utime stime cutime cstime are the 14th to 17th fields; comm may hold blanks.
    const close = stat.lastIndexOf(')');
    if (close < 0 || stat.slice(stat.indexOf('(') + 1, close) !== 'postgres') return [];
    const fields = stat.slice(close + 2).split(' ');
    return [
      {
        pid: Number(stat.slice(0, stat.indexOf(' '))),
        ppid: Number(fields[1]),
        own: Number(fields[11]) + Number(fields[12]),
        reaped: Number(fields[13]) + Number(fields[14]),
      },
    ];
  });
  if (processes.length === 0) return null;
  const pids = new Set(processes.map((process) => process.pid));
  return processes.reduce((ticks, process) => ticks + process.own + (pids.has(process.ppid) ? 0 : process.reaped), 0);
};

/** CPU milliseconds (user + system) the PostgreSQL server of this machine has spent, exited backends included. */
export const postgresCpuMs = async (): Promise<number | null> => {
  let entries: string[];
  try {
    entries = await readdir('/proc');
  } catch {
    return null;
  }
  const stats = await Promise.all(
    entries.filter((entry) => /^\d+$/.test(entry)).map((entry) => readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '')),
  );
  const ticks = postgresTicks(stats);
  return ticks === null ? null : (ticks * 1000) / CLOCK_TICKS;
};

type ProfileNode = { id: number; callFrame: { functionName: string; url: string }; children?: number[] };
export type CpuProfile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

/** The kind of code a profile frame belongs to, by its script. */
export const codeKind = (frame: { functionName: string; url: string }): string => {
  const { url, functionName } = frame;
  if (functionName === '(garbage collector)') return 'garbage collection';
  if (functionName === '(program)' || functionName === '(root)') return 'V8 and native (unattributed)';
  if (url === '') return functionName === 'stringify' || functionName === 'parse' ? 'JSON' : 'native (sockets, buffers, crypto)';
  if (url.includes('/node_modules/pg') || url.includes('/node_modules/pg-protocol/')) return 'pg driver (statements, row parsing)';
  if (url.includes('/node_modules/drizzle-orm/')) return 'drizzle (query building, row mapping)';
  if (url.includes('/node_modules/zod/') || url.includes('fastify-type-provider-zod')) return 'zod (input validation)';
  if (
    url.includes('/node_modules/fastify') ||
    url.includes('/node_modules/@fastify/') ||
    url.includes('find-my-way') ||
    url.includes('light-my-request')
  )
    return 'fastify (routing, hooks, reply)';
  if (url.includes('/node_modules/pino') || url.includes('/node_modules/sonic-boom')) return 'logging';
  if (url.includes('/node_modules/')) return 'other libraries';
  if (url.startsWith('node:')) return 'node core (http, streams, timers)';
  if (url.includes('/apps/server/src/')) return 'application code';
  if (url.includes('/packages/shared/')) return 'shared contracts';
  return 'other';
};

/** Busy milliseconds of a profile by kind of code, idle time left out, largest first. */
export const profileByKind = (profile: CpuProfile): { kind: string; ms: number; share: number }[] => {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const node = nodes.get(id);
    if (!node || node.callFrame.functionName === '(idle)') return;
    const kind = codeKind(node.callFrame);
    totals.set(kind, (totals.get(kind) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
  });
  const busy = [...totals.values()].reduce((sum, ms) => sum + ms, 0);
  return [...totals].map(([kind, ms]) => ({ kind, ms, share: busy > 0 ? ms / busy : 0 })).sort((a, b) => b.ms - a.ms);
};
