import type { PlanningTask } from '@promovente/shared';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTimeline, dayNumber, xOf } from '../gantt';
import { Gantt } from './Gantt';

const task = (id: number, dateFrom: string, dateTo: string): PlanningTask => ({
  id,
  title: `Tâche ${id}`,
  category: 1,
  dateFrom,
  dateTo,
  details: null,
  promotion_id: 7,
});

// A planning that started in January 2024 and runs to 2027, read on 26 November 2026.
const TASKS = [task(1, '2024-01-08', '2024-06-30'), task(2, '2026-09-01', '2027-03-31')];
const TODAY = '2026-11-26';
const todayXOf = (period: 'month' | 'week') =>
  xOf(buildTimeline([...TASKS.flatMap((t) => [t.dateFrom, t.dateTo]), TODAY], period, TODAY), dayNumber(TODAY));

describe('the Gantt opens on today (docs/product/planning.md#screens)', () => {
  afterEach(cleanup);

  it('scrolls the weekly timeline to today rather than to its first week, years back', () => {
    render(<Gantt tasks={TASKS} sales={[]} period="week" today={TODAY} />);
    const timeline = screen.getByRole('region', { name: 'Frise chronologique' });
    expect(todayXOf('week')).toBeGreaterThan(2000);
    expect(timeline.scrollLeft).toBe(Math.round(todayXOf('week')));
    expect(screen.getByRole('img', { name: 'Aujourd’hui, le 26/11/2026' })).toBeTruthy();
  });

  it('scrolls to today again when the period changes, and not when the tasks do', () => {
    const { rerender } = render(<Gantt tasks={TASKS} sales={[]} period="month" today={TODAY} />);
    const timeline = screen.getByRole('region', { name: 'Frise chronologique' });
    expect(timeline.scrollLeft).toBe(Math.round(todayXOf('month')));
    rerender(<Gantt tasks={TASKS} sales={[]} period="week" today={TODAY} />);
    expect(timeline.scrollLeft).toBe(Math.round(todayXOf('week')));
    timeline.scrollLeft = 40;
    rerender(<Gantt tasks={[...TASKS, task(3, '2026-12-01', '2026-12-15')]} sales={[]} period="week" today={TODAY} />);
    expect(timeline.scrollLeft).toBe(40);
  });
});
