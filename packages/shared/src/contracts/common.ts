import { z } from 'zod';

/** The pagination object of spec part 1, 3. */
export type Paginated<T> = {
  data: T[];
  current_page: number;
  last_page: number;
  from: number | null;
  to: number | null;
  total: number;
};

export type ErrorBody = { message: string };

/** A positive integer id from the path or the query. */
export const idSchema = z.coerce.number({ error: 'Identifiant invalide' }).int('Identifiant invalide').positive('Identifiant invalide');
export const idParamSchema = z.object({ id: idSchema });

export const pageQuerySchema = z.coerce.number().int().min(1, 'Page invalide').default(1);

/** Required text that is not only spaces (spec part 1, 5). */
export const requiredText = (message: string) => z.string({ error: message }).refine((value) => value.trim().length > 0, { message });

export const emailSchema = z
  .string({ error: 'E-mail requis' })
  .trim()
  .toLowerCase()
  .min(1, 'E-mail requis')
  .pipe(z.email({ error: 'E-mail invalide' }));

/** The message of a zip code that is not numeric. */
export const ZIP_INVALID = 'Le code postal doit être numérique';

/** A number field of the form: a number, a numeric string, or empty (null). */
export const optionalNumberSchema = (message: string) =>
  z
    .union([z.number(), z.string(), z.null()])
    .optional()
    .transform((v, ctx) => {
      if (v === null || v === undefined) return null;
      const text = typeof v === 'number' ? String(v) : v.trim().replace(/['’\s]/g, '');
      if (text === '') return null;
      const value = Number(text);
      if (!Number.isFinite(value) || !Number.isInteger(value) || value < 0 || value > 2_000_000_000) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return value;
    });

/** Zip codes are numeric (spec part 2, 5); empty is null. */
export const zipSchema = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((v, ctx) => {
    if (v === null || v === undefined) return null;
    const text = String(v).trim();
    if (text === '') return null;
    if (!/^\d{1,10}$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: ZIP_INVALID });
      return z.NEVER;
    }
    return text;
  });
