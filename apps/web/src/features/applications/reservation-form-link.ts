import { type ApplicationRow, canAccessRoute, reservationFormPath, routeByName, type UserType } from '@promovente/shared';

/** The funnel menu's label of the link to the reservation form. */
export const RESERVATION_FORM_LABEL = 'Formulaire de réservation';

/**
 * Where the funnel menu's 'Formulaire de réservation' leads (opened in a new tab, docs/product/reservation-form.md#screens): the application's form, for every role that may open that route.
 */
export const reservationFormLink = (row: Pick<ApplicationRow, 'public_id'>, userType: UserType | undefined): string | null =>
  userType !== undefined && canAccessRoute({ type: userType }, routeByName('candidate-form')) ? reservationFormPath(row.public_id) : null;
