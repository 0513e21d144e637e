import { z } from 'zod';
import { fieldKeyOf, fieldLabelOf } from './field-labels.js';

/** The pagination object of docs/product/entities.md#pagination. */
export type Paginated<T> = {
  data: T[];
  current_page: number;
  last_page: number;
  from: number | null;
  to: number | null;
  total: number;
};

export type ErrorBody = { message: string };

/** The largest id a database row has (PostgreSQL integer). */
export const ID_MAX = 2_147_483_647;

type IssueLike = {
  code?: string;
  path?: readonly PropertyKey[];
  input?: unknown;
  errors?: readonly (readonly { message?: string }[])[];
};

const fieldName = (path: readonly PropertyKey[] | undefined) => {
  const label = fieldLabelOf(path ?? []);
  return label ? `« ${label} »` : null;
};

/** 'Identifiant invalide : lot' (the path's field), or 'Identifiant invalide' for a path id; a missing one is 'requis'. */
export const invalidIdMessage = (issue: IssueLike) => {
  if (issue.code === 'invalid_type' && issue.input === undefined) return fieldIssueMessage(issue);
  const key = fieldKeyOf(issue.path ?? []);
  const label = fieldLabelOf(issue.path ?? []);
  return key && key !== 'id' && label ? `Identifiant invalide : ${label.toLocaleLowerCase('fr')}` : 'Identifiant invalide';
};

/** 'Le champ « Prix (CHF) » est requis.' */
export const requiredFieldMessage = (path: readonly PropertyKey[]) => {
  const name = fieldName(path);
  return name ? `Le champ ${name} est requis.` : 'Un champ requis est absent.';
};

/** 'Le champ « Nom » contient un caractère interdit.' */
export const forbiddenCharacterMessage = (path: readonly PropertyKey[]) => {
  const name = fieldName(path);
  return name ? `Le champ ${name} contient un caractère interdit.` : 'Un champ contient un caractère interdit.';
};

/**
 * The message of an issue that its schema does not word itself (zod's own wording never reaches
 * a user): it names the field with its French label.
 */
export const fieldIssueMessage = (issue: IssueLike): string => {
  // A body of several accepted shapes: the message of the shape that came closest.
  if (issue.code === 'invalid_union' && issue.errors?.length) {
    const closest = issue.errors.reduce((best, branch) => (branch.length < best.length ? branch : best));
    if (closest[0]?.message) return closest[0].message;
  }
  const name = fieldName(issue.path);
  // The whole body (no path): it is the request that is wrong, not one of its fields.
  if ((issue.path ?? []).length === 0) return 'Le contenu de la requête est invalide.';
  if (issue.code === 'invalid_type' && issue.input === undefined) return requiredFieldMessage(issue.path ?? []);
  if (!name) return 'Un champ est invalide.';
  if (issue.code === 'too_big') return `Le champ ${name} est trop long ou trop grand.`;
  if (issue.code === 'too_small') return `Le champ ${name} est trop court ou trop petit.`;
  if (issue.code === 'unrecognized_keys') return `Le champ ${name} contient des données non prévues.`;
  return `Le champ ${name} est invalide.`;
};

/**
 * Installs the wording of every zod issue a schema does not word itself (once per process, both
 * sides): French, naming the field; zod's own phrases never reach a user.
 */
export const installFieldIssueMessages = () => z.config({ customError: (issue) => fieldIssueMessage(issue) });

/** The first refused field of a failed parse, as the one French message the API answers. */
export const validationMessage = (error: { issues: readonly { message: string }[] }) => error.issues[0]?.message ?? 'Données invalides';

/**
 * A character PostgreSQL cannot store in a text: NUL, or half of a UTF-16 surrogate pair (a
 * lone surrogate has no UTF-8 form). A character written with a whole pair (an emoji) is fine.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const hasForbiddenCharacter = (value: string) => value.includes('\u0000') || LONE_SURROGATE.test(value);

/** Where a forbidden character (NUL, lone surrogate) hides in a received value (keys included), as a path; null when clean. */
export const findForbiddenCharacter = (value: unknown, path: PropertyKey[] = [], depth = 0): PropertyKey[] | null => {
  if (typeof value === 'string') return hasForbiddenCharacter(value) ? path : null;
  if (value === null || typeof value !== 'object' || depth > 32) return null;
  for (const [key, inner] of Object.entries(value)) {
    const at = [...path, Array.isArray(value) ? Number(key) : key];
    if (hasForbiddenCharacter(key)) return path;
    const found = findForbiddenCharacter(inner, at, depth + 1);
    if (found) return found;
  }
  return null;
};

/**
 * The one id schema of the API (path, query, body, multipart fields, command inputs): a
 * positive integer that fits a database id (<= 2,147,483,647), given as a number or as
 * digits. Anything else answers 'Identifiant invalide : <field>', or the given message.
 */
export const idOf = (message?: string) => {
  const error = message ?? invalidIdMessage;
  return z.preprocess(
    (value) => (typeof value === 'string' && /^\d{1,12}$/.test(value) ? Number(value) : value),
    z.int({ error }).min(1, { error }).max(ID_MAX, { error }),
  );
};
export const idSchema = idOf();
export const idParamSchema = z.object({ id: idSchema });

export const pageQuerySchema = z.coerce.number().int().min(1, 'Page invalide').max(ID_MAX, 'Page invalide').default(1);

/**
 * The one text schema of the API: a string without NUL or lone surrogate (PostgreSQL cannot
 * store them: refused, never silently replaced, docs/decisions/026-hostile-dates-texts-and-prices.md);
 * every free text of the contracts is built from it. `params` words the missing or wrong type.
 */
export const textOf = (params?: Parameters<typeof z.string>[0]) =>
  z
    .string(params)
    .refine((value) => !hasForbiddenCharacter(value), { error: (issue) => forbiddenCharacterMessage(issue.path ?? []), abort: true });
export const textSchema = textOf();

/** Required text that is not only spaces (docs/product/validation.md#candidate-form). */
export const requiredText = (message: string) => textOf({ error: message }).refine((value) => value.trim().length > 0, { message });

export const emailSchema = textOf({ error: 'E-mail requis' })
  .trim()
  .toLowerCase()
  .min(1, 'E-mail requis')
  .pipe(z.email({ error: 'E-mail invalide' }));

/** The message of a zip code that is not numeric. */
export const ZIP_INVALID = 'Le code postal doit être numérique';

/** A number field of the form: a number, a numeric string, or empty (null). */
export const optionalNumberSchema = (message: string) =>
  z
    .union([z.number(), textSchema, z.null()])
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

/** Zip codes are numeric (docs/product/validation.md#sales-pipeline-forms); empty is null. */
export const zipSchema = z
  .union([textSchema, z.number(), z.null()])
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

const PUBLIC_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A lot's or an application's public id (a UUID): any other text names nothing, without a query. */
export const isPublicId = (value: string) => PUBLIC_ID.test(value);

/**
 * The years a date of the product falls in (docs/product/validation.md#dates): no sale, task,
 * album or campaign is dated before 1900 or after 2200, and the database holds neither year 0
 * nor negative years.
 */
export const DATE_YEARS = { first: 1900, last: 2200 } as const;

/** 'Le champ « Échéance » doit être une date entre 1900 et 2200.' (`label` when the key names something else). */
export const dateOutOfRangeMessage = (path: readonly PropertyKey[], label?: string) => {
  const name = label ? `« ${label} »` : fieldName(path);
  const range = `entre ${DATE_YEARS.first} et ${DATE_YEARS.last}`;
  return name ? `Le champ ${name} doit être une date ${range}.` : `Une date doit être ${range}.`;
};

/**
 * The year a date text names: the year written in an ISO day or instant ('2026-11-26',
 * '+275760-09-13', '-000001-01-01T00:00:00Z'), else the UTC year of what Date.parse reads; null
 * when the text names no date.
 */
const yearOf = (text: string): number | null => {
  const written = /^\s*([+-]\d{6}|\d{4})-\d{2}/.exec(text);
  if (written) return Number(written[1]);
  const time = Date.parse(text);
  return Number.isNaN(time) ? null : new Date(time).getUTCFullYear();
};

/** Whether a date text falls between 1900 and 2200; a text that is no date passes (its schema's format check words that). */
export const isWithinDateYears = (text: string) => {
  const year = yearOf(text);
  return year === null || (year >= DATE_YEARS.first && year <= DATE_YEARS.last);
};

/** The refinement every date field of the contracts carries (with isWithinDateYears): a French 400 naming the field. */
export const dateYearsCheck = (label?: string) => ({
  error: (issue: { path?: readonly PropertyKey[] }) => dateOutOfRangeMessage(issue.path ?? [], label),
  abort: true,
});

/** A calendar day 'YYYY-MM-DD' that exists (2026-02-30 does not). */
export const isCalendarDay = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [year, month, day] = value.split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= DATE_YEARS.first && year <= DATE_YEARS.last && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};
