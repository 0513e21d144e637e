import { API, type ThreadReadFilter, type ThreadRecipient, type ThreadRecipientClass } from '@promovente/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { refreshUnread } from '../../../lib/unread-summary';

export const threadKeys = {
  all: ['threads'] as const,
  list: (params: ThreadListParams) => ['threads', 'list', params] as const,
  one: (id: number) => ['threads', 'one', id] as const,
  recipients: (promotionId: number, recipientClass: ThreadRecipientClass, search: string, id?: number) =>
    ['threads', 'recipients', promotionId, recipientClass, search, id ?? null] as const,
};

/** The list's URL state (docs/product/messages.md#screens). */
export type ThreadListParams = {
  promotion: number | null;
  search: string;
  filter: ThreadReadFilter;
  interlocutor: ThreadRecipientClass | '';
  candidate: number | null;
  candidacy: number | null;
  page: number;
};

/** GET /threads: a page of the threads the user may read. */
export const useThreads = (params: ThreadListParams) =>
  useQuery({
    queryKey: threadKeys.list(params),
    queryFn: () =>
      call(API.listThreads, {
        query: {
          promotion: params.promotion ?? undefined,
          search: params.search.trim() || undefined,
          filter: params.filter === 'all' ? undefined : params.filter,
          interlocutor: params.interlocutor || undefined,
          candidate_id: params.candidate ?? undefined,
          candidacy: params.candidacy ?? undefined,
          page: params.page,
        },
      }),
    placeholderData: keepPreviousData,
    enabled: params.promotion !== null,
  });

/** GET /threads/{id}: the conversation. */
export const useThread = (id: number | null) =>
  useQuery({
    queryKey: threadKeys.one(id ?? 0),
    queryFn: () => call(API.getThread, { params: { id: id ?? 0 } }).then((response) => response.data),
    enabled: id !== null,
  });

/** PUT /threads/{id}/markAsRead, when a conversation opens: the badges and the list follow. */
export const useMarkThreadRead = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(API.markThreadAsRead, { params: { id } }, { quiet: true }),
    onSuccess: () => Promise.all([refreshUnread(queryClient), queryClient.invalidateQueries({ queryKey: ['threads', 'list'] })]),
  });
};

export type ReplyVariables = { threadId: number; promotion: number; content: string; files: File[] };

/** POST /threads/{id}/reply (multipart: content, promotion, thread_id, files[]). */
export const useReplyToThread = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ threadId, promotion, content, files }: ReplyVariables) => {
      const form = new FormData();
      form.set('content', content);
      form.set('promotion', String(promotion));
      form.set('thread_id', String(threadId));
      for (const file of files) form.append('files[]', file);
      return call(API.replyToThread, { params: { id: threadId }, form });
    },
    // The thread is loaded again after a reply (docs/product/messages.md#states), and the list with it.
    onSuccess: (_answer, { threadId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: threadKeys.one(threadId) }),
        queryClient.invalidateQueries({ queryKey: ['threads', 'list'] }),
        refreshUnread(queryClient),
      ]),
  });
};

const MEMBER_LISTS = { broker: API.listBrokers, investor: API.listInvestors, pilot: API.listPilots } as const;
const memberListOf = (cls: ThreadRecipientClass) => (cls in MEMBER_LISTS ? MEMBER_LISTS[cls as keyof typeof MEMBER_LISTS] : null);

/**
 * The people a user may write to, by class: candidates and notaries from GET threads/recipients,
 * brokers, investors and pilots from GET brokers, investors, pilots.
 */
export const useRecipients = (
  promotionId: number,
  recipientClass: ThreadRecipientClass | null,
  search: string,
  options: { id?: number; enabled?: boolean } = {},
) =>
  useQuery({
    queryKey: threadKeys.recipients(promotionId, recipientClass ?? 'candidate', search, options.id),
    queryFn: async (): Promise<ThreadRecipient[]> => {
      const cls = recipientClass as ThreadRecipientClass;
      const memberList = memberListOf(cls);
      if (memberList) {
        const response = await call(memberList, { query: { promotion: promotionId } });
        return response.data.map((m) => ({ id: m.id, full_name: m.full_name, base_class: cls }));
      }
      const response = await call(API.listThreadRecipients, {
        query: { class: cls as 'candidate' | 'notary', promotion: promotionId, search: search.trim() || undefined, id: options.id },
      });
      return response.data;
    },
    enabled: recipientClass !== null && (options.enabled ?? true),
    placeholderData: keepPreviousData,
  });

/** GET /file-url/:uuid: a short-lived signed URL, opened in a new tab. */
export const useOpenAttachment = () =>
  useMutation({
    mutationFn: (uuid: string) => call(API.getFileUrl, { params: { uuid }, query: {} }).then((response) => response.data.url),
    onSuccess: (url) => {
      window.open(url, '_blank', 'noopener');
    },
  });
