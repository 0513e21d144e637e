import { existsSync } from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { installFieldIssueMessages, MESSAGES, MULTIPART_LIMITS } from '@promovente/shared';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { COMMANDS } from './commands.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { CommandRegistry } from './modules/commands/index.js';
import { registerUnsubscribeForm } from './modules/users/users.routes.js';
import { type AnswerCache, createAnswerCache } from './platform/answer-cache.js';
import { registerArchivedPromotionGuard } from './platform/archived.js';
import { authPlugin } from './platform/auth.js';
import { registerErrorHandling, registerInputGuard } from './platform/errors.js';
import { createEventHub, type EventHub } from './platform/events.js';
import type { Jobs } from './platform/jobs.js';
import { OneLinePerRequest } from './platform/log.js';
import { registerApi } from './platform/routes.js';
import { SECURITY_OPTIONS, securityHeadersOf } from './platform/security-headers.js';
import { registerDraining } from './platform/shutdown.js';
import type { Storage } from './platform/storage.js';
import { ANSWER_READS, ROUTE_HANDLERS } from './routes.js';

// Every refused field answers a French message that names it (never zod's own wording).
installFieldIssueMessages();

export type AppDeps = {
  config: Config;
  database: Database;
  jobs: Jobs;
  storage: Storage;
  logger?: Logger | boolean;
  /** Called for every registered route (the security suites enumerate the routes with it). */
  onRoute?: (route: RouteOptions) => void;
};

export type App = FastifyInstance;

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** Every command, for app/executeCommand and the direct application routes. */
    commands: CommandRegistry;
    /** The finished answers of the routes served by version (platform/answer-cache.ts). */
    answers: AnswerCache;
    /** The live events' hub (platform/events.ts). */
    events: EventHub;
  }
}

/** Vite's output names, `assets/<name>-<8-character hash>.<ext>`, and their compressed copies. */
const HASHED_ASSET = /[\\/]assets[\\/][^\\/]+-[\w-]{8}\.\w+(\.br|\.gz)?$/;

/** Builds the application without listening, so that tests use app.inject. */
export const buildApp = async (deps: AppDeps): Promise<FastifyInstance> => {
  // Typed as Fastify's own logger, so that the instance is the FastifyInstance every module takes.
  const loggerInstance: FastifyBaseLogger | undefined = typeof deps.logger === 'object' ? deps.logger : undefined;
  const fastify = Fastify({
    loggerInstance,
    logger: typeof deps.logger === 'boolean' ? deps.logger : undefined,
    // Forwarded headers only from the configured proxies (none by default): TRUSTED_PROXIES.
    trustProxy: deps.config.TRUSTED_PROXIES.length > 0 ? deps.config.TRUSTED_PROXIES : false,
    bodyLimit: 1024 * 1024,
    // Requests during a stop are answered by the drain (platform/shutdown.ts), in French.
    return503OnClosing: false,
    logController: new OneLinePerRequest(),
  });
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', deps);
  app.decorate('commands', COMMANDS);
  // The finished answers of the routes served by version (platform/answer-cache.ts).
  const answers = createAnswerCache(deps.config.ANSWER_CACHE_MB);
  app.decorate('answers', answers);
  const { onRoute } = deps;
  if (onRoute) app.addHook('onRoute', (route) => onRoute(route));

  // The browser security headers, written by helmet once at boot (platform/security-headers.ts).
  const securityHeaders = securityHeadersOf(SECURITY_OPTIONS);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(securityHeaders);
    done();
  });
  // Every route reads its form through platform/multipart.ts, which sets its own limits; these
  // are the plugin's defaults, the strict ones, should a route ever read parts itself.
  await app.register(multipart, {
    limits: {
      fileSize: MULTIPART_LIMITS.formBytes,
      files: 1,
      fields: MULTIPART_LIMITS.fields,
      fieldSize: MULTIPART_LIMITS.fieldBytes,
      parts: MULTIPART_LIMITS.fields + 1,
    },
  });
  registerErrorHandling(app);
  registerInputGuard(app);
  // biome-ignore lint/nursery/noFloatingPromises: it returns nothing; Biome takes the Fastify instance it decorates (a thenable) for its result
  registerDraining(app);
  // API answers hold personal data: no browser or proxy keeps a copy, errors and 404s included.
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api') reply.header('cache-control', 'no-store');
  });
  // JSON answers of the API over 1 KB go compressed, Brotli (quality 4; the answer cache lowers it
  // for large answers) or gzip as the client accepts (docs/performance.md#compressed-answers):
  // each route of registerApi opts in; files, streams and pages do not, and request bodies are
  // never inflated.
  await app.register(compress, { global: false, encodings: ['br', 'gzip'], threshold: 1024 });
  await app.register(authPlugin, { db: deps.database.db });
  registerArchivedPromotionGuard(app, deps.database.db);
  registerUnsubscribeForm(app);

  // Every route under /api: the catalogue's (docs/architecture.md, 'The API catalogue'), each with its module's handler.
  // The live events (platform/events.ts): the process listens to the database's announces from
  // the first stream opened, and ends its streams when it stops (the clients reconnect and catch up).
  const events = createEventHub({ database: deps.database, db: deps.database.db, onError: (err) => app.log.warn({ err }, 'live events') });
  app.decorate('events', events);
  app.addHook('preClose', () => events.stop());
  registerApi(
    app,
    { db: deps.database.db, storage: deps.storage, jobs: deps.jobs, config: deps.config, events },
    ROUTE_HANDLERS,
    answers,
    ANSWER_READS,
  );

  const webDist = deps.config.WEB_DIST;
  const servesWeb = Boolean(webDist && existsSync(path.join(webDist, 'index.html')));
  if (servesWeb && webDist) {
    await app.register(fastifyStatic, {
      root: path.resolve(webDist),
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies (apps/web/scripts/compress.mjs): sent as they are.
      preCompressed: true,
      cacheControl: false,
      // Hashed names never change content: cached for a year; anything else is checked each time.
      setHeaders: (response, file) => {
        response.setHeader('cache-control', HASHED_ASSET.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache');
        // The answer depends on the client's encodings: a shared cache keeps one copy per encoding.
        response.setHeader('vary', 'Accept-Encoding');
      },
    });
  }
  // The single-page app answers every non-API GET; unknown API paths answer a JSON 404.
  app.setNotFoundHandler((request, reply) => {
    const isPage = servesWeb && !request.url.startsWith('/api') && (request.method === 'GET' || request.method === 'HEAD');
    if (isPage) return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
    return reply.status(404).send({ message: MESSAGES.unknownPath });
  });
  return fastify;
};
