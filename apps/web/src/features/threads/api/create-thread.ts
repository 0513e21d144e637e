import { API, type ThreadRecipientClass } from '@promovente/shared';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

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
  const form = new FormData();
  form.set('title', title);
  form.set('content', content);
  form.set('promotion', String(promotion));
  if (recipient) {
    form.set('to_id', String(recipient.id));
    form.set('to_base_class', recipient.base_class);
  }
  if (candidacyId) form.set('candidacy_id', String(candidacyId));
  for (const file of files) form.append('files[]', file);
  return call(API.createThread, { form });
};

export const useCreateThread = () => useMutation({ mutationFn: createThread });
