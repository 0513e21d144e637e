import { idParamSchema } from '../contracts/common.js';
import {
  candidateLotRowSchema,
  lotDetailSchema,
  lotFloorSchema,
  lotRowSchema,
  lotsListOf,
  lotsQuerySchema,
  lotTypeSchema,
  publicLotParamsSchema,
  publicLotSchema,
  updateLotResponseSchema,
  updateLotSchema,
} from '../contracts/lots.js';
import { dataOf, defineRoutes, signedLinkSchema } from './route.js';

/** The lots' calls (docs/product/calls.md#lots): the staff table, the buyers' price grid, the lot page. */
export const LOTS_API = defineRoutes({
  listLots: {
    method: 'GET',
    path: '/lots',
    summary: 'Lots de la promotion (une page de 50), avec les compteurs par statut',
    access: 'lot.read',
    query: lotsQuerySchema,
    response: lotsListOf(lotRowSchema),
    cache: true,
  },
  listCandidateLots: {
    method: 'GET',
    path: '/candidate/lots',
    summary: 'Grille des prix (acquéreurs) : les lots sans les colonnes du personnel',
    access: 'lot.readPriceGrid',
    query: lotsQuerySchema,
    response: lotsListOf(candidateLotRowSchema),
  },
  downloadLots: {
    method: 'GET',
    path: '/lots/download',
    summary: 'Liste des lots filtrée en classeur .xlsx (lien signé)',
    access: 'lot.download',
    query: lotsQuerySchema,
    response: dataOf(signedLinkSchema),
  },
  getPublicLot: {
    method: 'GET',
    path: '/lots/public/:id',
    summary: "Le lot d'un lien d'inscription public",
    access: 'public',
    params: publicLotParamsSchema,
    response: dataOf(dataOf(publicLotSchema)),
  },
  getLot: {
    method: 'GET',
    path: '/lots/:id',
    summary: 'Un lot avec ses lots associés, son historique et ses tâches ouvertes',
    access: 'lot.read',
    params: idParamSchema,
    response: dataOf(lotDetailSchema),
  },
  updateLot: {
    method: 'PUT',
    path: '/lots/:id',
    summary: "Passer un lot en PRS (ou l'en sortir) ou changer son prix",
    access: 'lot.edit',
    params: idParamSchema,
    body: updateLotSchema,
    response: updateLotResponseSchema,
  },
  listLotTypes: {
    method: 'GET',
    path: '/lots_types',
    summary: 'Types de lots',
    access: 'signedIn',
    response: dataOf(lotTypeSchema.array()),
  },
  listLotFloors: {
    method: 'GET',
    path: '/lots_floors',
    summary: 'Étages',
    access: 'signedIn',
    response: dataOf(lotFloorSchema.array()),
  },
});
