import { sendReservationFormSchema, updateApplicationSchema } from '@promovente/shared';
import { describe, expect, it } from 'vitest';
import {
  APPLICATION_DATE_LABELS,
  candidateNames,
  changedMilestones,
  commandResolver,
  isMilestoneEditable,
  normalizeLines,
  parseEmails,
  priorityChoices,
  QUARTER_HOURS,
  reservationFormBody,
  reservationFormSubject,
  swissTimeIso,
} from './modal-helpers';

const candidacy = (id: number, full_name: string) => ({
  id,
  agency_id: 2,
  crm_validated: true,
  vip: false,
  candidate: { id: id * 10, full_name, email: `${id}@test.ch`, phone: null, has_account: false },
});

describe('the pickers of the funnel modals (docs/product/validation.md#sales-pipeline-forms and docs/product/constants.md#timing)', () => {
  it('offers the 96 quarter hours of a day', () => {
    expect(QUARTER_HOURS).toHaveLength(96);
    expect(QUARTER_HOURS.slice(0, 3)).toEqual(['00:00', '00:15', '00:30']);
    expect(QUARTER_HOURS).toContain('10:00');
    expect(QUARTER_HOURS.at(-1)).toBe('23:45');
  });

  it('reads a date and a time in Swiss time (UTC+1 in winter, UTC+2 in summer) and sends the instant as ISO', () => {
    expect(swissTimeIso('2026-01-12', '10:00')).toBe('2026-01-12T09:00:00.000Z');
    expect(swissTimeIso('2026-07-12', '10:00')).toBe('2026-07-12T08:00:00.000Z');
    expect(swissTimeIso('2026-12-31', '23:45')).toBe('2026-12-31T22:45:00.000Z');
    expect(swissTimeIso('2026-03-12', '00:15')).toBe('2026-03-11T23:15:00.000Z');
    // The day after the spring clock change (29 March 2026) is summer time.
    expect(swissTimeIso('2026-03-30', '10:00')).toBe('2026-03-30T08:00:00.000Z');
  });

  it('sends nothing without a date, and the raw text when it is not a date', () => {
    expect(swissTimeIso('', '10:00')).toBe('');
    expect(swissTimeIso('  ', '10:00')).toBe('');
    expect(Number.isNaN(Date.parse(swissTimeIso('2026-13-45', '10:00')))).toBe(true);
  });
});

describe('the e-mail texts of the funnel modals (docs/product/validation.md#sales-pipeline-forms)', () => {
  it('names the promotion and the lot in the reservation e-mail subject', () => {
    expect(reservationFormSubject('Les Terrasses', 'A12')).toBe('Formulaire de réservation – Les Terrasses – lot A12');
    expect(reservationFormSubject(null, 'A12')).toBe('Formulaire de réservation – lot A12');
  });

  it('greets both candidates and signs with the broker in the default body', () => {
    const application = { candidacy1: candidacy(1, 'Jean Dupont'), candidacy2: candidacy(2, 'Marie Martin'), lot: { reference: 'A12' } };
    expect(candidateNames(application)).toBe('Jean Dupont et Marie Martin');
    const body = reservationFormBody({
      application: application as Parameters<typeof reservationFormBody>[0]['application'],
      promotionTitle: 'Les Terrasses',
      brokerName: 'Julie Favre',
    });
    expect(body.startsWith('Bonjour Jean Dupont et Marie Martin,\n\n')).toBe(true);
    expect(body).toContain('lot A12 de la promotion Les Terrasses');
    expect(body.endsWith('Meilleures salutations,\nJulie Favre')).toBe(true);
  });

  it('sends line breaks as \\n, keeping paragraphs and dropping trailing spaces', () => {
    expect(normalizeLines('Bonjour,\r\n\r\nLigne 1  \r\nLigne 2\rFin\n\n')).toBe('Bonjour,\n\nLigne 1\nLigne 2\nFin');
    expect(normalizeLines('\n\nTexte')).toBe('Texte');
  });

  it('splits the extra recipients on commas, semicolons, spaces and lines', () => {
    expect(parseEmails('a@test.ch, b@test.ch;c@test.ch\nd@test.ch  ')).toEqual(['a@test.ch', 'b@test.ch', 'c@test.ch', 'd@test.ch']);
    expect(parseEmails('   ')).toEqual([]);
  });
});

describe('the priority modal (docs/product/positions.md#priority-modal)', () => {
  const row = (priority: number, best: number | null) => ({ priority, lot: { best_available_priority: best } });

  it('is a select outside multi-agency promotions', () => {
    expect(priorityChoices(row(1, null), false, true)).toEqual({ kind: 'select' });
  });

  it('offers the best free position from 9 only when the lot has one', () => {
    expect(priorityChoices(row(9, 2), true, false)).toEqual({ kind: 'buttons', commands: ['goToBestAvailablePriority'] });
    expect(priorityChoices(row(9, null), true, false)).toEqual({ kind: 'buttons', commands: [] });
  });

  it('releases a held position, and lets only an admin reset the counter of a priority 1', () => {
    expect(priorityChoices(row(2, 3), true, true)).toEqual({ kind: 'buttons', commands: ['goToLatestPriority'] });
    expect(priorityChoices(row(1, null), true, false)).toEqual({ kind: 'buttons', commands: ['goToLatestPriority'] });
    expect(priorityChoices(row(1, null), true, true)).toEqual({
      kind: 'buttons',
      commands: ['goToLatestPriority', 'UpdateLastPriorityChange'],
    });
  });
});

describe('the update-statuses modal (docs/product/funnel.md#milestones)', () => {
  const application = {
    status_FR_checked: true,
    status_SIGNPDV: 'Prévue le 12/03/2026 10:00',
    status_SIGNPDV_checked: false,
    status_SIGN: 'Signé le 01/06/2026 10:00',
    status_SIGN_checked: true,
  };

  it('never edits FR, AC, FIN and edits SIGN PdV and SIGN only while not checked', () => {
    expect(isMilestoneEditable(application, 'FR')).toBe(false);
    expect(isMilestoneEditable(application, 'FIN')).toBe(false);
    expect(isMilestoneEditable(application, 'SIGNPDV')).toBe(true);
    expect(isMilestoneEditable(application, 'SIGN')).toBe(false);
  });

  it('sends only the editable texts that changed, an emptied text as null', () => {
    expect(changedMilestones(application, { status_SIGNPDV: 'Prévue le 12/03/2026 10:00 ', status_SIGN: 'autre' })).toEqual({});
    expect(changedMilestones(application, { status_SIGNPDV: 'Reportée', status_SIGN: 'autre' })).toEqual({ status_SIGNPDV: 'Reportée' });
    expect(changedMilestones(application, { status_SIGNPDV: '  ', status_SIGN: '' })).toEqual({ status_SIGNPDV: null });
  });
});

describe('the application dates', () => {
  it('lists the eight dates of docs/product/entities.md#application', () => {
    expect(APPLICATION_DATE_LABELS.map(([key]) => key)).toEqual([
      'reservation_sent_at',
      'first_reservation_at',
      'reservation_confirmed_at',
      'reservation_deposit_confirmed_at',
      'promise_planned_at',
      'promise_signed_at',
      'act_of_purchase_at',
      'act_of_purchase_signed_at',
    ]);
  });
});

describe('the command resolver', () => {
  /** The resolver reads no option. */
  const options = { fields: {}, shouldUseNativeValidation: false };

  it('answers the parsed payload when the shared schema accepts it', async () => {
    const resolve = commandResolver(sendReservationFormSchema, (values: { subject: string; body: string; emails: string }) => ({
      subject: values.subject,
      body: normalizeLines(values.body),
      emails: parseEmails(values.emails),
      do_not_send_email: true,
    }));
    const result = await resolve({ subject: ' Objet ', body: 'A\r\nB', emails: 'X@Test.ch' }, undefined, options);
    expect(result.values).toEqual({
      subject: 'Objet',
      body: 'A\nB',
      emails: ['x@test.ch'],
      do_not_send_email: true,
      send_copy_to_broker: false,
    });
  });

  it("shows the schema's French message on the form field", async () => {
    const [, priceSchema] = updateApplicationSchema.options;
    const resolve = commandResolver(priceSchema, (values: { price: string }) => ({ negociated_price: values.price || undefined }), {
      negociated_price: 'price',
    });
    expect((await resolve({ price: '' }, undefined, options)).errors).toEqual({ price: { type: 'validation', message: 'Prix requis' } });
    expect((await resolve({ price: '1500' }, undefined, options)).errors).toEqual({
      price: { type: 'validation', message: 'Le prix doit être un multiple de 1000' },
    });
  });
});
