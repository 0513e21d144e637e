import {
  API,
  type ArchitectInput,
  type BankerInput,
  type CreatableKind,
  type NotaryInput,
  type PersonInput,
  type PromoterInput,
  type PromotionPeople,
} from '@promovente/shared';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import type { PeopleKind } from '../kinds';

export const peopleQueryKey = (promotionId: number) => ['promotion-people', promotionId] as const;

/** GET promotions/{id}/people: the five lists at once (one request for the five menus). */
export const peopleQueryOptions = (promotionId: number) =>
  queryOptions({
    queryKey: peopleQueryKey(promotionId),
    queryFn: () => call(API.listPromotionPeople, { params: { id: promotionId } }).then((response) => response.data),
  });

export const usePromotionPeople = (promotionId: number) => useQuery(peopleQueryOptions(promotionId));

/**
 * The add-existing picker: GET notaries, promoters, bankers, architects, and brokers/options for
 * brokers (GET brokers is the sales screens' list of a promotion's brokers: docs/decisions/010-promotion-administration.md),
 * without the promotion's people.
 */
const PICKERS = {
  notaries: API.listNotaryOptions,
  promoters: API.listPromoterOptions,
  bankers: API.listBankerOptions,
  architects: API.listArchitectOptions,
} as const;

export const usePersonOptions = (kind: PeopleKind, promotionId: number, search: string, enabled: boolean) =>
  useQuery({
    queryKey: ['person-options', kind, promotionId, search],
    queryFn: () => {
      const query = { promotion: promotionId, search: search.trim() || undefined, page: 1 };
      // The brokers' picker is the promotions domain's (the main broker's modal uses it too).
      return kind === 'brokers' ? call(API.listBrokerOptions, { query }) : call(PICKERS[kind], { query });
    },
    enabled,
    placeholderData: keepPreviousData,
  });

const ATTACH = {
  notaries: API.attachNotary,
  brokers: API.attachBroker,
  promoters: API.attachPromoter,
  bankers: API.attachBanker,
  architects: API.attachArchitect,
} as const;

const DETACH = {
  notaries: API.detachNotary,
  brokers: API.detachBroker,
  promoters: API.detachPromoter,
  bankers: API.detachBanker,
  architects: API.detachArchitect,
} as const;

/** A new person of each creatable kind, with its own form. */
const create = (kind: CreatableKind, id: number, input: PersonInput) => {
  const params = { id };
  switch (kind) {
    case 'notaries':
      return call(API.createNotary, { params, body: input as NotaryInput });
    case 'promoters':
      return call(API.createPromoter, { params, body: input as PromoterInput });
    case 'bankers':
      return call(API.createBanker, { params, body: input as BankerInput });
    case 'architects':
      return call(API.createArchitect, { params, body: input as ArchitectInput });
  }
};

type Answer = { message?: string; data: PromotionPeople };

/** The calls that answer the promotion's people, which replace the cached lists. */
export const usePeopleCalls = (promotionId: number) => {
  const queryClient = useQueryClient();
  const replace = (answer: Answer) => {
    queryClient.setQueryData(peopleQueryKey(promotionId), answer.data);
    return answer;
  };
  const id = promotionId;
  return {
    add: (kind: PeopleKind, userId: number) => call(ATTACH[kind], { params: { id, userId } }).then(replace),
    remove: (kind: PeopleKind, userId: number) => call(DETACH[kind], { params: { id, userId } }).then(replace),
    create: (kind: CreatableKind, input: PersonInput) => create(kind, id, input).then(replace),
    invite: (userId: number) => call(API.resendPersonInvitation, { params: { id, userId } }).then(replace),
    editNotary: (notaryId: number, input: NotaryInput) =>
      call(API.updateNotary, { params: { id, notaryId }, body: input }).then((answer) => {
        queryClient.setQueryData<PromotionPeople>(peopleQueryKey(promotionId), (current) =>
          current ? { ...current, notaries: current.notaries.map((n) => (n.id === notaryId ? answer.data : n)) } : current,
        );
        return answer;
      }),
    /** 'Définir comme courtier principal': the answer, the promotion's people, names the new main broker. */
    setMainBroker: (userId: number) => call(API.setMainBroker, { params: { id, userId } }).then(replace),
    /** The answer, the promotion's notaries, replaces the list (docs/product/promotion-administration.md#states). */
    toggleMain: (notaryId: number) =>
      call(API.toggleMainNotary, { params: { id, notaryId } }).then((answer) => {
        queryClient.setQueryData<PromotionPeople>(peopleQueryKey(promotionId), (current) =>
          current ? { ...current, notaries: answer.data } : current,
        );
        return answer;
      }),
  };
};
