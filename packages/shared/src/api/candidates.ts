import { candidateRecordViewSchema, candidatesListQuerySchema, candidatesPageSchema } from '../contracts/candidacies.js';
import { idParamSchema } from '../contracts/common.js';
import { dataOf, defineRoutes } from './route.js';

/**
 * The routes of the 'Candidats' domain (docs/product/calls.md#candidates-and-candidacies): the people
 * behind the candidacies, the list the candidate record searches and the record itself (a
 * candidate may load his own), each reader receiving the fields of his audience.
 */
export const CANDIDATES_API = defineRoutes({
  listCandidates: {
    method: 'GET',
    path: '/candidates',
    summary: 'Les personnes ayant une candidature dans la promotion, recherchées et paginées',
    access: 'candidate.list',
    query: candidatesListQuerySchema,
    response: candidatesPageSchema,
    cache: true,
  },
  getCandidate: {
    method: 'GET',
    path: '/candidates/:id',
    summary: 'La fiche du candidat, ses candidatures et les discussions à son sujet',
    access: 'candidate.read',
    params: idParamSchema,
    response: dataOf(candidateRecordViewSchema),
  },
});
