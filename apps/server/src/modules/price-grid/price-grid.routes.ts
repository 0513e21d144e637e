import { PassThrough } from 'node:stream';
import {
  PRICE_GRID_MAX_BYTES,
  PRICE_GRID_MESSAGES,
  type PriceGridApplyEvent,
  priceGridImportParamsSchema,
  priceGridPromotionParamsSchema,
} from '@promovente/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/auth.js';
import { HttpError, isDatabaseUnavailable, SERVICE_UNAVAILABLE } from '../../platform/errors.js';
import type { Upload } from '../../platform/uploads.js';
import { applyGrid, openGridApply, previewGrid } from './price-grid.service.js';

/** The price-grid import (docs/sales-process.md#price-grid-import-built): admins, on the promotion record's 'Lots' menu. */
export const priceGridRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;

  // 'authenticated', then the permission (admins only, as GET /admin/mails): no user type grants it alone.
  app.post(
    '/promotions/:id/price-grid/preview',
    { config: { access: 'authenticated' }, schema: { params: priceGridPromotionParamsSchema } },
    async (request) => {
      let upload: Upload | null = null;
      if (request.isMultipart()) {
        try {
          for await (const part of request.parts({ limits: { fileSize: PRICE_GRID_MAX_BYTES, files: 1, fields: 10 } })) {
            if (part.type !== 'file') continue;
            const content = await part.toBuffer();
            if (part.fieldname === 'file' && !upload) upload = { filename: part.filename, mimetype: part.mimetype, content };
          }
        } catch (error) {
          const code = (error as { code?: string }).code;
          if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, PRICE_GRID_MESSAGES.tooBig);
          if (code === 'FST_FILES_LIMIT') throw new HttpError(400, PRICE_GRID_MESSAGES.noFile);
          throw error;
        }
      }
      return { data: await previewGrid(db(), actorOf(request), request.params.id, upload) };
    },
  );

  /**
   * The apply answers newline-delimited JSON: progress lines while its one transaction runs, then
   * `done` once committed, or `error` (rolled back). The checks that need no transaction answer
   * as usual HTTP errors before the stream starts.
   */
  app.post(
    '/promotions/:id/price-grid/:importId/apply',
    { config: { access: 'authenticated' }, schema: { params: priceGridImportParamsSchema } },
    async (request, reply) => {
      const actor = actorOf(request);
      const { id, importId } = request.params;
      await openGridApply(db(), actor, id, importId);
      const stream = new PassThrough();
      const emit = (event: PriceGridApplyEvent) => stream.write(`${JSON.stringify(event)}\n`);
      reply.type('application/x-ndjson').send(stream);
      applyGrid(db(), actor, id, importId, emit)
        .then((result) => emit({ type: 'done', result }))
        .catch((error: unknown) => {
          // The status is sent: the failure is the stream's last line, in French, nothing of the grid written.
          if (!(error instanceof HttpError)) request.log.error({ err: error }, 'price grid apply failed');
          const message =
            error instanceof HttpError
              ? error.message
              : isDatabaseUnavailable(error)
                ? SERVICE_UNAVAILABLE
                : PRICE_GRID_MESSAGES.applyFailed;
          emit({ type: 'error', message });
        })
        .finally(() => stream.end());
      return reply;
    },
  );
};
