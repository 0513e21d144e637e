import { z } from 'zod';
import {
  PRICE_GRID_MAX_BYTES,
  PRICE_GRID_MESSAGES,
  priceGridImportParamsSchema,
  priceGridPreviewSchema,
  priceGridPromotionParamsSchema,
} from '../contracts/price-grid.js';
import { dataOf, defineRoutes } from './route.js';

/** The price-grid import (docs/sales-process.md#price-grid-import-built): admins, on the promotion record's 'Lots' menu. */
export const PRICE_GRID_API = defineRoutes({
  previewPriceGrid: {
    method: 'POST',
    path: '/promotions/:id/price-grid/preview',
    summary: "Aperçu de l'import d'une grille de prix (.xlsx ou .ods)",
    access: 'priceGrid.import',
    params: priceGridPromotionParamsSchema,
    // Read by the handler: a call without a form still answers the French 'Choisissez un fichier' (422).
    form: {
      fields: z.object({}),
      files: 1,
      fileBytes: PRICE_GRID_MAX_BYTES,
      messages: { fileTooBig: PRICE_GRID_MESSAGES.tooBig, tooManyFiles: PRICE_GRID_MESSAGES.noFile },
      stream: true,
    },
    response: dataOf(priceGridPreviewSchema),
  },
  applyPriceGrid: {
    method: 'POST',
    path: '/promotions/:id/price-grid/:importId/apply',
    summary: "Appliquer la grille d'un aperçu (progression en NDJSON, puis le résultat)",
    access: 'priceGrid.import',
    params: priceGridImportParamsSchema,
    response: { raw: 'application/x-ndjson' },
  },
});
