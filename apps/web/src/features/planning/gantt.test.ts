import { describe, expect, it } from 'vitest';
import { barOf, buildTimeline, dayNumber, headerOf, MIN_TASK_WIDTH, PERIOD_WIDTH, SINGLE_DAY_WIDTH, xOf } from './gantt';

describe('the Gantt layout (docs/product/planning.md#rules: 20 px per period, tasks at least 40 px, one day 4 px)', () => {
  it('cuts the months around the tasks, one period before and after, 20 px each', () => {
    const timeline = buildTimeline(['2026-03-02', '2026-05-15'], 'month', '2026-11-24');
    // February (before) ... June (after): five months.
    expect(timeline.bounds.map((n) => new Date(n * 86_400_000).toISOString().slice(0, 10))).toEqual([
      '2026-02-01',
      '2026-03-01',
      '2026-04-01',
      '2026-05-01',
      '2026-06-01',
      '2026-07-01',
    ]);
    expect(timeline.width).toBe(5 * PERIOD_WIDTH);
    expect(xOf(timeline, dayNumber('2026-03-01'))).toBe(PERIOD_WIDTH);
  });

  it('weekly periods start on Monday', () => {
    const timeline = buildTimeline(['2026-11-25'], 'week', '2026-11-24');
    expect(new Date(timeline.bounds[1] * 86_400_000).toISOString().slice(0, 10)).toBe('2026-11-23');
    expect(headerOf(timeline).cells[1].label).toBe('48');
  });

  it('gives a short task 40 px, a one-day task 4 px, and a long one its span', () => {
    const timeline = buildTimeline(['2026-01-01', '2026-12-31'], 'month', '2026-11-24');
    expect(barOf(timeline, '2026-03-02', '2026-03-05').width).toBe(MIN_TASK_WIDTH);
    expect(barOf(timeline, '2026-03-02', '2026-03-02').width).toBe(SINGLE_DAY_WIDTH);
    const year = barOf(timeline, '2026-01-01', '2026-12-31');
    expect(year.width).toBeCloseTo(12 * PERIOD_WIDTH);
    expect(year.left).toBeCloseTo(PERIOD_WIDTH);
  });

  it('labels the years over the months', () => {
    const { groups, cells } = headerOf(buildTimeline(['2026-12-10'], 'month', '2026-11-24'));
    expect(groups.map((g) => g.label)).toEqual(['2026', '2027']);
    expect(cells.map((c) => c.label)).toEqual(['N', 'D', 'J']);
  });
});
