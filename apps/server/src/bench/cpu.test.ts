import { describe, expect, it } from 'vitest';
import { codeKind, postgresTicks, profileByKind } from './cpu.js';

describe('where the time goes (npm run bench --profile)', () => {
  it('names the kind of code of a frame by its script', () => {
    expect(codeKind({ functionName: 'parseRow', url: 'file:///repo/node_modules/pg/lib/result.js' })).toBe(
      'pg driver (statements, row parsing)',
    );
    expect(codeKind({ functionName: 'stringify', url: '' })).toBe('JSON');
    expect(codeKind({ functionName: 'selectLotPage', url: 'file:///repo/apps/server/src/modules/lots/lots.queries.ts' })).toBe(
      'application code',
    );
    expect(codeKind({ functionName: 'handler', url: 'file:///repo/node_modules/find-my-way/index.js' })).toBe(
      'fastify (routing, hooks, reply)',
    );
    expect(codeKind({ functionName: '(garbage collector)', url: '' })).toBe('garbage collection');
  });

  it('sums the busy samples by kind, idle left out, largest first', () => {
    const byKind = profileByKind({
      nodes: [
        { id: 1, callFrame: { functionName: '(idle)', url: '' } },
        { id: 2, callFrame: { functionName: 'parseRow', url: 'file:///r/node_modules/pg/lib/result.js' } },
        { id: 3, callFrame: { functionName: 'stringify', url: '' } },
      ],
      samples: [1, 2, 2, 3],
      timeDeltas: [5_000, 3_000, 3_000, 2_000],
    });
    expect(byKind.map(({ kind, ms }) => [kind, ms])).toEqual([
      ['pg driver (statements, row parsing)', 6],
      ['JSON', 2],
    ]);
    expect(byKind[0].share).toBeCloseTo(0.75);
  });

  it("counts PostgreSQL's CPU with the backends that exited, so that it never goes down between two readings", () => {
    // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime ...
    const stat = (pid: number, comm: string, ppid: number, utime: number, stime: number, cutime = 0, cstime = 0) =>
      `${pid} (${comm}) S ${ppid} 1 1 0 -1 4194560 100 0 0 0 ${utime} ${stime} ${cutime} ${cstime} 20 0 1 0 100 1000 50`;
    const before = [
      stat(10, 'postgres', 1, 50, 10),
      stat(11, 'postgres', 10, 300, 40),
      stat(12, 'postgres', 10, 5, 1),
      stat(20, 'node', 1, 999, 999),
    ];
    expect(postgresTicks(before)).toBe(50 + 10 + 300 + 40 + 5 + 1);
    // Backend 11 has exited: the postmaster (10) was charged its 340 ticks once it reaped it.
    const after = [stat(10, 'postgres', 1, 51, 10, 300, 40), stat(12, 'postgres', 10, 7, 1)];
    expect(postgresTicks(after)).toBe(51 + 10 + 340 + 7 + 1);
    expect(postgresTicks(after)!).toBeGreaterThan(postgresTicks(before)!);
    expect(postgresTicks([stat(20, 'node', 1, 1, 1)])).toBeNull();
  });
});
