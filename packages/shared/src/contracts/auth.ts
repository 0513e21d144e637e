import { z } from 'zod';
import { MESSAGES } from '../messages.js';
import { emailSchema, requiredText, textOf, textSchema } from './common.js';

export const loginSchema = z.object({
  email: emailSchema,
  password: requiredText('Mot de passe requis'),
  /** Signed in from the demo page (the browser's demo mode): the session is a demo session (docs/decisions/023-uploads-limits-quota-and-metadata.md). */
  demo: z.boolean({ error: 'Mode démo invalide' }).optional(),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const PASSWORD_MIN_LENGTH = 8;

const newPassword = textOf({ error: 'Mot de passe requis' })
  .min(PASSWORD_MIN_LENGTH, `Le mot de passe doit contenir au moins ${PASSWORD_MIN_LENGTH} caractères`)
  .max(200, 'Mot de passe trop long');

const passwordChange = <T extends z.ZodType<string | undefined>>(currentPassword: T) =>
  z
    .object({
      current_password: currentPassword,
      password: newPassword,
      password_confirmation: textOf({ error: 'Confirmation requise' }),
    })
    .refine((v) => v.password === v.password_confirmation, { message: MESSAGES.passwordsMustMatch, path: ['password_confirmation'] });

/**
 * PUT user/password. `current_password` is required by the server except on the forced first
 * change of a candidate (docs/product/access.md#route-guard), whose e-mailed password is being replaced.
 */
export const passwordChangeSchema = passwordChange(textSchema.max(200, 'Mot de passe trop long').optional());
/** The 'Mon compte' form outside the forced first change: the current password is asked. */
export const passwordChangeWithCurrentSchema = passwordChange(
  textOf({ error: MESSAGES.currentPasswordRequired }).min(1, MESSAGES.currentPasswordRequired).max(200, 'Mot de passe trop long'),
);
export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>;

export const passwordCreateSchema = z.object({ email: emailSchema });

export const passwordResetSchema = z
  .object({
    email: emailSchema,
    password: newPassword,
    password_confirmation: textOf({ error: 'Confirmation requise' }).optional(),
    token: requiredText('Lien invalide'),
  })
  .refine((v) => v.password_confirmation === undefined || v.password === v.password_confirmation, {
    message: MESSAGES.passwordsMustMatch,
    path: ['password_confirmation'],
  });
export type PasswordResetInput = z.infer<typeof passwordResetSchema>;

export const askDemoSchema = z.object({
  fullName: requiredText('Nom complet requis').pipe(z.string().max(200)),
  email: emailSchema,
  phone: textSchema.trim().max(40, 'Téléphone invalide').optional().default(''),
});
export type AskDemoInput = z.infer<typeof askDemoSchema>;
