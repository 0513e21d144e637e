import { describe, expect, it } from 'vitest';
import { codeKind, profileByKind } from './cpu.js';

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
});
