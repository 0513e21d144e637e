import type {
  CreatableKind,
  NotaryInput,
  Paginated,
  PersonInput,
  PersonOption,
  PromotionNotary,
  PromotionPeople,
} from '@promovente/shared';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { PeopleKind } from '../kinds';
import { typeOf } from '../kinds';

export const peopleQueryKey = (promotionId: number) => ['promotion-people', promotionId] as const;

/** GET promotions/{id}/people: the five lists at once (one request for the five menus). */
export const peopleQueryOptions = (promotionId: number) =>
  queryOptions({
    queryKey: peopleQueryKey(promotionId),
    queryFn: () => api.get<{ data: PromotionPeople }>(`promotions/${promotionId}/people`).then((response) => response.data),
  });

export const usePromotionPeople = (promotionId: number) => useQuery(peopleQueryOptions(promotionId));

/**
 * The add-existing picker: GET notaries, promoters, bankers, architects, and brokers/options for
 * brokers (GET brokers is the sales screens' list of a promotion's brokers: docs/decisions/010-promotion-administration.md),
 * without the promotion's people.
 */
const pickerPath = (kind: PeopleKind) => (kind === 'brokers' ? 'brokers/options' : kind);

export const usePersonOptions = (kind: PeopleKind, promotionId: number, search: string, enabled: boolean) =>
  useQuery({
    queryKey: ['person-options', kind, promotionId, search],
    queryFn: () =>
      api.get<Paginated<PersonOption>>(pickerPath(kind), {
        query: { promotion: promotionId, search: search.trim() || undefined, page: 1 },
      }),
    enabled,
    placeholderData: keepPreviousData,
  });

type Answer = { message?: string; data: PromotionPeople };

/** The calls that answer the promotion's people, which replace the cached lists. */
export const usePeopleCalls = (promotionId: number) => {
  const queryClient = useQueryClient();
  const replace = (answer: Answer) => {
    queryClient.setQueryData(peopleQueryKey(promotionId), answer.data);
    return answer;
  };
  const base = `promotions/${promotionId}`;
  return {
    add: (kind: PeopleKind, userId: number) => api.post<Answer>(`${base}/add-${typeOf(kind)}/${userId}`).then(replace),
    remove: (kind: PeopleKind, userId: number) => api.post<Answer>(`${base}/remove-${typeOf(kind)}/${userId}`).then(replace),
    create: (kind: CreatableKind, input: PersonInput) => api.post<Answer>(`${base}/${kind}`, input).then(replace),
    invite: (userId: number) => api.post<Answer>(`${base}/people/${userId}/invite`).then(replace),
    editNotary: (notaryId: number, input: NotaryInput) =>
      api.put<{ message: string; data: PromotionNotary }>(`${base}/notaries/${notaryId}`, input).then((answer) => {
        queryClient.setQueryData<PromotionPeople>(peopleQueryKey(promotionId), (current) =>
          current ? { ...current, notaries: current.notaries.map((n) => (n.id === notaryId ? answer.data : n)) } : current,
        );
        return answer;
      }),
    /** The answer, the promotion's notaries, replaces the list (docs/product/promotion-administration.md#states). */
    toggleMain: (notaryId: number) =>
      api.put<{ message?: string; data: PromotionNotary[] }>(`${base}/update-notary-main/${notaryId}`).then((answer) => {
        queryClient.setQueryData<PromotionPeople>(peopleQueryKey(promotionId), (current) =>
          current ? { ...current, notaries: answer.data } : current,
        );
        return answer;
      }),
  };
};
