import {
  type CandidacyFinancing,
  FINANCING_DETAIL_FIELDS,
  formatArea,
  formatCHF,
  formatDateTime,
  formatDecimal,
  RESERVATION_FORM_STEPS,
  RESERVATION_MESSAGES,
  type ReservationCandidate,
  type ReservationForm,
  type SubmitReservationFormInput,
  type UserType,
} from '@promovente/shared';

/**
 * The reservation form wizard (docs/product/reservation-form.md#screens): its five steps, the navigation rules, the
 * form values and the payload of submitReservationForm. Pure, so that it is tested alone.
 */

export const RESERVATION_STEPS = [
  { step: 1, title: 'Candidature', heading: 'Informations sur la candidature' },
  { step: 2, title: 'Candidat 1', heading: 'Informations personnelles du candidat 1' },
  { step: 3, title: 'Candidat 2', heading: 'Informations personnelles du candidat 2' },
  { step: 4, title: 'Financement candidat 1', heading: 'Financement du candidat 1' },
  { step: 5, title: 'Financement candidat 2', heading: 'Financement du candidat 2' },
] as const;

export const LEAVE_EMPTY_TO_BUY_ALONE = 'Laisser vide pour acheter seul';
/** After a successful submit the page reloads after 1 second (docs/product/constants.md#timing). */
export const RELOAD_DELAY_MS = 1000;

// ---------------------------------------------------------------------------------------------
// Navigation: next below 5, previous above 1, go-to only 1 to 5

export const canGoNext = (step: number) => step < RESERVATION_FORM_STEPS;
export const canGoPrevious = (step: number) => step > 1;
export const nextStep = (step: number) => (canGoNext(step) ? step + 1 : step);
export const previousStep = (step: number) => (canGoPrevious(step) ? step - 1 : step);
export const goToStep = (current: number, target: number) =>
  Number.isInteger(target) && target >= 1 && target <= RESERVATION_FORM_STEPS ? target : current;

// ---------------------------------------------------------------------------------------------
// Form values: text inputs hold strings, toggles booleans

export const CANDIDATE_TEXT_FIELDS = [
  'last_name',
  'maiden_name',
  'first_name',
  'company_name',
  'company_type',
  'head_office',
  'company_address',
  'father_first_name',
  'mother_first_name',
  'mother_maiden_name',
  'avs',
  'birthday',
  'birthday_city',
  'place_origin',
  'establishment_permit',
  'job',
  'civil_status',
  'address',
  'city',
  'country',
  'zip',
  'phone_private',
  'phone_pro',
  'phone',
  'email',
] as const;
export type CandidateTextField = (typeof CANDIDATE_TEXT_FIELDS)[number];

export const COMPANY_FIELDS = ['company_name', 'company_type', 'head_office', 'company_address'] as const;
export const PARENT_FIELDS = ['father_first_name', 'mother_first_name', 'mother_maiden_name'] as const;

export type CandidateValues = Record<CandidateTextField, string> & {
  id: number | null;
  gender: 'M' | 'F';
  is_company: boolean;
  already_swiss_owner: boolean;
};

export const AMOUNT_FIELDS = ['mortgage_amount', 'second_pillar_amount', 'third_pillar_amount'] as const;
export const FINANCING_TEXT_FIELDS = FINANCING_DETAIL_FIELDS;
export type FinancingTextField = (typeof FINANCING_TEXT_FIELDS)[number];
export type FinancingValues = Record<FinancingTextField, string> & { financials_unavailable: boolean };

export type CandidacyValues = { candidate: CandidateValues; financing: FinancingValues };
export type WizardValues = { candidacy1: CandidacyValues; candidacy2: CandidacyValues };

const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));

export const candidateValuesOf = (c: ReservationCandidate | null): CandidateValues => ({
  ...(Object.fromEntries(CANDIDATE_TEXT_FIELDS.map((field) => [field, text(c?.[field])])) as Record<CandidateTextField, string>),
  id: c?.id ?? null,
  gender: c?.gender ?? 'M',
  is_company: c?.is_company ?? false,
  already_swiss_owner: c?.already_swiss_owner ?? false,
});

export const financingValuesOf = (f: CandidacyFinancing | null): FinancingValues => ({
  ...(Object.fromEntries(FINANCING_TEXT_FIELDS.map((field) => [field, text(f?.[field])])) as Record<FinancingTextField, string>),
  financials_unavailable: f?.financials_unavailable ?? false,
});

/** The wizard's values from the loaded form; candidacy 2 is empty when the buyer is alone. */
export const wizardValuesOf = (form: ReservationForm): WizardValues => ({
  candidacy1: { candidate: candidateValuesOf(form.candidacy1.candidate), financing: financingValuesOf(form.candidacy1.financing) },
  candidacy2: {
    candidate: candidateValuesOf(form.candidacy2?.candidate ?? null),
    financing: financingValuesOf(form.candidacy2?.financing ?? null),
  },
});

/** A new second candidate left empty (gender aside) means buying alone. */
export const isBlankCandidacy = (values: CandidacyValues) =>
  values.candidate.id === null &&
  CANDIDATE_TEXT_FIELDS.every((field) => values.candidate[field].trim() === '') &&
  !values.candidate.is_company &&
  !values.candidate.already_swiss_owner &&
  FINANCING_TEXT_FIELDS.every((field) => values.financing[field].trim() === '') &&
  !values.financing.financials_unavailable;

const candidacyPayload = (values: CandidacyValues) => ({ candidate: { ...values.candidate }, financing: { ...values.financing } });

/** What submitReservationForm receives: candidacy 2 is null when step 3 was left empty. */
export const submitPayloadOf = (values: WizardValues): SubmitReservationFormInput => ({
  candidacy1: candidacyPayload(values.candidacy1),
  candidacy2: isBlankCandidacy(values.candidacy2) ? null : candidacyPayload(values.candidacy2),
});

/** The step that shows a field, from its path in the payload ('candidacy2.candidate.email' -> 3). */
export const stepOfPath = (path: readonly PropertyKey[]): number => {
  const [candidacy, part] = path.map(String);
  const second = candidacy === 'candidacy2';
  if (part === 'financing') return second ? 5 : 4;
  if (part === 'candidate') return second ? 3 : 2;
  return 1;
};

/** Keeps digits only: zip codes and amounts are numeric (docs/product/reservation-form.md#screens). */
export const digitsOnly = (value: string) => value.replace(/\D/g, '');

// ---------------------------------------------------------------------------------------------
// What the page shows

/** The lot summary of step 1, in display order. */
export const lotSummaryOf = (form: ReservationForm): { label: string; value: string }[] => [
  { label: 'Référence', value: form.lot.reference },
  { label: 'Promotion', value: form.lot.promotion_title },
  { label: 'Bâtiment', value: form.lot.building_title },
  { label: 'Lots associés', value: String(form.lot.children) },
  { label: 'Surface habitable', value: formatArea(form.lot.area_hab) },
  { label: 'Nombre de pièces', value: formatDecimal(form.lot.nb_rooms, 1) },
  { label: 'Prix total', value: formatCHF(form.lot.total_price) },
  ...(form.negociated_price !== null ? [{ label: 'Prix négocié', value: formatCHF(form.negociated_price) }] : []),
];

/**
 * The notice above the form: once confirmed, non-brokers read that the broker validated it and
 * that changes go through messages; a filled form that may still be edited says so.
 */
export const noticeOf = (form: ReservationForm, userType: UserType): { kind: 'confirmed' | 'filled'; text: string } | null => {
  if (form.confirmed && userType !== 'broker') return { kind: 'confirmed', text: RESERVATION_MESSAGES.confirmedNotice };
  if (form.first_reservation_at && form.editable) {
    return { kind: 'filled', text: RESERVATION_MESSAGES.filledNotice(formatDateTime(form.first_reservation_at)) };
  }
  return null;
};
