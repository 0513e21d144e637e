import { type CandidacyFilesUpload, MESSAGES } from '@promovente/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api } from '../../../lib/api';
import { candidacyKeys } from './get-candidacies';

/** POST /candidacies/files (multipart files[], renames[], candidacy_id); names already there come back as duplicates. */
export const useUploadCandidacyFiles = (candidacyId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uploads: { file: File; name: string }[]) => {
      const body = new FormData();
      body.append('candidacy_id', String(candidacyId));
      for (const upload of uploads) {
        body.append('files[]', upload.file, upload.file.name);
        body.append('renames[]', upload.name);
      }
      return api.post<{ data: CandidacyFilesUpload; message?: string }>('candidacies/files', body);
    },
    onSuccess: (answer) => {
      for (const name of answer.data.duplicates) toast.warning(MESSAGES.duplicateIgnored(name));
      if (answer.data.files.length > 0 && answer.message) toast.success(answer.message);
      return queryClient.invalidateQueries({ queryKey: candidacyKeys.all });
    },
  });
};

/** DELETE /candidacies/files/:id. */
export const useDeleteCandidacyFile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileId: number) => api.delete<{ message?: string }>(`candidacies/files/${fileId}`),
    onSuccess: (answer) => {
      if (answer.message) toast.success(answer.message);
      return queryClient.invalidateQueries({ queryKey: candidacyKeys.all });
    },
  });
};

/** GET /file-url/:uuid: a short-lived signed URL, opened in a new tab. */
export const useOpenFile = () =>
  useMutation({
    mutationFn: (uuid: string) => api.get<{ data: { url: string } }>(`file-url/${uuid}`).then((response) => response.data.url),
    onSuccess: (url) => {
      window.open(url, '_blank', 'noopener');
    },
  });
