import { idParamSchema } from '../contracts/common.js';
import { financesAnswerSchema, financesInputSchema, financesQuerySchema } from '../contracts/finances.js';
import { defineRoutes } from './route.js';

/**
 * The finances' calls (docs/product/finances.md#calls): one record per promotion, read by
 * brokers, pilots and non-light investors, saved whole by pilots.
 */
export const FINANCES_API = defineRoutes({
  getFinances: {
    method: 'GET',
    path: '/finances',
    summary: 'Finances de la promotion (créées vides à la première lecture) et chiffres des ventes du jour',
    access: 'finances.open',
    query: financesQuerySchema,
    response: financesAnswerSchema,
  },
  saveFinances: {
    method: 'PUT',
    path: '/finances/:id',
    summary: 'Enregistrer toutes les valeurs des finances',
    access: 'finances.edit',
    params: idParamSchema,
    body: financesInputSchema,
    response: financesAnswerSchema,
  },
});
