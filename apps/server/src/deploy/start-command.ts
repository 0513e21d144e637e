import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The arguments `npm start` gives Node before the server's entry (apps/server/package.json,
 * 'start'): the processes that start the server as npm does (the bench, the local floor, the
 * tests of the real process) read them here, so that they run the process it runs. Among them
 * `--max-semi-space-size=64`: the young generation four times V8's default, a quarter of the
 * scavenges on the lists' short-lived rows (docs/decisions/039-young-generation-of-64-mb.md).
 */
export const startNodeArgsOf = (script: string): string[] => {
  const words = script.trim().split(/\s+/);
  const node = words.indexOf('node');
  const entry = words.indexOf('src/main.ts');
  if (node < 0 || entry < node) throw new Error(`the start script does not run node on src/main.ts: ${script}`);
  return words.slice(node + 1, entry);
};

export const START_NODE_ARGS = startNodeArgsOf(
  (JSON.parse(readFileSync(path.join(SERVER_DIR, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start,
);
