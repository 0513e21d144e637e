import { describe, expect, it } from 'vitest';
import type { Actor, UserType } from '../roles.js';
import { ZIP_INVALID } from './common.js';
import { PIPELINE_MESSAGES } from './pipeline.js';
import { RESERVATION_MESSAGES, reservationCandidateSchema, reservationFormRights, submitReservationFormSchema } from './reservation.js';

const candidate = (values: Record<string, unknown> = {}) => ({ id: 7, first_name: 'Thomas', last_name: 'Berset', gender: 'M', ...values });
const firstIssue = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('the reservation candidate (docs/product/entities.md#candidate and docs/product/validation.md#reservation-form)', () => {
  it('clears the company fields when the company toggle is off, keeps them when on', () => {
    const company = { company_name: 'Berset SA', company_type: 'SA', head_office: 'Gland', company_address: 'Route 1' };
    expect(reservationCandidateSchema.parse(candidate({ ...company, is_company: false }))).toMatchObject({
      is_company: false,
      company_name: null,
      company_type: null,
      head_office: null,
      company_address: null,
    });
    expect(reservationCandidateSchema.parse(candidate({ ...company, is_company: true }))).toMatchObject({ is_company: true, ...company });
    expect(firstIssue(reservationCandidateSchema.safeParse(candidate({ is_company: true })))).toBe(
      RESERVATION_MESSAGES.companyNameRequired,
    );
  });

  it('takes numeric zip codes, a civil status of the list and a real past birthday', () => {
    expect(reservationCandidateSchema.parse(candidate({ zip: ' 1196 ', civil_status: 'veuf', birthday: '1980-02-29' }))).toMatchObject({
      zip: '1196',
      civil_status: 'veuf',
      birthday: '1980-02-29',
    });
    expect(firstIssue(reservationCandidateSchema.safeParse(candidate({ zip: 'CH-1196' })))).toBe(ZIP_INVALID);
    expect(firstIssue(reservationCandidateSchema.safeParse(candidate({ civil_status: 'pacsé' })))).toBe(
      RESERVATION_MESSAGES.civilStatusInvalid,
    );
    expect(firstIssue(reservationCandidateSchema.safeParse(candidate({ birthday: '1981-02-29' })))).toBe(
      RESERVATION_MESSAGES.birthdayInvalid,
    );
    expect(reservationCandidateSchema.parse(candidate({ zip: '', civil_status: '', birthday: '' }))).toMatchObject({
      zip: null,
      civil_status: null,
      birthday: null,
    });
  });

  it('requires an e-mail only for a new candidate', () => {
    expect(reservationCandidateSchema.safeParse(candidate({ email: null })).success).toBe(true);
    expect(firstIssue(reservationCandidateSchema.safeParse(candidate({ id: null, email: '' })))).toBe(RESERVATION_MESSAGES.emailRequired);
    expect(firstIssue(reservationCandidateSchema.safeParse(candidate({ id: null, email: 'julie@' })))).toBe(
      RESERVATION_MESSAGES.emailInvalid,
    );
  });
});

describe('submitReservationFormSchema', () => {
  const financing = { mortgage_amount: "720'000", second_pillar_amount: 120000, third_pillar_amount: '' };

  it('reads amounts as whole numbers of CHF and refuses the others', () => {
    const parsed = submitReservationFormSchema.parse({ candidacy1: { candidate: candidate(), financing }, candidacy2: null });
    expect(parsed.candidacy1.financing).toMatchObject({
      mortgage_amount: 720_000,
      second_pillar_amount: 120_000,
      third_pillar_amount: null,
    });
    for (const amount of ['-1', '12.5', 'mille', -3]) {
      const result = submitReservationFormSchema.safeParse({
        candidacy1: { candidate: candidate(), financing: { mortgage_amount: amount } },
      });
      expect(firstIssue(result)).toBe(RESERVATION_MESSAGES.amountInvalid);
    }
  });

  it('refuses the same e-mail for the two candidates (docs/product/errors.md#sales-pipeline)', () => {
    const result = submitReservationFormSchema.safeParse({
      candidacy1: { candidate: candidate({ email: 'thomas@exemple.ch' }), financing: {} },
      candidacy2: { candidate: candidate({ id: null, first_name: 'Julie', email: 'Thomas@Exemple.ch ' }), financing: {} },
    });
    expect(firstIssue(result)).toBe(PIPELINE_MESSAGES.sameEmail);
    expect(result.error?.issues[0]?.path).toEqual(['candidacy2', 'candidate', 'email']);
  });
});

describe('reservationFormRights (docs/product/reservation-form.md#screens and docs/product/access.md#who-may-do-what)', () => {
  const actor = (type: UserType, agency_id: number | null = null): Actor => ({
    id: 1,
    type,
    admin: false,
    restricted_access: 0,
    agency_id,
  });
  const state = { sent: true, confirmed: false, closed: false, candidacy_agency_id: 2 };

  it('lets the candidate edit and confirm from the sending until the confirmation', () => {
    expect(reservationFormRights(actor('candidate'), state)).toEqual({ editable: true, can_confirm: true });
    expect(reservationFormRights(actor('candidate'), { ...state, confirmed: true })).toEqual({ editable: false, can_confirm: false });
    expect(reservationFormRights(actor('candidate'), { ...state, sent: false })).toEqual({ editable: false, can_confirm: false });
  });

  it("lets a broker of the candidacy's agency edit even once confirmed", () => {
    expect(reservationFormRights(actor('broker', 2), { ...state, confirmed: true })).toEqual({ editable: true, can_confirm: true });
    expect(reservationFormRights(actor('broker', 3), state)).toEqual({ editable: false, can_confirm: false });
  });

  it('never offers Confirm to notaries, promoters and bankers, and nothing on a closed application', () => {
    for (const type of ['notary', 'promoter', 'banker'] as const) {
      expect(reservationFormRights(actor(type, 2), state)).toEqual({ editable: false, can_confirm: false });
    }
    expect(reservationFormRights(actor('broker', 2), { ...state, closed: true })).toEqual({ editable: false, can_confirm: false });
  });
});
