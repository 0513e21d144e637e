import { RESERVATION_MESSAGES, type ReservationForm, submitReservationFormSchema } from '@promovente/shared';
import { describe, expect, it } from 'vitest';
import {
  canGoNext,
  canGoPrevious,
  digitsOnly,
  goToStep,
  isBlankCandidacy,
  lotSummaryOf,
  nextStep,
  noticeOf,
  previousStep,
  stepOfPath,
  submitPayloadOf,
  wizardValuesOf,
} from './reservation-wizard';

const candidate = {
  id: 7,
  last_name: 'Berset',
  maiden_name: null,
  first_name: 'Thomas',
  gender: 'M' as const,
  is_company: false,
  company_name: null,
  company_type: null,
  head_office: null,
  company_address: null,
  father_first_name: 'Pierre',
  mother_first_name: null,
  mother_maiden_name: null,
  avs: null,
  birthday: '1984-05-17',
  birthday_city: null,
  place_origin: null,
  establishment_permit: null,
  already_swiss_owner: false,
  job: null,
  civil_status: 'marié' as const,
  address: null,
  city: 'Gland',
  country: null,
  zip: '1196',
  phone_private: null,
  phone_pro: null,
  phone: null,
  email: 'candidat@demo.ch',
};

const financing = {
  mortgage_amount: 720_000,
  mortgage_bank_name: 'UBS',
  mortgage_contact_name: null,
  second_pillar_amount: null,
  second_pillar_bank_name: null,
  second_pillar_contact_name: null,
  third_pillar_amount: null,
  third_pillar_bank_name: null,
  third_pillar_contact_name: null,
  financials_unavailable: false,
};

const form = (values: Partial<ReservationForm> = {}): ReservationForm => ({
  id: 12,
  public_id: '5b0c2a8e-8a4b-4d4e-9a0e-1f2b3c4d5e6f',
  promotion_id: 1,
  status: 0,
  status_text: 'Optionné',
  reservation_sent_at: '2026-03-10T08:00:00.000Z',
  first_reservation_at: null,
  reservation_confirmed_at: null,
  confirmed: false,
  negociated_price: null,
  lot: {
    reference: 'A-12',
    public_id: 'c0ffee00-0000-4000-8000-000000000001',
    title: 'Appartement',
    promotion_title: 'Les Vergers',
    building_title: 'Bâtiment A',
    children: 2,
    area_hab: 104.5,
    nb_rooms: 4.5,
    price: 1_250_000,
    total_price: 1_280_000,
  },
  candidacy1: { id: 3, candidate, financing },
  candidacy2: null,
  editable: true,
  can_confirm: true,
  ...values,
});

describe('wizard navigation (docs/product/reservation-form.md#screens)', () => {
  it('goes next only below step 5 and back only above step 1', () => {
    expect([1, 2, 3, 4, 5].map(canGoNext)).toEqual([true, true, true, true, false]);
    expect([1, 2, 3, 4, 5].map(canGoPrevious)).toEqual([false, true, true, true, true]);
    expect(nextStep(4)).toBe(5);
    expect(nextStep(5)).toBe(5);
    expect(previousStep(2)).toBe(1);
    expect(previousStep(1)).toBe(1);
  });

  it('goes to a step only from 1 to 5', () => {
    expect(goToStep(2, 5)).toBe(5);
    expect(goToStep(2, 1)).toBe(1);
    expect(goToStep(2, 0)).toBe(2);
    expect(goToStep(2, 6)).toBe(2);
    expect(goToStep(2, 2.5)).toBe(2);
  });

  it('opens the step that shows a field in error', () => {
    expect(stepOfPath(['candidacy1', 'candidate', 'zip'])).toBe(2);
    expect(stepOfPath(['candidacy2', 'candidate', 'email'])).toBe(3);
    expect(stepOfPath(['candidacy1', 'financing', 'mortgage_amount'])).toBe(4);
    expect(stepOfPath(['candidacy2', 'financing', 'third_pillar_amount'])).toBe(5);
    expect(stepOfPath([])).toBe(1);
  });
});

describe('the values and the payload of submitReservationForm', () => {
  it('sends candidacy 2 as null when step 3 is left empty, the second candidate otherwise', () => {
    const values = wizardValuesOf(form());
    expect(values.candidacy1.candidate).toMatchObject({ id: 7, first_name: 'Thomas', zip: '1196', maiden_name: '', gender: 'M' });
    expect(values.candidacy1.financing).toMatchObject({ mortgage_amount: '720000', second_pillar_amount: '' });
    expect(isBlankCandidacy(values.candidacy2)).toBe(true);
    expect(submitPayloadOf(values).candidacy2).toBeNull();
    expect(submitReservationFormSchema.safeParse(submitPayloadOf(values)).success).toBe(true);

    values.candidacy2.candidate.first_name = 'Julie';
    expect(isBlankCandidacy(values.candidacy2)).toBe(false);
    const parsed = submitReservationFormSchema.safeParse(submitPayloadOf(values));
    expect(parsed.error?.issues.map((i) => i.message)).toEqual(['Nom requis', 'E-mail requis']);
  });

  it('never treats an existing second candidate as empty', () => {
    const values = wizardValuesOf(form({ candidacy2: { id: 4, candidate: { ...candidate, id: 8, email: 'julie@demo.ch' }, financing } }));
    expect(values.candidacy2.candidate.id).toBe(8);
    expect(isBlankCandidacy(values.candidacy2)).toBe(false);
  });

  it('keeps digits only in numeric fields', () => {
    expect(digitsOnly("720'000 CHF")).toBe('720000');
    expect(digitsOnly('12a4')).toBe('124');
  });
});

describe('what the page shows', () => {
  it('summarises the lot: living area, rooms, prices in CHF with apostrophes, the negotiated price if any', () => {
    expect(lotSummaryOf(form())).toEqual([
      { label: 'Référence', value: 'A-12' },
      { label: 'Promotion', value: 'Les Vergers' },
      { label: 'Bâtiment', value: 'Bâtiment A' },
      { label: 'Lots associés', value: '2' },
      { label: 'Surface habitable', value: '104,5 m²' },
      { label: 'Nombre de pièces', value: '4,5' },
      { label: 'Prix total', value: "1'280'000 CHF" },
    ]);
    expect(lotSummaryOf(form({ negociated_price: 1_200_000 })).at(-1)).toEqual({ label: 'Prix négocié', value: "1'200'000 CHF" });
  });

  it('tells non-brokers that a confirmed form goes through messages, and anyone that a filled form may still be edited', () => {
    const confirmed = form({ confirmed: true, first_reservation_at: '2026-03-11T09:00:00.000Z', editable: false, can_confirm: false });
    expect(noticeOf(confirmed, 'candidate')).toEqual({ kind: 'confirmed', text: RESERVATION_MESSAGES.confirmedNotice });
    expect(noticeOf(confirmed, 'notary')?.kind).toBe('confirmed');
    expect(noticeOf({ ...confirmed, editable: true, can_confirm: true }, 'broker')).toEqual({
      kind: 'filled',
      text: RESERVATION_MESSAGES.filledNotice('11/03/2026 10:00'),
    });
    expect(noticeOf(form({ first_reservation_at: '2026-03-11T08:00:00.000Z' }), 'candidate')?.kind).toBe('filled');
    expect(noticeOf(form(), 'candidate')).toBeNull();
  });
});
