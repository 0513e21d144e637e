import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { CandidaciesQuery } from './get-candidacies';

/** GET /candidacies/download: every filtered row as an .xlsx; the signed URL opens in a new tab. */
export const useDownloadCandidacies = () =>
  useMutation({
    mutationFn: (query: CandidaciesQuery) =>
      api.get<{ data: { url: string } }>('candidacies/download', { query }).then((response) => response.data.url),
    onSuccess: (url) => {
      window.open(url, '_blank', 'noopener');
    },
  });
