import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { REFERENCE_API } from '@promovente/shared';
import { sql } from 'drizzle-orm';
import { notFound, SERVICE_UNAVAILABLE } from '../../platform/errors.js';
import { buildOpenApi } from '../../platform/openapi.js';
import { handlersOf } from '../../platform/routes.js';

const require = createRequire(import.meta.url);
const SWAGGER_UI = path.dirname(require.resolve('swagger-ui-dist/package.json'));
const { version } = require('../../../package.json') as { version: string };

/** The page's own start script: served as a file, since the content security policy allows no inline script. */
const START_SCRIPT = `window.addEventListener('load', () => {
  window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#reference', deepLinking: true, defaultModelsExpandDepth: 0 });
});
`;

const PAGE = `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Promovente | Référence de l'API</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<div id="reference"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/reference.js"></script>
</body>
</html>
`;

/** The page's files: Swagger UI's, read once from its package, and the start script. */
const ASSETS: Record<string, { type: string; read: () => Promise<string | Buffer> }> = {
  'swagger-ui.css': { type: 'text/css; charset=utf-8', read: () => readFile(path.join(SWAGGER_UI, 'swagger-ui.css')) },
  'swagger-ui-bundle.js': {
    type: 'text/javascript; charset=utf-8',
    read: () => readFile(path.join(SWAGGER_UI, 'swagger-ui-bundle.js')),
  },
  'reference.js': { type: 'text/javascript; charset=utf-8', read: async () => START_SCRIPT },
};
const loaded = new Map<string, Promise<string | Buffer>>();

let document: string | null = null;

/** The platform's routes: health, the OpenAPI document and its reference page (docs/architecture.md, 'The API catalogue'). */
export const REFERENCE_HANDLERS = handlersOf(REFERENCE_API, {
  getHealth: async ({ deps, reply }) => {
    try {
      await deps.db.execute(sql`select 1`);
    } catch {
      return reply.status(503).send({ status: 'unavailable', message: SERVICE_UNAVAILABLE });
    }
    return { status: 'ok' as const };
  },
  getOpenApi: async ({ reply }) => {
    document ??= JSON.stringify(buildOpenApi(version));
    return reply.type('application/json; charset=utf-8').send(document);
  },
  getApiReference: async ({ reply }) => reply.type('text/html; charset=utf-8').send(PAGE),
  getApiReferenceAsset: async ({ params, reply }) => {
    const asset = Object.hasOwn(ASSETS, params.asset) ? ASSETS[params.asset] : null;
    if (!asset) throw notFound();
    if (!loaded.has(params.asset)) loaded.set(params.asset, asset.read());
    return reply.type(asset.type).send(await loaded.get(params.asset));
  },
});
