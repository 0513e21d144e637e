import { type PromotionRecord, toSwissDateAndTime } from '@promovente/shared';

/**
 * The 'Informations' form's values (docs/product/promotion-administration.md#informations-menu):
 * texts as typed, the two flags as booleans, dates as the Swiss days the pickers show.
 */
export type SettingsFormValues = {
  title: string;
  url: string;
  share_new_candidates: boolean;
  prestige: boolean;
  gtm: string;
  external_report_url: string;
  start_at: string;
  end_at: string;
  reservation_timeout: string;
};

const swissDay = (at: string | null) => (at ? toSwissDateAndTime(at).date : '');

/** The form's values for a record: what a reset after a successful save goes back to. */
export const settingsFormValuesOf = (record: PromotionRecord): SettingsFormValues => ({
  title: record.title,
  url: record.url ?? '',
  share_new_candidates: record.share_new_candidates,
  prestige: record.prestige,
  gtm: record.gtm ?? '',
  external_report_url: record.external_report_url ?? '',
  start_at: swissDay(record.start_at),
  end_at: swissDay(record.end_at),
  reservation_timeout: record.reservation_timeout === null ? '' : String(record.reservation_timeout),
});

/**
 * The multipart body of POST promotions/{id}/settings: every field, the reservation timeout
 * only for a multi-agency promotion, and the cropped logo as `logo_full_path`.
 */
export const settingsFormData = (values: SettingsFormValues, multiAgency: boolean, logo: Blob | null): FormData => {
  const form = new FormData();
  form.set('title', values.title);
  form.set('url', values.url);
  form.set('share_new_candidates', values.share_new_candidates ? '1' : '0');
  form.set('prestige', values.prestige ? '1' : '0');
  form.set('gtm', values.gtm);
  form.set('external_report_url', values.external_report_url);
  form.set('start_at', values.start_at);
  form.set('end_at', values.end_at);
  if (multiAgency) form.set('reservation_timeout', values.reservation_timeout);
  if (logo) form.set('logo_full_path', logo, 'logo.png');
  return form;
};
