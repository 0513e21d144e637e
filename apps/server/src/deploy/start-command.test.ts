import { describe, expect, it } from 'vitest';
import { START_NODE_ARGS, startNodeArgsOf } from './start-command.js';

describe("the server's start command (apps/server/package.json)", () => {
  it('gives Node the young generation of 64 MB and tsx, read by every process that starts the server as npm does', () => {
    expect(START_NODE_ARGS).toEqual(['--max-semi-space-size=64', '--import', 'tsx']);
  });

  it('refuses a start script that does not run node on src/main.ts', () => {
    expect(() => startNodeArgsOf('exec tsx watch src/main.ts')).toThrow(/does not run node/);
  });
});
