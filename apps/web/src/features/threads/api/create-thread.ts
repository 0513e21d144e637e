import type { CreatedThread, ThreadRecipientClass } from '@promovente/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type CreateThreadVariables = {
  title: string;
  content: string;
  promotion: number;
  recipient?: { id: number; base_class: ThreadRecipientClass };
  candidacyId?: number;
  files: File[];
};

/** POST /threads (multipart: title, content, to_id, to_base_class, promotion, files). */
export const createThread = ({ title, content, promotion, recipient, candidacyId, files }: CreateThreadVariables) => {
  const body = new FormData();
  body.set('title', title);
  body.set('content', content);
  body.set('promotion', String(promotion));
  if (recipient) {
    body.set('to_id', String(recipient.id));
    body.set('to_base_class', recipient.base_class);
  }
  if (candidacyId) body.set('candidacy_id', String(candidacyId));
  for (const file of files) body.append('files[]', file);
  return api.post<{ data: CreatedThread; message: string }>('threads', body);
};

export const useCreateThread = () => useMutation({ mutationFn: createThread });
