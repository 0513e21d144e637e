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
