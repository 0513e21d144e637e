import { askDemoSchema, loginSchema, MESSAGES, passwordCreateSchema, passwordResetSchema } from '@promovente/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/auth.js';
import { askDemo, findPasswordReset, login, logout, requestPasswordReset, resetPassword } from './auth.service.js';

export const authRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = () => ({
    db: app.deps.database.db,
    jobs: app.deps.jobs,
    appUrl: app.deps.config.APP_URL,
    rateLimitMultiplier: app.deps.config.RATE_LIMIT_MULTIPLIER,
  });

  app.post('/login', { config: { access: 'public' }, schema: { body: loginSchema } }, async (request) =>
    login(deps(), request.body, request.ip),
  );

  app.post('/logout', { config: { access: 'authenticated', beforePasswordChange: true } }, async (request) => {
    await logout(app.deps.database.db, actorOf(request));
    return { message: 'Déconnecté' };
  });

  app.post('/password/create', { config: { access: 'public' }, schema: { body: passwordCreateSchema } }, async (request) => {
    await requestPasswordReset(deps(), request.body.email, request.ip);
    return { message: MESSAGES.resetRequested };
  });

  app.get(
    '/password/find/:token',
    // Any text: a malformed link answers like an unknown one (findPasswordReset), never with validator wording.
    { config: { access: 'public' }, schema: { params: z.object({ token: z.string() }) } },
    async (request) => ({ data: await findPasswordReset(app.deps.database.db, request.params.token) }),
  );

  app.post('/password/reset', { config: { access: 'public' }, schema: { body: passwordResetSchema } }, async (request) => {
    await resetPassword(deps(), request.body, request.ip);
    return { message: MESSAGES.passwordReset };
  });

  app.post('/askdemo', { config: { access: 'public' }, schema: { body: askDemoSchema } }, async (request) => {
    await askDemo(deps(), request.body, request.ip);
    return { message: MESSAGES.demoRequested };
  });
};
