import { z } from 'zod';
import { idParamSchema } from '../contracts/common.js';
import {
  type RegistrationFormInput,
  registrationLinkSchema,
  registrationResponseSchema,
  registrationTargetQuerySchema,
  registrationTargetSchema,
  registrationTokenParamsSchema,
} from '../contracts/registration.js';
import { dataOf, defineRoutes } from './route.js';

/**
 * The routes of the 'Inscription' domain (docs/architecture.md, 'The API catalogue'): the public
 * registration page (docs/product/registration.md#screens) and the link staff hand out. A refused
 * registration answers its list of field errors (RegistrationError), not only a message.
 */
export const REGISTRATION_API = defineRoutes({
  getRegistrationTarget: {
    method: 'GET',
    path: '/registration/:token',
    summary: "Titre de la page publique d'inscription (promotion, ou lot nommé par le lien)",
    access: 'public',
    params: registrationTokenParamsSchema,
    query: registrationTargetQuerySchema,
    response: dataOf(registrationTargetSchema),
  },
  registerCandidate: {
    method: 'POST',
    path: '/registration',
    summary: "S'inscrire comme candidat par le lien public d'une promotion",
    access: 'public',
    // The service parses the body itself (registrationSchema), so that every field error reaches the form, in French.
    body: z.custom<RegistrationFormInput & { promotion_token: string }>(),
    response: registrationResponseSchema,
  },
  getRegistrationLink: {
    method: 'GET',
    path: '/promotions/:id/registration-link',
    summary: "Lien public d'inscription de la promotion (aucun pour une promotion de démonstration)",
    access: 'registrationLink.read',
    params: idParamSchema,
    response: dataOf(registrationLinkSchema),
  },
});
