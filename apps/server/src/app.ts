import { existsSync } from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { installFieldIssueMessages, MESSAGES } from '@promovente/shared';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { COMMANDS } from './commands.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { applicationsRoutes } from './modules/applications/applications.routes.js';
import { attributionRoutes } from './modules/attribution/attribution.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { buildingsRoutes } from './modules/buildings/buildings.routes.js';
import { candidaciesRoutes } from './modules/candidacies/candidacies.routes.js';
import { candidatesRoutes } from './modules/candidates/candidates.routes.js';
import { type CommandRegistry, commandsRoutes } from './modules/commands/index.js';
import { crmRoutes } from './modules/crm/crm.routes.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { faqRoutes } from './modules/faq/faq.routes.js';
import { filesRoutes } from './modules/files/files.routes.js';
import { filtersRoutes } from './modules/filters/filters.routes.js';
import { financesRoutes } from './modules/finances/finances.routes.js';
import { homeRoutes } from './modules/home/home.routes.js';
import { libraryRoutes } from './modules/library/library.routes.js';
import { logsRoutes } from './modules/logs/logs.routes.js';
import { lotsRoutes } from './modules/lots/lots.routes.js';
import { mailsRoutes } from './modules/mails/mails.routes.js';
import { marketingRoutes } from './modules/marketing/marketing.routes.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { peopleRoutes } from './modules/people/people.routes.js';
import { pipelineRoutes } from './modules/pipeline/pipeline.routes.js';
import { planningRoutes } from './modules/planning/planning.routes.js';
import { priceGridRoutes } from './modules/price-grid/price-grid.routes.js';
import { progressRoutes } from './modules/progress/progress.routes.js';
import { promotionsRoutes } from './modules/promotions/promotions.routes.js';
import { registrationRoutes } from './modules/registration/registration.routes.js';
import { reservationFormRoutes } from './modules/reservation-form/reservation-form.routes.js';
import { tasksRoutes } from './modules/tasks/tasks.routes.js';
import { threadsRoutes } from './modules/threads/threads.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { authPlugin } from './platform/auth.js';
import { registerErrorHandling, registerInputGuard, SERVICE_UNAVAILABLE } from './platform/errors.js';
import type { Jobs } from './platform/jobs.js';
import { OneLinePerRequest } from './platform/log.js';
import { registerDraining } from './platform/shutdown.js';
import type { Storage } from './platform/storage.js';

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
  }
}

export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;

/** Vite's output names, `assets/<name>-<8-character hash>.<ext>`, and their compressed copies. */
const HASHED_ASSET = /[\\/]assets[\\/][^\\/]+-[\w-]{8}\.\w+(\.br|\.gz)?$/;

/** Builds the application without listening, so that tests use app.inject. */
export const buildApp = async (deps: AppDeps): Promise<FastifyInstance> => {
  const fastify = Fastify({
    loggerInstance: typeof deps.logger === 'object' ? deps.logger : undefined,
    logger: typeof deps.logger === 'boolean' ? deps.logger : undefined,
    // Forwarded headers only from the configured proxies (none by default): TRUSTED_PROXIES.
    trustProxy: deps.config.TRUSTED_PROXIES.length > 0 ? deps.config.TRUSTED_PROXIES : false,
    bodyLimit: 1024 * 1024,
    // Requests during a stop are answered by the drain (platform/shutdown.ts), in French.
    return503OnClosing: false,
    logController: new OneLinePerRequest(),
  }) as unknown as FastifyInstance;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', deps);
  app.decorate('commands', COMMANDS);
  const { onRoute } = deps;
  if (onRoute) app.addHook('onRoute', (route) => onRoute(route));

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
  });
  await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 20 } });
  registerErrorHandling(app);
  registerInputGuard(app);
  registerDraining(app);
  // API answers hold personal data: no browser or proxy keeps a copy, errors and 404s included.
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api') reply.header('cache-control', 'no-store');
  });
  await app.register(authPlugin, { db: deps.database.db });

  await app.register(
    async (api) => {
      api.get('/health', { config: { access: 'public' } }, async (_request, reply) => {
        try {
          await deps.database.db.execute(sql`select 1`);
        } catch {
          return reply.status(503).send({ status: 'unavailable', message: SERVICE_UNAVAILABLE });
        }
        return { status: 'ok' };
      });
      await api.register(authRoutes);
      await api.register(usersRoutes);
      await api.register(filtersRoutes);
      await api.register(notificationsRoutes);
      await api.register(mailsRoutes);
      await api.register(commandsRoutes);
      await api.register(filesRoutes);
      await api.register(threadsRoutes);
      await api.register(candidaciesRoutes);
      await api.register(candidatesRoutes);
      await api.register(tasksRoutes);
      await api.register(logsRoutes);
      await api.register(attributionRoutes);
      await api.register(applicationsRoutes);
      await api.register(reservationFormRoutes);
      await api.register(pipelineRoutes);
      await api.register(lotsRoutes);
      await api.register(dashboardRoutes);
      await api.register(registrationRoutes);
      await api.register(promotionsRoutes);
      await api.register(crmRoutes);
      await api.register(buildingsRoutes);
      await api.register(peopleRoutes);
      await api.register(marketingRoutes);
      await api.register(priceGridRoutes);
      await api.register(planningRoutes);
      await api.register(financesRoutes);
      await api.register(faqRoutes);
      await api.register(libraryRoutes);
      await api.register(progressRoutes);
      await api.register(homeRoutes);
    },
    { prefix: '/api' },
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
