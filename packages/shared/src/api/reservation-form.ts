import { z } from 'zod';
import { reservationFormSchema } from '../contracts/reservation.js';
import { dataOf, defineRoutes } from './route.js';

/** The reservation form's load (docs/product/calls.md#direct-application-calls); it is saved by the command submitReservationForm. */
export const RESERVATION_FORM_API = defineRoutes({
  getReservationForm: {
    method: 'GET',
    path: '/applications/public/:publicId',
    summary: "Formulaire de réservation d'un dossier, par son identifiant public",
    access: 'reservationForm.read',
    params: z.object({ publicId: z.string().max(100) }),
    response: dataOf(reservationFormSchema),
  },
});
