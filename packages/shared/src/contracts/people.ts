import { z } from 'zod';
import { emailSchema, idOf, pageQuerySchema, textOf, zipSchema } from './common.js';

/**
 * A person an admin may attach to a promotion (docs/product/promotion-administration.md#calls):
 * the answer of GET brokers, notaries, promoters, bankers and architects, a page at a time.
 */
export const personOptionSchema = z.object({
  id: z.number(),
  full_name: z.string(),
  email: z.string(),
  profile_picture: z.string().nullable(),
});
export type PersonOption = z.infer<typeof personOptionSchema>;

/**
 * The query of those lists: `search` on the name and e-mail; `promotion` leaves out the people
 * already attached to that promotion (the add-existing pickers).
 */
export const personSearchQuerySchema = z.object({
  search: textOf().max(100, 'Recherche trop longue').optional(),
  promotion: idOf('Promotion invalide').optional(),
  page: pageQuerySchema,
});
export type PersonSearchQuery = z.infer<typeof personSearchQuerySchema>;

/** The page size of the add-existing pickers. */
export const PERSON_OPTIONS_PAGE_SIZE = 20;

/**
 * The people of a promotion, one kind per menu of the promotion record
 * (docs/product/promotion-administration.md#people-menus). The user type each kind lists, and
 * the singular the calls use (add-notary, remove-banker, ...).
 */
export const PEOPLE_KIND_TYPES = {
  notaries: 'notary',
  brokers: 'broker',
  promoters: 'promoter',
  bankers: 'banker',
  architects: 'architect',
} as const;
export type PeopleKindKey = keyof typeof PEOPLE_KIND_TYPES;
export type PersonType = (typeof PEOPLE_KIND_TYPES)[PeopleKindKey];
export const PERSON_TYPES = Object.values(PEOPLE_KIND_TYPES) as PersonType[];
/** The kinds an admin creates from the promotion record (brokers are not created there: docs/sales-process.md#people-of-a-promotion). */
export const CREATABLE_KINDS = ['notaries', 'promoters', 'bankers', 'architects'] as const;
export type CreatableKind = (typeof CREATABLE_KINDS)[number];

/**
 * The invitation of a person created from the promotion record (docs/decisions/013-invitation-instead-of-default-password.md):
 * `password_set` once he chose his password; `sent_at` the last invitation e-mail (ISO), null
 * when none was sent (a person who had an account before).
 */
export const invitationSchema = z.object({ password_set: z.boolean(), sent_at: z.string().nullable() });
export type Invitation = z.infer<typeof invitationSchema>;

/** A person as the people menus list him; `invitation` only for admins (null for the others). */
export const promotionPersonSchema = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  profile_picture: z.string().nullable(),
  invitation: invitationSchema.nullable(),
});
export type PromotionPerson = z.infer<typeof promotionPersonSchema>;
export const notaryDetailsSchema = z.object({
  iban: z.string().nullable(),
  bank_name: z.string().nullable(),
  bank_holder: z.string().nullable(),
  address: z.string().nullable(),
  zip: z.string().nullable(),
  city: z.string().nullable(),
  full_address: z.string().nullable(),
  secretary_gender: z.enum(['M', 'F']).nullable(),
  secretary_name: z.string().nullable(),
  secretary_email: z.string().nullable(),
  secretary_phone: z.string().nullable(),
});
export type NotaryDetails = z.infer<typeof notaryDetailsSchema>;
export const promotionNotarySchema = z.object({ ...promotionPersonSchema.shape, ...notaryDetailsSchema.shape, main: z.boolean() });
export type PromotionNotary = z.infer<typeof promotionNotarySchema>;
export const promotionBankerSchema = promotionPersonSchema.extend({ bank_name: z.string().nullable() });
export type PromotionBanker = z.infer<typeof promotionBankerSchema>;
export const promotionArchitectSchema = promotionPersonSchema.extend({ office_name: z.string().nullable() });
export type PromotionArchitect = z.infer<typeof promotionArchitectSchema>;

/** GET promotions/{id}/people: the five lists, and the promotion's main broker (he cannot be removed). */
export const promotionPeopleSchema = z.object({
  notaries: promotionNotarySchema.array(),
  brokers: promotionPersonSchema.array(),
  promoters: promotionPersonSchema.array(),
  bankers: promotionBankerSchema.array(),
  architects: promotionArchitectSchema.array(),
  main_broker_id: z.number().nullable(),
});
export type PromotionPeople = z.infer<typeof promotionPeopleSchema>;

export const PEOPLE_MESSAGES = {
  firstNameRequired: 'Le prénom est requis',
  lastNameRequired: 'Le nom est requis',
  officeNameRequired: 'Le nom du bureau est requis',
  tooLong: 'Texte trop long',
  secretaryGenderInvalid: 'Civilité de la secrétaire invalide',
  secretaryEmailInvalid: 'E-mail de la secrétaire invalide',
  emailTaken: 'Un compte existe déjà avec cet e-mail : ajoutez cette personne avec « existant ».',
  notAPerson: 'Personne introuvable',
  notAttached: "Cette personne n'est pas rattachée à la promotion",
  mainBroker: 'Ce courtier est le courtier principal de la promotion : choisissez-en un autre avant de le retirer.',
  mainBrokerSet: 'Courtier principal modifié',
  brokerHasCandidacies: 'Ce courtier suit des candidatures de la promotion : confiez-les à un autre courtier avant de le retirer.',
  passwordAlreadySet: 'Cette personne a déjà choisi son mot de passe',
  created: 'Invitation envoyée',
  invitationSent: 'Invitation envoyée',
  added: 'Ajouté à la promotion',
  removed: 'Retiré de la promotion',
} as const;

const name = (message: string) => textOf({ error: message }).trim().min(1, message).max(100, PEOPLE_MESSAGES.tooLong);
const optionalText = (max = 200) =>
  textOf()
    .trim()
    .max(max, PEOPLE_MESSAGES.tooLong)
    .nullish()
    .transform((v) => (v ? v : null));
const optionalEmail = (message: string) =>
  z
    .union([
      z.literal(''),
      z.null(),
      textOf({ error: message })
        .trim()
        .toLowerCase()
        .pipe(z.email({ error: message })),
    ])
    .optional()
    .transform((v) => (v ? v : null));

/** Promoter and banker create: first_name, last_name, email (docs/product/promotion-administration.md#validation). */
const personFields = {
  first_name: name(PEOPLE_MESSAGES.firstNameRequired),
  last_name: name(PEOPLE_MESSAGES.lastNameRequired),
  email: emailSchema,
};

/** Notary create and edit: first_name, last_name and email required, the rest optional. */
export const notaryInputSchema = z.object({
  ...personFields,
  phone: optionalText(40),
  iban: optionalText(40),
  bank_name: optionalText(),
  bank_holder: optionalText(),
  address: optionalText(),
  zip: zipSchema,
  city: optionalText(100),
  secretary_gender: z
    .union([z.enum(['M', 'F'], { error: PEOPLE_MESSAGES.secretaryGenderInvalid }), z.literal(''), z.null()])
    .optional()
    .transform((v) => (v ? v : null)),
  secretary_name: optionalText(),
  secretary_email: optionalEmail(PEOPLE_MESSAGES.secretaryEmailInvalid),
  secretary_phone: optionalText(40),
});
export type NotaryInput = z.infer<typeof notaryInputSchema>;

export const promoterInputSchema = z.object(personFields);
export type PromoterInput = z.infer<typeof promoterInputSchema>;

export const bankerInputSchema = z.object({ ...personFields, bank_name: optionalText() });
export type BankerInput = z.infer<typeof bankerInputSchema>;

export const architectInputSchema = z.object({
  ...personFields,
  office_name: textOf({ error: PEOPLE_MESSAGES.officeNameRequired })
    .trim()
    .min(1, PEOPLE_MESSAGES.officeNameRequired)
    .max(200, PEOPLE_MESSAGES.tooLong),
});
export type ArchitectInput = z.infer<typeof architectInputSchema>;

/** The create schema of each kind an admin creates. */
export const PERSON_INPUT_SCHEMAS = {
  notaries: notaryInputSchema,
  promoters: promoterInputSchema,
  bankers: bankerInputSchema,
  architects: architectInputSchema,
} as const satisfies Record<CreatableKind, z.ZodType>;
export type PersonInput = NotaryInput | PromoterInput | BankerInput | ArchitectInput;

export const promotionParamsSchema = z.object({ id: idOf() });
export const promotionPersonParamsSchema = z.object({ id: idOf(), userId: idOf() });
export const promotionNotaryParamsSchema = z.object({ id: idOf(), notaryId: idOf() });
