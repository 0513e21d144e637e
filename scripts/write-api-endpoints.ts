/**
 * Writes packages/shared/src/api/endpoints.ts, the web's table of the API catalogue: each
 * route's name, method and path, without its zod schemas, so that the first load carries no
 * schema (docs/architecture.md, 'The API catalogue'). Run it after adding, renaming or moving a
 * route: `npm run api:endpoints`. The type check refuses a table that disagrees with the
 * catalogue, so a forgotten run fails `npm run typecheck`.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_ROUTES } from '../packages/shared/src/api/index.js';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const target = path.join(root, 'packages/shared/src/api/endpoints.ts');

const rows = Object.entries(API_ROUTES)
  .sort(([a], [b]) => a.localeCompare(b))
  .map(([name, route]) => `  ${name}: { name: '${name}', method: '${route.method}', path: '${route.path}' },`);

writeFileSync(
  target,
  `// Written by \`npm run api:endpoints\` (scripts/write-api-endpoints.ts) from the API catalogue; do not edit.
import type { ApiEndpoints } from './index.js';

/**
 * Every route of the API catalogue by name, with its method and path only: what the web client
 * calls through \`call(API.<name>, ...)\` (lib/api-client.ts), its input and answer typed from the
 * catalogue's schemas, which stay out of the first load. \`satisfies\` holds the table to the
 * catalogue: a route missing, extra, renamed or moved fails the type check.
 */
export const API = {
${rows.join('\n')}
} as const satisfies ApiEndpoints;
`,
);
// Laid out as the lint wants it, so that a fresh table passes `npm run lint` as written.
execFileSync(path.join(root, 'node_modules/.bin/biome'), ['format', '--write', target], { stdio: 'ignore' });
console.info(`${rows.length} routes written to ${path.relative(process.cwd(), target)}`);
