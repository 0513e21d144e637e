import { API } from '@promovente/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { call } from '../../../lib/api-client';

export const questionsQueryKey = (promotionId: number) => ['faq-questions', promotionId] as const;

/** GET promotions/{id}/questions: the promotion's questions and the global ones (docs/product/faq.md#calls). */
export const questionsQueryOptions = (promotionId: number) =>
  queryOptions({
    queryKey: questionsQueryKey(promotionId),
    queryFn: () => call(API.listFaqQuestions, { params: { id: promotionId } }).then((answer) => answer.data),
  });

export const useQuestions = (promotionId: number | null) =>
  useQuery({ ...questionsQueryOptions(promotionId ?? 0), enabled: promotionId !== null });

export type NewQuestion = { question: string; answer: string; global: boolean; file: File | null };

/** POST promotions/{id}/question (multipart: question, answer, file, global). */
export const useAddQuestion = (promotionId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewQuestion) => {
      const form = new FormData();
      form.append('question', input.question);
      form.append('answer', input.answer);
      if (input.global) form.append('global', '1');
      if (input.file) form.append('file', input.file);
      return call(API.addFaqQuestion, { params: { id: promotionId }, form });
    },
    onSuccess: (answer) => {
      toast.success(answer.message);
      return queryClient.invalidateQueries({ queryKey: ['faq-questions'] });
    },
  });
};

/** DELETE promotions/{id}/questions/{qid}; a global question leaves every promotion's list. */
export const useDeleteQuestion = (promotionId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (questionId: number) => call(API.deleteFaqQuestion, { params: { id: promotionId, qid: questionId } }),
    onSuccess: (answer) => {
      toast.success(answer.message);
      return queryClient.invalidateQueries({ queryKey: ['faq-questions'] });
    },
  });
};

/** GET file-url/{uuid}: a short-lived signed address, opened in a new tab. */
export const useOpenQuestionFile = () =>
  useMutation({
    mutationFn: (uuid: string) => call(API.getFileUrl, { params: { uuid }, query: {} }).then((answer) => answer.data.url),
    onSuccess: (url) => {
      window.open(url, '_blank', 'noopener');
    },
  });
