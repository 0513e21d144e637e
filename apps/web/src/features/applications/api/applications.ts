import { API, PIPELINE_MESSAGES } from '@promovente/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { call } from '../../../lib/api-client';
import { SALES_QUERY_ROOTS } from '../../../lib/sales-queries';

export type ApplicationsQuery = Record<string, string>;

/** Every key starts with 'applications': a command's modal invalidates them all at once. */
export const applicationKeys = {
  all: SALES_QUERY_ROOTS.applications,
  list: (query: ApplicationsQuery) => ['applications', 'list', query] as const,
  detail: (id: number) => ['applications', 'detail', id] as const,
};

/** GET /applications: one page of the sales funnel under the filters, the stage arrows and the sort. */
export const applicationsQueryOptions = (query: ApplicationsQuery) =>
  queryOptions({
    queryKey: applicationKeys.list(query),
    queryFn: ({ signal }) => call(API.listApplications, { query }, { signal }),
    placeholderData: keepPreviousData,
  });

export const useApplications = (query: ApplicationsQuery, enabled: boolean) => useQuery({ ...applicationsQueryOptions(query), enabled });

/** GET /applications/:id: one row of the funnel (what a modal shows after a change). */
export const applicationQueryOptions = (id: number) =>
  queryOptions({
    queryKey: applicationKeys.detail(id),
    queryFn: ({ signal }) => call(API.getApplication, { params: { id } }, { signal }).then((response) => response.data),
  });

export const useApplication = (id: number | null) => useQuery({ ...applicationQueryOptions(id ?? 0), enabled: id !== null });

const openInNewTab = (url: string) => {
  window.open(url, '_blank', 'noopener');
};

/** GET /applications/download ('Exporter'): every filtered row as an .xlsx; the signed URL opens in a new tab. */
export const useDownloadApplications = () =>
  useMutation({
    mutationFn: (query: ApplicationsQuery) => call(API.downloadApplications, { query }).then((response) => response.data.url),
    onSuccess: openInNewTab,
  });

/**
 * GET /applications/:publicId/pdf ('Télécharger le PDF', docs/product/errors.md#sales-pipeline): a warning toast while the
 * file is generated, another while it downloads; the signed URL opens in a new tab.
 */
export const useApplicationPdf = () =>
  useMutation({
    mutationFn: (publicId: string) => {
      toast.warning(PIPELINE_MESSAGES.pdfGenerating, { id: `pdf-${publicId}` });
      return call(API.downloadApplicationPdf, { params: { publicId } }).then((response) => response.data);
    },
    onSuccess: (url, publicId) => {
      toast.warning(PIPELINE_MESSAGES.pdfDownloading, { id: `pdf-${publicId}` });
      openInNewTab(url);
    },
    onError: (_error, publicId) => toast.dismiss(`pdf-${publicId}`),
  });
