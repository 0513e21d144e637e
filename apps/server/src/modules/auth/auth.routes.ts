import { AUTH_API, MESSAGES } from '@promovente/shared';
import { handlersOf, type RouteDeps } from '../../platform/routes.js';
import { askDemo, findPasswordReset, login, logout, requestPasswordReset, resetPassword } from './auth.service.js';

/** What the sign-in services need of the platform. */
const authDeps = (deps: RouteDeps) => ({
  db: deps.db,
  jobs: deps.jobs,
  appUrl: deps.config.APP_URL,
  rateLimitMultiplier: deps.config.RATE_LIMIT_MULTIPLIER,
});

/** The module's catalogued routes (packages/shared/src/api/auth.ts), each with its handler. */
export const AUTH_HANDLERS = handlersOf(AUTH_API, {
  signIn: async ({ deps, body, request }) => login(authDeps(deps), body, request.ip),
  signOut: async ({ deps, actor }) => {
    await logout(deps.db, actor);
    return { message: 'Déconnecté' };
  },
  requestPasswordReset: async ({ deps, body, request }) => {
    await requestPasswordReset(authDeps(deps), body.email, request.ip);
    return { message: MESSAGES.resetRequested };
  },
  findPasswordReset: async ({ deps, params }) => ({ data: await findPasswordReset(deps.db, params.token) }),
  resetPassword: async ({ deps, body, request }) => {
    await resetPassword(authDeps(deps), body, request.ip);
    return { message: MESSAGES.passwordReset };
  },
  askDemo: async ({ deps, body, request }) => {
    await askDemo(authDeps(deps), body, request.ip);
    return { message: MESSAGES.demoRequested };
  },
});
