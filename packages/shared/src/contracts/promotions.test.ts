import { describe, expect, it } from 'vitest';
import { isWebAddress, promotionCreateSchema, promotionSettingsSchema, webAddressHref } from './promotions.js';

describe('the promotion url (docs/product/promotion-administration.md#informations-menu)', () => {
  it('accepts an address with or without its protocol, never another scheme', () => {
    for (const url of ['www.hauts-de-rolle.ch', 'https://hauts-de-rolle.ch/fr', 'http://exemple.ch?x=1'])
      expect(isWebAddress(url), url).toBe(true);
    for (const url of ['javascript:alert(1)', 'ftp://exemple.ch', 'exemple', 'www.exemple .ch', 'data:text/html,x', 'https://.ch'])
      expect(isWebAddress(url), url).toBe(false);
  });

  it('opens the test link with a protocol prefix when the url has none', () => {
    expect(webAddressHref('www.hauts-de-rolle.ch')).toBe('https://www.hauts-de-rolle.ch');
    expect(webAddressHref(' http://exemple.ch ')).toBe('http://exemple.ch');
  });
});

describe('the promotion forms', () => {
  it('require title, url and broker_id on creation', () => {
    const result = promotionCreateSchema.safeParse({ title: 'Rolle', url: 'rolle.ch' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe('Courtier principal requis');
    expect(promotionCreateSchema.parse({ title: ' Rolle ', url: 'rolle.ch', broker_id: '12' })).toEqual({
      title: 'Rolle',
      url: 'rolle.ch',
      broker_id: 12,
    });
  });

  it('read the settings as sent by the multipart form: flags, Swiss days and whole days of timeout', () => {
    const parsed = promotionSettingsSchema.parse({
      title: 'Rolle',
      url: 'rolle.ch',
      share_new_candidates: '1',
      prestige: '0',
      gtm: '',
      external_report_url: '',
      start_at: '2026-07-01',
      end_at: '',
      reservation_timeout: '10',
    });
    expect(parsed).toMatchObject({
      share_new_candidates: true,
      prestige: false,
      gtm: null,
      external_report_url: null,
      end_at: null,
      reservation_timeout: 10,
    });
    expect(parsed.start_at?.toISOString()).toBe('2026-06-30T22:00:00.000Z');
  });
});
