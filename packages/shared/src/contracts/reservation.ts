import { z } from 'zod';
import { can } from '../permissions.js';
import type { Actor, UserType } from '../roles.js';
import type { CandidacyFinancing } from './candidacies.js';
import { idSchema, optionalNumberSchema, textOf, textSchema, zipSchema } from './common.js';
import { CIVIL_STATUSES, PIPELINE_MESSAGES } from './pipeline.js';

/**
 * The reservation form (docs/product/reservation-form.md#screens, docs/product/entities.md#candidate, docs/product/entities.md#candidacy-financing and docs/product/validation.md#reservation-form).
 * Every path is under /api.
 *
 *   GET  /applications/public/:publicId   candidate (his own application), broker, banker, promoter,
 *                                         notary (their promotions)   { data: ReservationForm }
 *   Command submitReservationForm (see the command catalogue, commands.ts).
 *
 * Candidacy 2 null means "buy alone" and is accepted only when the application has no second
 * candidacy: removing a partner is the funnel's detachCandidacy. A candidacy 2 without an id
 * creates the second candidate and his candidacy in the promotion.
 */

export type CivilStatus = (typeof CIVIL_STATUSES)[number];

export const RESERVATION_MESSAGES = {
  submitted: 'Formulaire de réservation enregistré',
  /** History row and the broker's notification, the first time and afterwards. */
  filled: 'Formulaire de réservation rempli',
  updated: 'Formulaire de réservation modifié',
  locked: 'Le formulaire de réservation a été validé par le courtier : les modifications passent par la messagerie.',
  notSent: "Le formulaire de réservation n'a pas encore été envoyé",
  closed: 'Ce dossier est clôturé',
  candidateMismatch: 'Ce candidat ne fait pas partie de ce dossier',
  partnerRemoval: 'Le second candidat se retire depuis le tunnel de vente (Retirer un partenaire)',
  firstNameRequired: 'Prénom requis',
  lastNameRequired: 'Nom requis',
  emailRequired: 'E-mail requis',
  emailInvalid: 'E-mail invalide',
  genderInvalid: 'Genre invalide',
  companyNameRequired: 'Raison sociale requise',
  civilStatusInvalid: 'État civil invalide',
  birthdayInvalid: 'Date de naissance invalide',
  amountInvalid: 'Les montants doivent être des nombres entiers positifs',
  textTooLong: 'Texte trop long',
  /** Shown to non-brokers once the broker validated the form (docs/product/reservation-form.md#screens). */
  confirmedNotice:
    'Votre courtier a validé ce formulaire de réservation : il ne peut plus être modifié ici. Pour toute modification, écrivez-lui par la messagerie.',
  /** Shown when the form was already filled but may still be edited. */
  filledNotice: (date: string) => `Ce formulaire a déjà été rempli le ${date}. Vous pouvez encore le modifier.`,
} as const;

// ---------------------------------------------------------------------------------------------
// Who may edit and confirm (docs/product/reservation-form.md#screens and docs/product/access.md#who-may-do-what)

/** They see the form but never the Confirm button. */
export const RESERVATION_FORM_READERS: readonly UserType[] = ['notary', 'promoter', 'banker'];

export type ReservationFormState = {
  /** reservation_sent_at is set. */
  sent: boolean;
  /** reservation_confirmed_at is set. */
  confirmed: boolean;
  /** The application was closed (the lot was sold to another client). */
  closed: boolean;
  /** The main candidacy's agency: a broker edits only his own agency's candidates (docs/product/access.md#who-may-do-what). */
  candidacy_agency_id: number | null;
};

/**
 * Brokers (of the candidacy's agency) edit the form at any time, even once confirmed; a candidate
 * edits it once it was sent and until the broker confirms it; the others only read it. The
 * Confirm button goes with the right to edit, never to notaries, promoters or bankers.
 */
export const reservationFormRights = (actor: Actor, form: ReservationFormState): { editable: boolean; can_confirm: boolean } => {
  let editable = false;
  if (!form.closed && actor.type === 'broker') editable = can(actor, 'reservationForm.submit', { agency_id: form.candidacy_agency_id });
  if (!form.closed && actor.type === 'candidate') editable = form.sent && !form.confirmed;
  return { editable, can_confirm: editable && !RESERVATION_FORM_READERS.includes(actor.type) };
};

// ---------------------------------------------------------------------------------------------
// Field schemas (the form sends strings; the API accepts numbers too)

const text = (max = 200) =>
  textSchema
    .trim()
    .max(max, RESERVATION_MESSAGES.textTooLong)
    .nullish()
    .transform((v) => (v ? v : null));

const name = (message: string) => textOf({ error: message }).trim().min(1, message).max(100, RESERVATION_MESSAGES.textTooLong);

const flag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.null()])
  .optional()
  .transform((v) => v === true || v === 1 || v === '1');

/** Every amount is a whole number of CHF, 0 or more; empty is null (docs/product/validation.md#sales-pipeline-forms). */
const amount = optionalNumberSchema(RESERVATION_MESSAGES.amountInvalid);
const zip = zipSchema;

/** A calendar date yyyy-MM-dd, not in the future, from 1900 on. */
const birthday = z
  .union([textSchema, z.null()])
  .optional()
  .transform((v, ctx) => {
    const raw = (v ?? '').trim();
    if (raw === '') return null;
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw);
    const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
    const real = date !== null && date.toISOString().slice(0, 10) === raw;
    if (!real || Number(match?.[1]) < 1900 || (date as Date).getTime() > Date.now()) {
      ctx.addIssue({ code: 'custom', message: RESERVATION_MESSAGES.birthdayInvalid });
      return z.NEVER;
    }
    return raw;
  });

const civilStatus = z
  .union([textSchema, z.null()])
  .optional()
  .transform((v, ctx) => {
    if (v === null || v === undefined || v === '') return null;
    if (!(CIVIL_STATUSES as readonly string[]).includes(v)) {
      ctx.addIssue({ code: 'custom', message: RESERVATION_MESSAGES.civilStatusInvalid });
      return z.NEVER;
    }
    return v as CivilStatus;
  });

/** Optional here: required for a new candidate, read-only for an existing one (checked below and by the server). */
const email = z
  .union([textSchema, z.null()])
  .optional()
  .transform((v, ctx) => {
    const raw = (v ?? '').trim().toLowerCase();
    if (raw === '') return null;
    if (!z.email().safeParse(raw).success) {
      ctx.addIssue({ code: 'custom', message: RESERVATION_MESSAGES.emailInvalid });
      return z.NEVER;
    }
    return raw;
  });

// ---------------------------------------------------------------------------------------------
// The candidate and the financing

/** A candidate of the form (docs/product/entities.md#candidate). Without is_company the company fields are cleared. */
export const reservationCandidateSchema = z
  .object({
    id: idSchema.nullish(),
    // Identity
    last_name: name(RESERVATION_MESSAGES.lastNameRequired),
    maiden_name: text(),
    first_name: name(RESERVATION_MESSAGES.firstNameRequired),
    gender: z.enum(['M', 'F'], { error: RESERVATION_MESSAGES.genderInvalid }),
    // Company
    is_company: flag,
    company_name: text(),
    company_type: text(),
    head_office: text(),
    company_address: text(),
    // Family
    father_first_name: text(100),
    mother_first_name: text(100),
    mother_maiden_name: text(100),
    // Civil and origin
    avs: text(40),
    birthday,
    birthday_city: text(),
    place_origin: text(),
    establishment_permit: text(40),
    already_swiss_owner: flag,
    job: text(),
    civil_status: civilStatus,
    // Contact
    address: text(),
    city: text(),
    country: text(100),
    zip,
    phone_private: text(40),
    phone_pro: text(40),
    phone: text(40),
    email,
  })
  .superRefine((c, ctx) => {
    if (!c.id && !c.email) ctx.addIssue({ code: 'custom', message: RESERVATION_MESSAGES.emailRequired, path: ['email'] });
    if (c.is_company && !c.company_name) {
      ctx.addIssue({ code: 'custom', message: RESERVATION_MESSAGES.companyNameRequired, path: ['company_name'] });
    }
  })
  .transform((c) => (c.is_company ? c : { ...c, company_name: null, company_type: null, head_office: null, company_address: null }));
export type ReservationCandidateInput = z.input<typeof reservationCandidateSchema>;
export type ReservationCandidateValues = z.output<typeof reservationCandidateSchema>;

/** The financing of a candidacy (docs/product/entities.md#candidacy-financing). */
export const reservationFinancingSchema = z.object({
  mortgage_amount: amount,
  mortgage_bank_name: text(),
  mortgage_contact_name: text(),
  second_pillar_amount: amount,
  second_pillar_bank_name: text(),
  second_pillar_contact_name: text(),
  third_pillar_amount: amount,
  third_pillar_bank_name: text(),
  third_pillar_contact_name: text(),
  financials_unavailable: flag,
});
export type ReservationFinancingInput = z.input<typeof reservationFinancingSchema>;
export type ReservationFinancingValues = z.output<typeof reservationFinancingSchema>;

const reservationCandidacySchema = z.object({ candidate: reservationCandidateSchema, financing: reservationFinancingSchema });

/** submitReservationForm: both candidacies; the two candidates may not share an e-mail (docs/product/validation.md#reservation-form). */
export const submitReservationFormSchema = z
  .object({
    candidacy1: reservationCandidacySchema,
    candidacy2: reservationCandidacySchema.nullish().transform((v) => v ?? null),
  })
  .superRefine((form, ctx) => {
    const first = form.candidacy1.candidate.email;
    const second = form.candidacy2?.candidate.email;
    if (first && second && first === second) {
      ctx.addIssue({ code: 'custom', message: PIPELINE_MESSAGES.sameEmail, path: ['candidacy2', 'candidate', 'email'] });
    }
  });
export type SubmitReservationFormInput = z.input<typeof submitReservationFormSchema>;
export type SubmitReservationFormValues = z.output<typeof submitReservationFormSchema>;

// ---------------------------------------------------------------------------------------------
// The answer of GET /applications/public/:publicId

export const reservationCandidateAnswerSchema = z.object({
  id: z.number(),
  last_name: z.string(),
  maiden_name: z.string().nullable(),
  first_name: z.string(),
  gender: z.enum(['M', 'F']),
  is_company: z.boolean(),
  company_name: z.string().nullable(),
  company_type: z.string().nullable(),
  head_office: z.string().nullable(),
  company_address: z.string().nullable(),
  father_first_name: z.string().nullable(),
  mother_first_name: z.string().nullable(),
  mother_maiden_name: z.string().nullable(),
  avs: z.string().nullable(),
  /** yyyy-MM-dd. */
  birthday: z.string().nullable(),
  birthday_city: z.string().nullable(),
  place_origin: z.string().nullable(),
  establishment_permit: z.string().nullable(),
  already_swiss_owner: z.boolean(),
  job: z.string().nullable(),
  civil_status: z.enum(CIVIL_STATUSES).nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  zip: z.string().nullable(),
  phone_private: z.string().nullable(),
  phone_pro: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});
export type ReservationCandidate = z.infer<typeof reservationCandidateAnswerSchema>;

/** A candidacy's financing as the form shows it (CandidacyFinancing of contracts/candidacies.ts). */
const reservationFinancingAnswerSchema = z.object({
  mortgage_amount: z.number().nullable(),
  mortgage_bank_name: z.string().nullable(),
  mortgage_contact_name: z.string().nullable(),
  second_pillar_amount: z.number().nullable(),
  second_pillar_bank_name: z.string().nullable(),
  second_pillar_contact_name: z.string().nullable(),
  third_pillar_amount: z.number().nullable(),
  third_pillar_bank_name: z.string().nullable(),
  third_pillar_contact_name: z.string().nullable(),
  financials_unavailable: z.boolean(),
}) satisfies z.ZodType<CandidacyFinancing>;

export const reservationCandidacyAnswerSchema = z.object({
  id: z.number(),
  candidate: reservationCandidateAnswerSchema,
  financing: reservationFinancingAnswerSchema,
});
export type ReservationCandidacy = z.infer<typeof reservationCandidacyAnswerSchema>;

export const reservationFormSchema = z.object({
  id: z.number(),
  public_id: z.string(),
  promotion_id: z.number(),
  status: z.number(),
  status_text: z.string(),
  reservation_sent_at: z.string().nullable(),
  first_reservation_at: z.string().nullable(),
  reservation_confirmed_at: z.string().nullable(),
  /** The broker validated the form: it is locked for everyone but brokers. */
  confirmed: z.boolean(),
  negociated_price: z.number().nullable(),
  /** The lot summary of step 1. */
  lot: z.object({
    reference: z.string(),
    public_id: z.string(),
    title: z.string(),
    promotion_title: z.string(),
    building_title: z.string(),
    /** How many associated lots (parking, box, cellar) follow the main lot. */
    children: z.number(),
    area_hab: z.number(),
    nb_rooms: z.number(),
    price: z.number(),
    total_price: z.number(),
  }),
  candidacy1: reservationCandidacyAnswerSchema,
  candidacy2: reservationCandidacyAnswerSchema.nullable(),
  /** What the viewer may do: edit the fields, and see the Confirm button (docs/product/reservation-form.md#screens and docs/product/access.md#who-may-do-what). */
  editable: z.boolean(),
  can_confirm: z.boolean(),
});
export type ReservationForm = z.infer<typeof reservationFormSchema>;
