import { API, MESSAGES } from '@promovente/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { call } from '../../../lib/api-client';
import { candidacyKeys } from './get-candidacies';

/** POST /candidacies/files (multipart files[], renames[], candidacy_id); names already there come back as duplicates. */
export const useUploadCandidacyFiles = (candidacyId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uploads: { file: File; name: string }[]) => {
      const form = new FormData();
      form.append('candidacy_id', String(candidacyId));
      for (const upload of uploads) {
        form.append('files[]', upload.file, upload.file.name);
        form.append('renames[]', upload.name);
      }
      return call(API.uploadCandidacyFiles, { form });
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
    mutationFn: (fileId: number) => call(API.deleteCandidacyFile, { params: { id: fileId } }),
    onSuccess: (answer) => {
      if (answer.message) toast.success(answer.message);
      return queryClient.invalidateQueries({ queryKey: candidacyKeys.all });
    },
  });
};

/** GET /file-url/:uuid: a short-lived signed URL, opened in a new tab. */
export const useOpenFile = () =>
  useMutation({
    mutationFn: (uuid: string) => call(API.getFileUrl, { params: { uuid }, query: {} }).then((response) => response.data.url),
    onSuccess: (url) => {
      window.open(url, '_blank', 'noopener');
    },
  });
