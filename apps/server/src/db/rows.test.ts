import { describe, expect, it } from 'vitest';
import { isoOfTimestamp } from './rows.js';

describe("a raw row's timestamp as the API's ISO text (isoOfTimestamp)", () => {
  it('rewrites the text PostgreSQL writes in UTC as Date would, to the millisecond, for every length of fraction', () => {
    const texts = [
      '2026-06-10 09:30:00+00',
      '2026-06-10 09:30:00.5+00',
      '2026-06-10 09:30:00.05+00',
      '2026-06-10 09:30:00.123+00',
      '2026-06-10 09:30:00.1234+00',
      '2026-11-27 18:39:54.38344+00',
      '2026-11-27 18:39:54.383447+00',
      '2026-11-27 18:39:54.999999+00',
      '1999-12-31 23:59:59.9999+00',
    ];
    for (const text of texts) expect(isoOfTimestamp(text), text).toBe(new Date(text).toISOString());
    expect(isoOfTimestamp('2026-06-10 09:30:00+00')).toBe('2026-06-10T09:30:00.000Z');
  });

  it('rewrites alike the form PostgreSQL writes in JSON (a page read as one document, decision 042)', () => {
    const texts = [
      '2026-06-10T09:30:00+00:00',
      '2026-06-10T09:30:00.5+00:00',
      '2026-06-10T09:30:00.123+00:00',
      '2026-11-27T18:39:54.383447+00:00',
      '1999-12-31T23:59:59.9999+00:00',
    ];
    for (const text of texts) expect(isoOfTimestamp(text), text).toBe(new Date(text).toISOString());
    expect(isoOfTimestamp('2026-06-10T11:30:00+02:00')).toBe('2026-06-10T09:30:00.000Z');
  });

  it('reads any other form through Date: another offset, a Date (PGlite), an ISO text; null stays null', () => {
    expect(isoOfTimestamp('2026-06-10 11:30:00+02')).toBe('2026-06-10T09:30:00.000Z');
    expect(isoOfTimestamp('2026-06-10 04:00:00-05:30')).toBe('2026-06-10T09:30:00.000Z');
    expect(isoOfTimestamp(new Date('2026-06-10T09:30:00.250Z'))).toBe('2026-06-10T09:30:00.250Z');
    expect(isoOfTimestamp('2026-06-10T09:30:00.000Z')).toBe('2026-06-10T09:30:00.000Z');
    expect(isoOfTimestamp(null)).toBeNull();
    expect(isoOfTimestamp(undefined)).toBeNull();
  });
});
