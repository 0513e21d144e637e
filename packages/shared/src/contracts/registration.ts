import { z } from 'zod';
import { textOf, textSchema } from './common.js';
import { PIPELINE_MESSAGES } from './pipeline.js';

/**
 * Public candidate registration (docs/product/registration.md#screens, docs/product/entities.md#public-registration-payload, docs/product/validation.md#registration, docs/product/calls.md#other-calls and docs/product/errors.md#sales-pipeline). Texts the spec does not give are fixed here once.
 */
export const REGISTRATION_MESSAGES = {
  title: (title: string) => `Créer un dossier sur le lot ${title}`,
  lastNameRequired: 'Le nom est requis',
  firstNameRequired: 'Le prénom est requis',
  tooLong: (label: string, max: number) => `${label} ne doit pas dépasser ${max} caractères`,
  invalidZip: 'Code postal invalide',
  thanks: 'Merci pour votre inscription',
  backToSite: 'Retourner sur le site de la promotion',
  logTitle: 'Inscription par le formulaire public',
  logTitleAgain: 'Nouvelle inscription par le formulaire public, candidat déjà inscrit',
  notificationTitle: 'Nouvelle inscription par le formulaire public',
} as const;

/** The page that receives a promotion's public link: /candidate/register/{token}. */
export const registrationPath = (token: string, lotPublicId?: string) =>
  `/candidate/register/${encodeURIComponent(token)}${lotPublicId ? `?lot=${encodeURIComponent(lotPublicId)}` : ''}`;

/** The registration link is hidden for demo promotions (docs/product/registration.md#screens, docs/product/access.md#who-may-do-what and docs/product/registration.md#registration-link). */
export const showsRegistrationLink = (promotion: { is_demo: boolean }) => !promotion.is_demo;

/** A promotion's site as a link: an address without protocol receives one (docs/product/registration.md#registration-link). */
export const withProtocol = (url: string) => (/^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? url : `https://${url.replace(/^\/+/, '')}`);

const optionalText = (label: string, max: number) =>
  textSchema
    .trim()
    .max(max, REGISTRATION_MESSAGES.tooLong(label, max))
    .nullish()
    .transform((v) => (v ? v : null));

const requiredName = (message: string, label: string) =>
  textOf({ error: message }).trim().min(1, message).max(100, REGISTRATION_MESSAGES.tooLong(label, 100));

/** The form's fields (Nom*, Prénom*, Email*, Téléphone, Adresse, Ville, Code Postal, Message). */
export const registrationFormSchema = z.object({
  last_name: requiredName(REGISTRATION_MESSAGES.lastNameRequired, 'Le nom'),
  first_name: requiredName(REGISTRATION_MESSAGES.firstNameRequired, 'Le prénom'),
  email: textOf({ error: 'E-mail requis' })
    .trim()
    .toLowerCase()
    .min(1, 'E-mail requis')
    .max(200, REGISTRATION_MESSAGES.tooLong("L'e-mail", 200))
    .pipe(z.email({ error: 'E-mail invalide' })),
  phone: optionalText('Le téléphone', 40),
  address: optionalText("L'adresse", 200),
  city: optionalText('La ville', 100),
  zip: optionalText('Le code postal', 10).refine((v) => v === null || /^[0-9A-Za-z -]+$/.test(v), {
    message: REGISTRATION_MESSAGES.invalidZip,
  }),
  comment: optionalText('Le message', 2000),
});
export type RegistrationFormInput = z.input<typeof registrationFormSchema>;

/** The public registration payload (docs/product/entities.md#public-registration-payload): the form plus the promotion's token. */
export const registrationSchema = registrationFormSchema.extend({
  promotion_token: textOf({ error: PIPELINE_MESSAGES.invalidLink })
    .trim()
    .pipe(z.uuid({ error: PIPELINE_MESSAGES.invalidLink })),
});
export type RegistrationInput = z.output<typeof registrationSchema>;

/**
 * GET registration/{token}?lot={public_id}: the token and the optional lot whose title the page
 * shows. Both are checked by the server, which answers any broken link 'Lien invalide'.
 */
export const registrationTargetQuerySchema = z.object({ lot: textSchema.optional() });
export const registrationTokenParamsSchema = z.object({ token: textSchema });

/** What the public page needs: the title to show and the promotion's site. */
export const registrationTargetSchema = z.object({
  /** The lot's title when the link names a lot, else the promotion's title. */
  title: z.string(),
  promotion: z.object({ title: z.string(), url: z.string().nullable() }),
  lot: z.object({ public_id: z.string(), title: z.string(), reference: z.string() }).nullable(),
});
export type RegistrationTarget = z.infer<typeof registrationTargetSchema>;

/** POST registration: answered whether the e-mail was known or not (no account discovery). */
export const registrationResponseSchema = z.object({
  data: z.object({ promotion: z.object({ url: z.string().nullable() }) }),
  message: z.string(),
});
export type RegistrationResponse = z.infer<typeof registrationResponseSchema>;

/** A refused registration: the first error is the message; the list names the fields. */
export type RegistrationError = { message: string; errors: { field: string | null; message: string }[] };

/** GET promotions/{id}/registration-link, for staff: null for a demo promotion (the link is hidden). */
export const registrationLinkSchema = z.object({ token: z.string(), path: z.string(), url: z.string() }).nullable();
export type RegistrationLink = z.infer<typeof registrationLinkSchema>;
