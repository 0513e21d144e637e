import { z } from 'zod';
import { defineRoutes } from './route.js';

/** The platform's own routes: health, and the API's reference generated from this catalogue. */
export const REFERENCE_API = defineRoutes({
  getHealth: {
    method: 'GET',
    path: '/health',
    summary: 'État du service (la base de données répond)',
    access: 'public',
    response: z.object({ status: z.literal('ok') }),
  },
  getOpenApi: {
    method: 'GET',
    path: '/openapi.json',
    summary: "Description OpenAPI 3.1 de toute l'API, générée du catalogue",
    access: 'public',
    response: { raw: 'application/json' },
  },
  getApiReference: {
    method: 'GET',
    path: '/docs',
    summary: "Page de référence lisible de l'API",
    access: 'public',
    response: { raw: 'text/html' },
  },
  getApiReferenceAsset: {
    method: 'GET',
    path: '/docs/:asset',
    summary: 'Fichier de la page de référence (script, feuille de style)',
    access: 'public',
    params: z.object({ asset: z.string().max(100) }),
    response: { raw: 'text/javascript, text/css' },
  },
});
