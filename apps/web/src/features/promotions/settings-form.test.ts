import type { PromotionRecord } from '@promovente/shared';
import { describe, expect, it } from 'vitest';
import { settingsFormData, settingsFormValuesOf } from './settings-form';

const record: PromotionRecord = {
  id: 4,
  title: 'Les Hauts de Rolle',
  url: 'www.hauts-de-rolle.ch',
  logo: null,
  agencies: [],
  broker_id: null,
  main_broker: null,
  token: 'c0ffee00-0000-4000-8000-000000000001',
  is_demo: false,
  prestige: true,
  gtm: null,
  external_report_url: null,
  // Swiss midnight of 29 March 2026 (summer time) and of 1 January 2027 (winter time).
  start_at: '2026-03-28T23:00:00.000Z',
  end_at: '2026-12-31T23:00:00.000Z',
  share_new_candidates: false,
  reservation_timeout: 5,
  multi_agency: true,
  crm_updated_at: null,
  archived_at: null,
};

describe('the Informations form (docs/product/promotion-administration.md#informations-menu)', () => {
  it('shows the dates as the Swiss days they are, and empty texts for missing values', () => {
    expect(settingsFormValuesOf(record)).toEqual({
      title: 'Les Hauts de Rolle',
      url: 'www.hauts-de-rolle.ch',
      share_new_candidates: false,
      prestige: true,
      gtm: '',
      external_report_url: '',
      start_at: '2026-03-29',
      end_at: '2027-01-01',
      reservation_timeout: '5',
    });
  });

  it('sends every field, the flags as 1 or 0, and the cropped logo as logo_full_path', () => {
    const logo = new Blob(['png'], { type: 'image/png' });
    const form = settingsFormData(settingsFormValuesOf(record), true, logo);
    expect(Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string'))).toEqual({
      title: 'Les Hauts de Rolle',
      url: 'www.hauts-de-rolle.ch',
      share_new_candidates: '0',
      prestige: '1',
      gtm: '',
      external_report_url: '',
      start_at: '2026-03-29',
      end_at: '2027-01-01',
      reservation_timeout: '5',
    });
    expect(form.get('logo_full_path')).toBeInstanceOf(Blob);
  });

  it('leaves the reservation timeout out of a promotion that is not multi-agency, and the logo out when none was cropped', () => {
    const form = settingsFormData(settingsFormValuesOf(record), false, null);
    expect(form.has('reservation_timeout')).toBe(false);
    expect(form.has('logo_full_path')).toBe(false);
  });
});
