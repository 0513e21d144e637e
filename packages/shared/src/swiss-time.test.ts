import { describe, expect, it } from 'vitest';
import { taskTimeStatus, taskTimeStatusChanges } from './statuses.js';
import {
  formatDate,
  formatDateTime,
  formatDateTimeSeconds,
  formatSwissDateTime,
  fromSwissTime,
  shiftSwissCalendarDays,
  swissDayNumber,
  swissMidnight,
  swissOffset,
  swissWallTime,
  toSwissDateAndTime,
} from './swiss-time.js';

describe('Swiss time, Europe/Zurich with daylight saving (docs/glossary.md)', () => {
  it('reads every instant as Intl reads Europe/Zurich, across clock changes and whole years (the offset kept per hour)', () => {
    const intl = new Intl.DateTimeFormat('en-US', {
      timeZone: 'Europe/Zurich',
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    const expected = (instant: number) => {
      const parts = Object.fromEntries(
        intl
          .formatToParts(new Date(instant))
          .filter((p) => p.type !== 'literal')
          .map((p) => [p.type, Number(p.value)]),
      );
      return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour, minute: parts.minute, second: parts.second };
    };
    const instants: number[] = [];
    // Every second around the changes of 2026, 1996 (the last September change) and 1981 (the first).
    for (const change of [
      '2026-03-29T01:00:00Z',
      '2026-10-25T01:00:00Z',
      '1995-09-24T01:00:00Z',
      '1996-10-27T01:00:00Z',
      '1981-03-29T01:00:00Z',
    ]) {
      const at = Date.parse(change);
      for (let second = -90; second <= 90; second += 1) instants.push(at + second * 1000, at + second * 1000 + 999);
    }
    // And a pseudo-random spread from 1900 to 2100, read twice (the second time from the kept offsets).
    let seed = 20261127;
    for (let i = 0; i < 5000; i += 1) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      instants.push(Date.UTC(1900, 0, 1) + Math.floor((seed / 2 ** 31) * 200 * 365.25 * 86_400_000));
    }
    for (const instant of [...instants, ...instants])
      expect(swissWallTime(new Date(instant)), new Date(instant).toISOString()).toEqual(expected(instant));
  });

  it('reads a 10:00 picked in January as 09:00 UTC and one picked in July as 08:00 UTC', () => {
    expect(fromSwissTime('2026-01-15', '10:00').toISOString()).toBe('2026-01-15T09:00:00.000Z');
    expect(fromSwissTime('2026-07-15', '10:00').toISOString()).toBe('2026-07-15T08:00:00.000Z');
  });

  it('shows those instants as 10:00 again, in winter and in summer', () => {
    expect(formatDateTime('2026-01-15T09:00:00.000Z')).toBe('15/01/2026 10:00');
    expect(formatDateTime('2026-07-15T08:00:00.000Z')).toBe('15/07/2026 10:00');
    expect(toSwissDateAndTime('2026-01-15T09:00:00.000Z')).toEqual({ date: '2026-01-15', time: '10:00' });
    expect(toSwissDateAndTime('2026-07-15T08:00:00.000Z')).toEqual({ date: '2026-07-15', time: '10:00' });
  });

  it('round-trips every quarter hour of the days around both clock changes of 2026 (29 March, 25 October)', () => {
    for (const day of ['2026-03-28', '2026-03-30', '2026-10-24', '2026-10-26']) {
      for (let minutes = 0; minutes < 24 * 60; minutes += 15) {
        const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
        expect(toSwissDateAndTime(fromSwissTime(day, time))).toEqual({ date: day, time });
      }
    }
  });

  it('switches offset at 01:00 UTC on the clock-change Sundays', () => {
    expect(swissOffset('2026-03-29T00:59:00Z')).toBe(3600_000);
    expect(swissOffset('2026-03-29T01:00:00Z')).toBe(7200_000);
    expect(swissOffset('2026-10-25T00:59:00Z')).toBe(7200_000);
    expect(swissOffset('2026-10-25T01:00:00Z')).toBe(3600_000);
    expect(formatDateTime('2026-03-29T00:59:00Z')).toBe('29/03/2026 01:59');
    expect(formatDateTime('2026-03-29T01:00:00Z')).toBe('29/03/2026 03:00');
  });

  it('reads a time of the hour skipped in March as summer time, and the hour repeated in October as its first pass', () => {
    expect(fromSwissTime('2026-03-29', '02:30').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(fromSwissTime('2026-10-25', '02:30').toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(fromSwissTime('2026-10-25', '03:00').toISOString()).toBe('2026-10-25T02:00:00.000Z');
  });

  it('answers an invalid date for what is not a date or a time', () => {
    for (const [date, time] of [
      ['2026-02-30', '10:00'],
      ['2026-13-01', '10:00'],
      ['15/01/2026', '10:00'],
      ['2026-01-15', '24:00'],
      ['2026-01-15', '10h'],
    ]) {
      expect(Number.isNaN(fromSwissTime(date, time).getTime())).toBe(true);
    }
  });

  it('formats the date alone, nothing without a date, and labels the zone for e-mails and documents', () => {
    expect(formatDate('2026-12-31T23:30:00Z')).toBe('01/01/2027');
    expect(formatDate('2026-06-30T22:30:00Z')).toBe('01/07/2026');
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
    expect(formatSwissDateTime('2026-01-15T09:00:00Z')).toBe('15/01/2026 10:00 (heure suisse)');
    expect(formatSwissDateTime(undefined)).toBe('');
  });

  it('counts calendar days in Swiss time: midnight, day numbers, and days shifted across a clock change keep the wall time', () => {
    expect(swissMidnight('2026-01-15T12:00:00Z').toISOString()).toBe('2026-01-14T23:00:00.000Z');
    expect(swissMidnight('2026-07-15T12:00:00Z').toISOString()).toBe('2026-07-14T22:00:00.000Z');
    expect(swissDayNumber('2026-01-14T23:30:00Z')).toBe(swissDayNumber('2026-01-15T22:59:00Z'));
    expect(swissDayNumber('2026-07-14T22:30:00Z')).toBe(swissDayNumber('2026-07-15T21:59:00Z'));
    // 15 April 2027 10:00 (summer) minus 30 days is 16 March 2027 10:00 (winter).
    expect(shiftSwissCalendarDays(new Date('2027-04-15T08:00:00Z'), -30).toISOString()).toBe('2027-03-16T09:00:00.000Z');
    expect(shiftSwissCalendarDays(new Date('2026-10-20T08:00:00Z'), 10).toISOString()).toBe('2026-10-30T09:00:00.000Z');
  });

  it("puts a task due at 00:30 Swiss time in January on that day, not the day before (the old UTC+2 rule said 'today' at 23:45 the day before)", () => {
    const now = new Date('2026-01-14T22:45:00Z'); // 14/01 23:45 in Swiss time
    expect(taskTimeStatus('2026-01-14T23:30:00Z', now)).toBe('next'); // 15/01 00:30
    expect(taskTimeStatus('2026-01-14T22:50:00Z', now)).toBe('today'); // 14/01 23:50
    expect(taskTimeStatus('2026-01-14T22:00:00Z', now)).toBe('late');
  });

  it("names when a task's time status changes: today from its Swiss midnight, late just after its end; nothing for a late one (platform/clock.ts)", () => {
    for (const end of ['2026-01-15T08:00:00Z', '2026-07-15T08:00:00Z', '2026-03-29T00:30:00Z']) {
      const from = new Date(Date.parse(end) - 3 * 86_400_000);
      const changes = taskTimeStatusChanges(end, from);
      expect(changes, end).toEqual([swissMidnight(end).getTime(), Date.parse(end) + 1]);
      for (const change of changes) expect(taskTimeStatus(end, new Date(change - 1)), end).not.toBe(taskTimeStatus(end, new Date(change)));
      // Between the changes the status stays.
      expect(taskTimeStatus(end, new Date(changes[0] + 60_000))).toBe('today');
      expect(taskTimeStatus(end, new Date(changes[0] - 60_000))).toBe('next');
      expect(taskTimeStatus(end, new Date(changes[1] + 86_400_000))).toBe('late');
    }
    expect(taskTimeStatusChanges('2026-01-14T22:00:00Z', new Date('2026-01-14T22:45:00Z'))).toEqual([]);
  });
});

describe('formatDateTimeSeconds: the CRM last send (docs/product/promotion-administration.md#constants)', () => {
  it('writes dd/MM/yyyy HH:mm:ss in Swiss time, winter and summer, and nothing without a date', () => {
    expect(formatDateTimeSeconds('2026-01-12T09:00:07Z')).toBe('12/01/2026 10:00:07');
    expect(formatDateTimeSeconds('2026-07-31T22:59:59Z')).toBe('01/08/2026 00:59:59');
    expect(formatDateTimeSeconds(null)).toBe('');
  });
});
