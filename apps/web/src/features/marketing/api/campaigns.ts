import { API, type ApiOutput, type CampaignInput, MESSAGES } from '@promovente/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { call } from '../../../lib/api-client';
import type { CampaignFilters } from '../marketing-view';

export const campaignsQueryKey = ['campaigns'] as const;

/** GET /campaigns: a page of the current promotion's campaigns (docs/product/marketing.md#calls). */
export const useCampaigns = (promotionId: number | null, filters: CampaignFilters) =>
  useQuery({
    queryKey: [...campaignsQueryKey, promotionId, filters],
    queryFn: () =>
      call(API.listCampaigns, {
        query: {
          promotion: promotionId ?? undefined,
          search: filters.search || undefined,
          start_after: filters.start_after || undefined,
          end_before: filters.end_before || undefined,
          orderBy: filters.orderBy ?? undefined,
          order: filters.order ?? undefined,
          page: filters.page,
        },
      }),
    enabled: promotionId !== null,
    placeholderData: keepPreviousData,
  });

type CampaignAnswer = ApiOutput<'addCampaignFiles'>;

/** The multipart body of POST promotions/{id}/campaigns: the fields (dates year-month-day), then the files. */
export const campaignFormData = (values: CampaignInput, files: readonly File[]) => {
  const body = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (value !== null && value !== undefined) body.append(key, String(value));
  }
  for (const file of files) body.append('files[]', file);
  return body;
};

/**
 * Add (multipart, with its first files) or edit (PUT) a campaign: success 'Changements
 * enregistrés', any failure 'Une erreur est survenue' (docs/product/marketing.md#messages).
 */
export const useSaveCampaign = (promotionId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values, files }: { id: number | null; values: CampaignInput; files: readonly File[] }) =>
      id === null
        ? call(API.createCampaign, { params: { id: promotionId }, form: campaignFormData(values, files) }, { quiet: true })
        : call(API.updateCampaign, { params: { id }, body: values }, { quiet: true }),
    onSuccess: () => {
      toast.success(MESSAGES.changesSaved);
      return queryClient.invalidateQueries({ queryKey: campaignsQueryKey });
    },
    onError: () => toast.error(MESSAGES.genericError),
  });
};

/** DELETE /campaigns/{id}: a refusal shows the server's message (the api client's toast). */
export const useDeleteCampaign = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(API.deleteCampaign, { params: { id } }),
    onSuccess: (answer) => {
      toast.success(answer.message);
      return queryClient.invalidateQueries({ queryKey: campaignsQueryKey });
    },
  });
};

/** POST /campaigns/{id}/files and DELETE /campaigns/{id}/files/{fileId}: the answer is the campaign. */
export const useCampaignFiles = () => {
  const queryClient = useQueryClient();
  const done = (answer: CampaignAnswer) => {
    toast.success(answer.message);
    void queryClient.invalidateQueries({ queryKey: campaignsQueryKey });
    return answer.data;
  };
  return {
    add: useMutation({
      mutationFn: ({ id, files }: { id: number; files: readonly File[] }) => {
        const body = new FormData();
        for (const file of files) body.append('files[]', file);
        return call(API.addCampaignFiles, { params: { id }, form: body }).then(done);
      },
    }),
    remove: useMutation({
      mutationFn: ({ id, fileId }: { id: number; fileId: number }) => call(API.deleteCampaignFile, { params: { id, fileId } }).then(done),
    }),
  };
};

/** GET file-url/{uuid}: a campaign document opens in a new tab. */
export const useOpenStoredFile = () =>
  useMutation({
    mutationFn: (uuid: string) => call(API.getFileUrl, { params: { uuid }, query: {} }).then((response) => response.data.url),
    onSuccess: (url) => {
      window.open(url, '_blank', 'noopener');
    },
  });
