import { PassThrough } from 'node:stream';
import { PRICE_GRID_API, PRICE_GRID_MESSAGES, type PriceGridApplyEvent } from '@promovente/shared';
import { HttpError, isDatabaseUnavailable, SERVICE_UNAVAILABLE } from '../../platform/errors.js';
import { readForm } from '../../platform/multipart.js';
import { handlersOf } from '../../platform/routes.js';
import type { Upload } from '../../platform/uploads.js';
import { applyGrid, openGridApply, previewGrid } from './price-grid.service.js';

/** The form's limits, as catalogued (the handler reads the form itself). */
const PREVIEW_FORM = PRICE_GRID_API.previewPriceGrid.form;

/**
 * The price-grid import (docs/sales-process.md#price-grid-import-built): admins, on the promotion
 * record's 'Lots' menu, as catalogued in packages/shared/src/api/price-grid.ts.
 */
export const PRICE_GRID_HANDLERS = handlersOf(PRICE_GRID_API, {
  previewPriceGrid: async ({ deps, actor, params, request }) => {
    let upload: Upload | null = null;
    if (request.isMultipart()) {
      const form = await readForm(request, PREVIEW_FORM);
      const file = form.files.find((part) => part.name === 'file');
      if (file) upload = { filename: file.filename, mimetype: file.mimetype, content: file.content };
    }
    return { data: await previewGrid(deps, actor, params.id, upload) };
  },

  /**
   * The apply answers newline-delimited JSON: progress lines while its one transaction runs, then
   * `done` once committed, or `error` (rolled back). The checks that need no transaction answer
   * as usual HTTP errors before the stream starts.
   */
  applyPriceGrid: async ({ deps, actor, params, request, reply }) => {
    const { id, importId } = params;
    await openGridApply(deps.db, actor, id, importId);
    const stream = new PassThrough();
    const emit = (event: PriceGridApplyEvent) => stream.write(`${JSON.stringify(event)}\n`);
    reply.type('application/x-ndjson').send(stream);
    applyGrid(deps, actor, id, importId, emit)
      .then((result) => emit({ type: 'done', result }))
      .catch((error: unknown) => {
        // The status is sent: the failure is the stream's last line, in French, nothing of the grid written.
        if (!(error instanceof HttpError)) request.log.error({ err: error }, 'price grid apply failed');
        const message =
          error instanceof HttpError ? error.message : isDatabaseUnavailable(error) ? SERVICE_UNAVAILABLE : PRICE_GRID_MESSAGES.applyFailed;
        emit({ type: 'error', message });
      })
      .finally(() => stream.end());
    return reply;
  },
});
