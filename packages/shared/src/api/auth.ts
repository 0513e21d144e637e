import { z } from 'zod';
import { askDemoSchema, loginSchema, passwordCreateSchema, passwordResetSchema } from '../contracts/auth.js';
import { userSchema } from '../contracts/users.js';
import { dataOf, defineRoutes, messageSchema } from './route.js';

/** The routes of the 'Connexion' domain (docs/architecture.md, 'The API catalogue'): sign-in, sign-out, the forgotten password, the demo request. */
export const AUTH_API = defineRoutes({
  signIn: {
    method: 'POST',
    path: '/login',
    summary: "Se connecter : un jeton valable 30 jours et l'utilisateur",
    access: 'public',
    body: loginSchema,
    response: z.object({ token: z.string(), data: userSchema }),
  },
  signOut: {
    method: 'POST',
    path: '/logout',
    summary: 'Se déconnecter (le jeton est révoqué)',
    access: 'signedIn',
    beforePasswordChange: true,
    response: messageSchema,
  },
  requestPasswordReset: {
    method: 'POST',
    path: '/password/create',
    summary: 'Demander un lien de réinitialisation du mot de passe',
    access: 'public',
    body: passwordCreateSchema,
    response: messageSchema,
  },
  findPasswordReset: {
    method: 'GET',
    path: '/password/find/:token',
    summary: 'E-mail auquel un lien de réinitialisation a été envoyé',
    access: 'public',
    // Any text: a malformed link answers like an unknown one (findPasswordReset), never with validator wording.
    params: z.object({ token: z.string() }),
    response: dataOf(z.object({ email: z.string() })),
  },
  resetPassword: {
    method: 'POST',
    path: '/password/reset',
    summary: 'Choisir un nouveau mot de passe avec le lien reçu par e-mail',
    access: 'public',
    body: passwordResetSchema,
    response: messageSchema,
  },
  askDemo: {
    method: 'POST',
    path: '/askdemo',
    summary: 'Demander une démonstration',
    access: 'public',
    body: askDemoSchema,
    response: messageSchema,
  },
});
