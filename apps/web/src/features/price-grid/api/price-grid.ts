import {
  API,
  MESSAGES,
  PRICE_GRID_MESSAGES,
  type PriceGridApplyEvent,
  type PriceGridApplyResult,
  type PriceGridPreview,
} from '@promovente/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api';
import { call } from '../../../lib/api-client';
import { getToken } from '../../../lib/token';
import { lotKeys } from '../../lots';

const authHeader = (): Record<string, string> => {
  const token = getToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
};

const messageOf = (text: string) => {
  try {
    const body = JSON.parse(text) as { message?: unknown };
    return typeof body.message === 'string' && body.message ? body.message : MESSAGES.genericError;
  } catch {
    return MESSAGES.genericError;
  }
};

/**
 * POST /promotions/:id/price-grid/preview with XMLHttpRequest, for its upload events: fetch
 * tells nothing of the bytes sent. `onUploaded` hears the share of the file sent (0 to 1).
 */
export const sendGridPreview = (promotionId: number, file: File, onUploaded: (share: number) => void) =>
  new Promise<PriceGridPreview>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/promotions/${promotionId}/price-grid/preview`);
    for (const [name, value] of Object.entries(authHeader())) xhr.setRequestHeader(name, value);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onUploaded(event.loaded / event.total);
    };
    xhr.upload.onload = () => onUploaded(1);
    xhr.onload = () => {
      if (xhr.status === 200) resolve((JSON.parse(xhr.responseText) as { data: PriceGridPreview }).data);
      else reject(new ApiError(xhr.status, messageOf(xhr.responseText)));
    };
    xhr.onerror = () => reject(new ApiError(0, MESSAGES.genericError));
    const body = new FormData();
    body.append('file', file, file.name);
    xhr.send(body);
  });

/** Splits a streamed body into its JSON lines as they arrive. */
export const ndjsonLines = async function* (body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let pending = '';
  for (;;) {
    const { done, value } = await reader.read();
    pending += done ? decoder.decode() : decoder.decode(value, { stream: true });
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) if (line.trim() !== '') yield JSON.parse(line) as PriceGridApplyEvent;
    if (done) break;
  }
  if (pending.trim() !== '') yield JSON.parse(pending) as PriceGridApplyEvent;
};

/**
 * POST .../apply: its answer streams the progress of the one transaction (NDJSON), then `done`
 * (committed) or `error` (nothing written).
 */
export const sendGridApply = async (
  promotionId: number,
  importId: number,
  onProgress: (event: Extract<PriceGridApplyEvent, { type: 'progress' }>) => void,
): Promise<PriceGridApplyResult> => {
  const response = await fetch(`/api/promotions/${promotionId}/price-grid/${importId}/apply`, {
    method: 'POST',
    headers: { Accept: 'application/x-ndjson', ...authHeader() },
    credentials: 'include',
  });
  if (response.status !== 200 || !response.body) throw new ApiError(response.status, messageOf(await response.text()));
  for await (const event of ndjsonLines(response.body)) {
    if (event.type === 'progress') onProgress(event);
    else if (event.type === 'done') return event.result;
    else throw new ApiError(200, event.message);
  }
  throw new ApiError(0, PRICE_GRID_MESSAGES.applyFailed);
};

export const usePreviewGrid = (promotionId: number) =>
  useMutation({
    mutationFn: ({ file, onUploaded }: { file: File; onUploaded: (share: number) => void }) =>
      sendGridPreview(promotionId, file, onUploaded),
  });

export const useApplyGrid = (promotionId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ importId, onProgress }: { importId: number; onProgress: Parameters<typeof sendGridApply>[2] }) =>
      sendGridApply(promotionId, importId, onProgress),
    // The lots screen shows the new prices and statuses at once.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lotKeys.all }),
  });
};

/** The current 'Liste des lots' of the promotion, as the template to edit (GET /lots/download, a signed URL). */
export const useDownloadGridTemplate = (promotionId: number) =>
  useMutation({
    mutationFn: () => call(API.downloadLots, { query: { promotion: promotionId } }).then((response) => response.data.url),
    onSuccess: (url) => {
      window.open(url, '_blank', 'noopener');
    },
  });
