import { describe, expect, it } from 'vitest';
import { fromPickerValue, nextQuarter, rowTaskBadges, toPickerValue } from './task-rules';

describe('the date picker in Swiss time, 15-minute steps (docs/product/constants.md#timing)', () => {
  it('reads and writes instants in Swiss time whatever the browser zone, winter (UTC+1) and summer (UTC+2)', () => {
    expect(toPickerValue('2026-01-12T09:15:00.000Z')).toBe('2026-01-12T10:15');
    expect(fromPickerValue('2026-01-12T10:15')).toBe('2026-01-12T09:15:00.000Z');
    expect(toPickerValue('2026-07-12T08:15:00.000Z')).toBe('2026-07-12T10:15');
    expect(fromPickerValue('2026-07-12T10:15')).toBe('2026-07-12T08:15:00.000Z');
    expect(toPickerValue('2026-03-12T23:00:00.000Z')).toBe('2026-03-13T00:00');
    expect(fromPickerValue('2026-03-13T00:00')).toBe('2026-03-12T23:00:00.000Z');
    // Across the autumn clock change (25 October 2026): 10:00 on the 24th and on the 26th.
    expect(fromPickerValue('2026-10-24T10:00')).toBe('2026-10-24T08:00:00.000Z');
    expect(fromPickerValue('2026-10-26T10:00')).toBe('2026-10-26T09:00:00.000Z');
    expect(fromPickerValue('')).toBeNull();
    expect(fromPickerValue('demain')).toBeNull();
  });

  it('defaults to the next quarter hour', () => {
    expect(nextQuarter(new Date('2026-03-12T09:07:30Z'))).toBe('2026-03-12T10:15');
    expect(nextQuarter(new Date('2026-03-12T09:15:00Z'))).toBe('2026-03-12T10:30');
  });
});

describe('the tasks cell of a row (docs/product/lots.md#screens)', () => {
  const task = (id: number, day: number, done = false) => ({
    id,
    end_at: `2026-03-${String(day).padStart(2, '0')}T08:00:00.000Z`,
    done_at: done ? '2026-03-01T08:00:00.000Z' : null,
  });

  it('shows at most the 3 open tasks due first and hides done ones', () => {
    const { shown, more } = rowTaskBadges([task(1, 20), task(2, 10, true), task(3, 12), task(4, 11), task(5, 15)]);
    expect(shown.map((t) => t.id)).toEqual([4, 3, 5]);
    expect(more).toBe(false);
  });

  it("shows '+' only with more than 5 open tasks", () => {
    const six = [1, 2, 3, 4, 5, 6].map((id) => task(id, 10 + id));
    expect(rowTaskBadges(six).more).toBe(true);
    expect(rowTaskBadges(six.slice(0, 5)).more).toBe(false);
    expect(rowTaskBadges(six.slice(0, 3), 6).more).toBe(true);
  });
});
