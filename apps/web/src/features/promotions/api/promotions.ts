import { API } from '@promovente/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** The promotion administration's calls (docs/product/promotion-administration.md#calls). */
export const promotionKeys = {
  cards: (search: string, page: number, archived: boolean) => ['promotions', 'cards', search, page, archived] as const,
  record: (id: number) => ['promotions', 'record', id] as const,
  brokerOptions: (search: string, promotion: number | undefined) => ['promotions', 'broker-options', search, promotion ?? null] as const,
};

/** GET promotions?search=&page=&archived=: the cards of 'Mes promotions' (or its filter 'Archivées'); the previous page stays shown while the next loads. */
export const usePromotionCards = (search: string, page: number, archived = false) =>
  useQuery({
    queryKey: promotionKeys.cards(search.trim(), page, archived),
    queryFn: ({ signal }) =>
      call(API.listPromotions, { query: { search: search.trim() || undefined, page, archived: archived ? '1' : undefined } }, { signal }),
    placeholderData: keepPreviousData,
  });

/** GET promotions/{id} (answer in data); a failure is the API client's toast (docs/product/promotion-administration.md#errors). */
export const promotionRecordQueryOptions = (id: number) =>
  queryOptions({
    queryKey: promotionKeys.record(id),
    queryFn: ({ signal }) => call(API.getPromotion, { params: { id } }, { signal }).then((response) => response.data),
  });

export const usePromotionRecord = (id: number) => useQuery(promotionRecordQueryOptions(id));

/** GET brokers/options: the brokers an admin may pick (first page of a search); `promotion` leaves out its members. */
export const useBrokerOptions = (search: string, promotion?: number, enabled = true) =>
  useQuery({
    enabled,
    queryKey: promotionKeys.brokerOptions(search.trim(), promotion),
    queryFn: ({ signal }) => call(API.listBrokerOptions, { query: { search: search.trim() || undefined, promotion } }, { signal }),
    placeholderData: keepPreviousData,
  });

/** POST promotions (multipart: title, url, broker_id, logo). Quiet: the form shows the server's reason in its own toast. */
export const createPromotion = (input: { title: string; url: string; broker_id: string }, logo: File | null) => {
  const form = new FormData();
  form.set('title', input.title);
  form.set('url', input.url);
  form.set('broker_id', input.broker_id);
  if (logo) form.set('logo', logo, logo.name);
  return call(API.createPromotion, { form }, { quiet: true });
};

/** POST promotions/{id}/settings (multipart: the form's fields, plus logo_full_path when a new logo was cropped). */
export const savePromotionSettings = (id: number, form: FormData) =>
  call(API.updatePromotionSettings, { params: { id }, form }).then((response) => response.data);

/** PUT promotions/{id}/archive and /restore (admins): the answer is the record. */
export const archivePromotion = (id: number) => call(API.archivePromotion, { params: { id } });
export const restorePromotion = (id: number) => call(API.restorePromotion, { params: { id } });
