import { API } from '@promovente/shared';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import type { LotsQueryParams } from './get-lots';

/** GET /lots/download: the filtered rows as an .xlsx; the signed URL opens in a new tab. */
export const useDownloadLots = () =>
  useMutation({
    mutationFn: (query: LotsQueryParams) => call(API.downloadLots, { query }).then((response) => response.data.url),
    onSuccess: (url) => {
      window.open(url, '_blank', 'noopener');
    },
  });
