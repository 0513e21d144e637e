import { RESERVATION_MESSAGES } from '@promovente/shared';
import type { CommandHandlers } from '../commands/index.js';
import { submitReservationForm } from './reservation-form.js';

/** The reservation form's command; its entity, input and roles are in the shared command catalogue. */
export const RESERVATION_FORM_COMMANDS = {
  /**
   * submitReservationForm on an application (docs/product/calls.md#command-dispatcher): candidacy1 and candidacy2, each
   * { candidate, financing }. A candidate only on his own application, before confirmation.
   */
  submitReservationForm: async ({ tx, actor, target }, input) => {
    const { data, log } = await submitReservationForm(tx, actor, target.id, input);
    return { data, message: RESERVATION_MESSAGES.submitted, log };
  },
} satisfies Partial<CommandHandlers>;
