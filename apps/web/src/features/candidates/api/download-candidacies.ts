import { API } from '@promovente/shared';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import type { CandidaciesQuery } from './get-candidacies';

/** GET /candidacies/download: every filtered row as an .xlsx; the signed URL opens in a new tab. */
export const useDownloadCandidacies = () =>
  useMutation({
    mutationFn: (query: CandidaciesQuery) => call(API.downloadCandidacies, { query }).then((answer) => answer.data.url),
    onSuccess: (url) => {
      window.open(url, '_blank', 'noopener');
    },
  });
