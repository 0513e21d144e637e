import {
  attributionOptionsSchema,
  attributionQuerySchema,
  lotAttributionOptionsSchema,
  lotAttributionQuerySchema,
  partnerOptionSchema,
  partnersQuerySchema,
} from '../contracts/applications.js';
import { dataOf, defineRoutes } from './route.js';

/**
 * The routes of the 'Attribution' domain (docs/product/validation.md#assign-lot): what the 'assign lot'
 * modals need, from a candidacy row (the lots, the partners) or from a lot row (the candidacies).
 * The attribution itself is the attributeLot command.
 */
export const ATTRIBUTION_API = defineRoutes({
  listAttributionLots: {
    method: 'GET',
    path: '/lots/for-attribution',
    summary: 'Lots principaux attribuables à une candidature, avec la position que chacun donnerait',
    access: 'lot.attribute',
    query: attributionQuerySchema,
    response: dataOf(attributionOptionsSchema),
  },
  listAttributionPartners: {
    method: 'GET',
    path: '/applications/partners',
    summary: 'Candidatures proposées comme second candidat',
    access: 'lot.attribute',
    query: partnersQuerySchema,
    response: dataOf(partnerOptionSchema.array()),
  },
  listAttributionCandidacies: {
    method: 'GET',
    path: '/attribution/candidacies',
    summary: "Positions d'un lot et candidatures de l'agence auxquelles l'attribuer",
    access: 'lot.attribute',
    query: lotAttributionQuerySchema,
    response: dataOf(lotAttributionOptionsSchema),
  },
});
