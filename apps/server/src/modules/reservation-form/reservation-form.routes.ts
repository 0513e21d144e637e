import { RESERVATION_FORM_API } from '@promovente/shared';
import { handlersOf } from '../../platform/routes.js';
import { getReservationForm } from './reservation-form.js';

/** The reservation form's load (packages/shared/src/api/reservation-form.ts); it is saved by the command. */
export const RESERVATION_FORM_HANDLERS = handlersOf(RESERVATION_FORM_API, {
  getReservationForm: async ({ deps, actor, params }) => ({ data: await getReservationForm(deps.db, actor, params.publicId) }),
});
