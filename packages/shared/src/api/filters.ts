import { filterOptionsQuerySchema, filterOptionsSchema } from '../contracts/filters.js';
import { dataOf, defineRoutes } from './route.js';

/** The routes of the 'Filtres' domain (docs/architecture.md, 'The API catalogue'). */
export const FILTERS_API = defineRoutes({
  getFilterOptions: {
    method: 'GET',
    path: '/app/filters',
    summary: 'Options de la barre de filtres pour la promotion courante',
    access: 'signedIn',
    query: filterOptionsQuerySchema,
    response: dataOf(filterOptionsSchema),
    cache: true,
  },
});
