import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { LotsQueryParams } from './get-lots';

/** GET /lots/download: the filtered rows as an .xlsx; the signed URL opens in a new tab. */
export const useDownloadLots = () =>
  useMutation({
    mutationFn: (query: LotsQueryParams) =>
      api.get<{ data: { url: string } }>('lots/download', { query }).then((response) => response.data.url),
    onSuccess: (url) => {
      window.open(url, '_blank', 'noopener');
    },
  });
