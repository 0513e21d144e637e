import { RESERVATION_MESSAGES, rolesWith, submitReservationFormSchema } from '@promovente/shared';
import { defineCommand } from '../commands/index.js';
import { submitReservationForm as submit } from './reservation-form.js';

/**
 * submitReservationForm on an application (spec part 2, 7.1): candidacy1 and candidacy2, each
 * { candidate, financing }. A candidate only on his own application, before confirmation.
 */
export const submitReservationForm = defineCommand({
  name: 'submitReservationForm',
  entity: 'application',
  roles: rolesWith('reservationForm.submit'),
  input: submitReservationFormSchema,
  run: async ({ tx, actor, target }, input) => {
    const { data, log } = await submit(tx, actor, target.id, input);
    return { data, message: RESERVATION_MESSAGES.submitted, log };
  },
});

export const RESERVATION_FORM_COMMANDS = [submitReservationForm];
