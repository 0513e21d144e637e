import type { CandidacyDetail, CreateCandidacyInput, UpdateCandidacyInput } from '@promovente/shared';

/**
 * The create/edit candidate form (docs/product/validation.md#candidate-form): the form's text values, its defaults and
 * the command payloads. Every candidate field of the shared schema is in the form, because
 * updateCandidacy replaces them all.
 */
export const CANDIDATE_TEXT_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'phone_private',
  'phone_pro',
  'household_size',
  'household_income',
  'own_funds',
  'budget',
  'address',
  'zip',
  'city',
  'country',
  'maiden_name',
  'job',
  'company_name',
] as const;

export type CandidateTextField = (typeof CANDIDATE_TEXT_FIELDS)[number];

export type CandidacyFormValues = {
  status: string;
  priority: string;
  vip: boolean;
  reason_vip: string;
  couple: boolean;
  candidate: Record<CandidateTextField, string>;
};

export type Gender = 'M' | 'F';

const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));

export const emptyCandidacyForm = (): CandidacyFormValues => ({
  status: '',
  priority: '',
  vip: false,
  reason_vip: '',
  couple: false,
  candidate: Object.fromEntries(CANDIDATE_TEXT_FIELDS.map((field) => [field, ''])) as Record<CandidateTextField, string>,
});

/** The form filled from a loaded candidacy; the budget shown is the candidacy's, else the candidate's. */
export const candidacyFormOf = (detail: CandidacyDetail): CandidacyFormValues => {
  const c = detail.candidate;
  return {
    status: String(detail.status),
    priority: String(detail.priority),
    vip: detail.vip,
    reason_vip: text(detail.reason_vip),
    couple: detail.couple,
    candidate: {
      first_name: c.first_name,
      last_name: c.last_name,
      email: text(c.email),
      phone: text(c.phone),
      phone_private: text(c.phone_private),
      phone_pro: text(c.phone_pro),
      household_size: text(c.household_size),
      household_income: text(c.household_income),
      own_funds: text(c.own_funds),
      budget: text(detail.budget ?? c.budget),
      address: text(c.address),
      zip: text(c.zip),
      city: text(c.city),
      country: text(c.country),
      maiden_name: text(c.maiden_name),
      job: text(c.job),
      company_name: text(c.company_name),
    },
  };
};

/** The candidacy part the commands receive; the gender comes from the Homme/Femme toggle at submit. */
const candidacyPayload = (values: CandidacyFormValues, gender: Gender) => ({
  status: values.status,
  priority: values.priority,
  vip: values.vip,
  reason_vip: values.vip ? values.reason_vip : null,
  couple: values.couple,
  budget: values.candidate.budget,
  candidate: { ...values.candidate, gender },
});

export const createCandidacyPayload = (values: CandidacyFormValues, gender: Gender): CreateCandidacyInput => ({
  candidacy: candidacyPayload(values, gender),
});

/** The e-mail is read-only once the candidate exists: it is not sent again. */
export const updateCandidacyPayload = (values: CandidacyFormValues, gender: Gender, promotionId: number): UpdateCandidacyInput => {
  const { candidate, ...rest } = candidacyPayload(values, gender);
  const { email: _email, ...withoutEmail } = candidate;
  return { candidacy: { ...rest, candidate: withoutEmail }, promotion_id: promotionId };
};

/** Turns flat error keys ('candidate.first_name') into the nested shape react-hook-form reads. */
export const nestErrors = <T extends Record<string, unknown>>(flat: Record<string, T>): Record<string, unknown> => {
  const nested: Record<string, unknown> = {};
  for (const [path, error] of Object.entries(flat)) {
    const parts = path.split('.');
    let node = nested;
    for (const part of parts.slice(0, -1)) {
      node[part] = (node[part] as Record<string, unknown> | undefined) ?? {};
      node = node[part] as Record<string, unknown>;
    }
    node[parts[parts.length - 1]] = error;
  }
  return nested;
};
