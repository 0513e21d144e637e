import {
  candidaciesAllQuerySchema,
  candidaciesListQuerySchema,
  candidaciesPageSchema,
  candidacyOptionSchema,
  candidacyViewSchema,
} from '../contracts/candidacies.js';
import { idParamSchema } from '../contracts/common.js';
import { dataOf, defineRoutes, signedLinkSchema } from './route.js';

/**
 * The routes of the 'Candidatures' domain (docs/product/calls.md#candidates-and-candidacies): the candidates
 * screen's table, its export, the pickers' list and one candidacy. Each reader receives the
 * fields of his audience (candidacyViewSchema). The writes are commands.
 */
export const CANDIDACIES_API = defineRoutes({
  listCandidacies: {
    method: 'GET',
    path: '/candidacies',
    summary: 'Une page des candidatures de la promotion, filtrées et triées, avec le compte par statut',
    access: 'candidacy.list',
    query: candidaciesListQuerySchema,
    response: candidaciesPageSchema,
    cache: true,
  },
  listCandidacyOptions: {
    method: 'GET',
    path: '/candidacies/all',
    summary: 'Toutes les candidatures de la promotion, pour les listes de choix',
    access: 'candidacy.list',
    query: candidaciesAllQuerySchema,
    response: dataOf(candidacyOptionSchema.array()),
  },
  downloadCandidacies: {
    method: 'GET',
    path: '/candidacies/download',
    summary: 'Exporter les candidatures filtrées en classeur Excel (lien signé)',
    access: 'candidacy.download',
    query: candidaciesListQuerySchema,
    response: dataOf(signedLinkSchema),
  },
  getCandidacy: {
    method: 'GET',
    path: '/candidacies/:id',
    summary: 'Une candidature avec son candidat, ses lots, documents, commentaires et tâches',
    access: 'candidacy.read',
    params: idParamSchema,
    response: dataOf(candidacyViewSchema),
  },
});
