import type { Paginated, PersonOption, PromotionCard, PromotionRecord } from '@promovente/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The promotion administration's calls (docs/product/promotion-administration.md#calls). */
export const promotionKeys = {
  cards: (search: string, page: number) => ['promotions', 'cards', search, page] as const,
  record: (id: number) => ['promotions', 'record', id] as const,
  brokerOptions: (search: string, promotion: number | undefined) => ['promotions', 'broker-options', search, promotion ?? null] as const,
};

/** GET promotions?search=&page=: the cards of 'Mes promotions'; the previous page stays shown while the next loads. */
export const usePromotionCards = (search: string, page: number) =>
  useQuery({
    queryKey: promotionKeys.cards(search.trim(), page),
    queryFn: ({ signal }) =>
      api.get<Paginated<PromotionCard>>('promotions', { query: { search: search.trim() || undefined, page }, signal }),
    placeholderData: keepPreviousData,
  });

/** GET promotions/{id} (answer in data); a failure is the API client's toast (docs/product/promotion-administration.md#errors). */
export const promotionRecordQueryOptions = (id: number) =>
  queryOptions({
    queryKey: promotionKeys.record(id),
    queryFn: ({ signal }) => api.get<{ data: PromotionRecord }>(`promotions/${id}`, { signal }).then((response) => response.data),
  });

export const usePromotionRecord = (id: number) => useQuery(promotionRecordQueryOptions(id));

/** GET brokers/options: the brokers an admin may pick (first page of a search); `promotion` leaves out its members. */
export const useBrokerOptions = (search: string, promotion?: number, enabled = true) =>
  useQuery({
    enabled,
    queryKey: promotionKeys.brokerOptions(search.trim(), promotion),
    queryFn: ({ signal }) =>
      api.get<Paginated<PersonOption>>('brokers/options', { query: { search: search.trim() || undefined, promotion }, signal }),
    placeholderData: keepPreviousData,
  });

/** POST promotions (multipart: title, url, broker_id, logo). Quiet: the form shows 'Une erreur est survenue'. */
export const createPromotion = (input: { title: string; url: string; broker_id: string }, logo: File | null) => {
  const form = new FormData();
  form.set('title', input.title);
  form.set('url', input.url);
  form.set('broker_id', input.broker_id);
  if (logo) form.set('logo', logo, logo.name);
  return api.post<{ data: PromotionRecord }>('promotions', form, { quiet: true }).then((response) => response.data);
};

/** POST promotions/{id}/settings (multipart: the form's fields, plus logo_full_path when a new logo was cropped). */
export const savePromotionSettings = (id: number, form: FormData) =>
  api.post<{ data: PromotionRecord }>(`promotions/${id}/settings`, form).then((response) => response.data);
