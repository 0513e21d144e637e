import { API, MARKETING_MESSAGES, type MarketingReportInput, MESSAGES } from '@promovente/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { errorMessage } from '../../../lib/api';
import { call } from '../../../lib/api-client';

const reportsKey = (promotionId: number | null) => ['marketing-reports', promotionId] as const;

/** GET promotions/{id}/marketing-reports, newest first. */
export const useReports = (promotionId: number | null) =>
  useQuery({
    queryKey: reportsKey(promotionId),
    queryFn: () => call(API.listMarketingReports, { params: { id: promotionId ?? 0 } }).then((answer) => answer.data),
    enabled: promotionId !== null,
  });

/** The multipart body: the report's fields, booleans as 1/0, the first chosen file as visits_report (docs/product/marketing.md#calls). */
export const reportFormData = (values: MarketingReportInput, screenshot: File | null) => {
  const body = new FormData();
  body.append('number_of_visits', String(values.number_of_visits));
  body.append('number_of_future_visits', String(values.number_of_future_visits));
  for (const key of ['feedback_positive', 'feedback_todo', 'feedback_problem'] as const) {
    if (values[key]) body.append(key, values[key] as string);
  }
  body.append('include_lots', values.include_lots ? '1' : '0');
  body.append('include_marketing_campaigns', values.include_marketing_campaigns ? '1' : '0');
  if (screenshot) body.append('visits_report', screenshot);
  return body;
};

/**
 * Add and delete a report (docs/product/marketing.md#messages): an add refused shows the server's
 * reason (a screenshot that is no readable PNG or JPG, too big...), a failed delete 'Une erreur est
 * survenue'; the delete's success 'Rapport supprimé'.
 */
export const useReportCalls = (promotionId: number) => {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: reportsKey(promotionId) });
  return {
    add: useMutation({
      mutationFn: ({ values, screenshot }: { values: MarketingReportInput; screenshot: File | null }) =>
        call(API.createMarketingReport, { params: { id: promotionId }, form: reportFormData(values, screenshot) }, { quiet: true }),
      onSuccess: (answer) => {
        toast.success(answer.message);
        return refresh();
      },
      onError: (error) => toast.error(errorMessage(error)),
    }),
    remove: useMutation({
      mutationFn: (reportId: number) => call(API.deleteMarketingReport, { params: { id: promotionId, reportId } }, { quiet: true }),
      onSuccess: () => {
        toast.success(MARKETING_MESSAGES.reportDeleted);
        return refresh();
      },
      onError: () => toast.error(MESSAGES.genericError),
    }),
    /** The download: the report's PDF, opened from its short-lived signed URL. */
    download: useMutation({
      mutationFn: (reportId: number) =>
        call(API.getMarketingReportPdf, { params: { id: promotionId, reportId } }).then((answer) => answer.data),
      onSuccess: (url) => {
        window.open(url, '_blank', 'noopener');
      },
    }),
  };
};
