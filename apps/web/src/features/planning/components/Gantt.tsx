import {
  PLANNING_CATEGORIES,
  PLANNING_MESSAGES,
  type PlanningSaleDate,
  type PlanningTask,
  planningCategoryOf,
  SALE_DATE_KINDS,
} from '@promovente/shared';
import { useLayoutEffect, useRef } from 'react';
import { barOf, buildTimeline, dayNumber, headerOf, type PlanningPeriod, saleLabel, showDay, taskLabel, xOf } from '../gantt';

type Props = {
  tasks: PlanningTask[];
  sales: PlanningSaleDate[];
  period: PlanningPeriod;
  today: string;
  /** Pilots: each bar is a button that opens the task. */
  onOpen?: (task: PlanningTask) => void;
};

const ROW = 'h-9';

/** The scroll that shows an x a third into the visible width (today with some past before it). */
export const scrollToShow = (x: number, visibleWidth: number) => Math.max(0, Math.round(x - visibleWidth / 3));

/**
 * The Gantt timeline (docs/product/planning.md#screens): the task names and dates in a fixed
 * column, the bars in a region that scrolls sideways on its own (the page never does), then the
 * read-only sales lane and the legend of the four categories.
 */
export const Gantt = ({ tasks, sales, period, today, onOpen }: Props) => {
  const timeline = buildTimeline([...tasks.flatMap((t) => [t.dateFrom, t.dateTo]), ...sales.map((s) => s.date), today], period, today);
  const { groups, cells } = headerOf(timeline);
  const todayX = xOf(timeline, dayNumber(today));
  const scroller = useRef<HTMLElement>(null);
  const todayXRef = useRef(todayX);
  todayXRef.current = todayX;
  // The timeline opens on today, in each period (the weekly one runs wide): not on its first
  // period, years back. A change of the tasks keeps where the reader scrolled.
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls again only when the period changes
  useLayoutEffect(() => {
    const node = scroller.current;
    if (node) node.scrollLeft = scrollToShow(todayXRef.current, node.clientWidth);
  }, [period]);

  return (
    <div className="space-y-3">
      <div className="flex rounded-lg border border-slate-200 bg-white">
        <div className="w-36 shrink-0 border-r border-slate-200 sm:w-72">
          <div className="flex h-12 items-end border-b border-slate-200 px-3 pb-1 text-xs font-medium text-slate-600">Tâche</div>
          <ul aria-label="Tâches du planning">
            {tasks.map((task) => (
              <li key={task.id} className={`${ROW} flex flex-col justify-center border-b border-slate-100 px-3`}>
                <span className="truncate text-sm text-slate-900" title={task.title}>
                  {task.title}
                </span>
                <span className="text-xs text-slate-500">
                  {task.dateFrom === task.dateTo ? showDay(task.dateFrom) : `${showDay(task.dateFrom)} - ${showDay(task.dateTo)}`}
                </span>
              </li>
            ))}
          </ul>
          <div className={`${ROW} flex items-center bg-slate-50 px-3 text-sm font-medium text-slate-700`}>
            {PLANNING_MESSAGES.salesLane}
          </div>
        </div>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the timeline scrolls sideways and is reached by keyboard */}
        <section ref={scroller} className="min-w-0 flex-1 overflow-x-auto" tabIndex={0} aria-label="Frise chronologique">
          <div className="relative" style={{ width: timeline.width }}>
            <div className="relative h-6 border-b border-slate-100" aria-hidden="true">
              {groups.map((group) => (
                <span
                  key={`${group.key}-${group.left}`}
                  className="absolute top-1 overflow-hidden border-l border-slate-300 pl-1 text-xs whitespace-nowrap text-slate-700"
                  style={{ left: group.left, width: group.width }}
                >
                  {group.label}
                </span>
              ))}
            </div>
            <div className="relative h-6 border-b border-slate-200" aria-hidden="true">
              {cells.map((cell) => (
                <span
                  key={cell.key}
                  title={cell.title}
                  className="absolute top-1 text-center text-[10px] text-slate-500"
                  style={{ left: cell.left, width: cell.width }}
                >
                  {cell.label}
                </span>
              ))}
            </div>
            <div
              className="pointer-events-none absolute top-12 bottom-0 w-px bg-red-500/60"
              style={{ left: todayX }}
              role="img"
              aria-label={PLANNING_MESSAGES.today(showDay(today))}
            />
            {tasks.map((task) => {
              const bar = barOf(timeline, task.dateFrom, task.dateTo);
              const colour = planningCategoryOf(task.category)?.colour ?? '#475569';
              const style = { left: bar.left, width: bar.width, backgroundColor: colour };
              const className = 'absolute top-2 h-5 rounded-sm';
              return (
                <div key={task.id} className={`${ROW} relative border-b border-slate-100`}>
                  {onOpen ? (
                    <button
                      type="button"
                      className={`${className} cursor-pointer focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-slate-900`}
                      style={style}
                      aria-label={taskLabel(task)}
                      title={taskLabel(task)}
                      onClick={() => onOpen(task)}
                    />
                  ) : (
                    <div className={className} style={style} role="img" aria-label={taskLabel(task)} title={taskLabel(task)} />
                  )}
                </div>
              );
            })}
            <ul className={`${ROW} relative bg-slate-50`} aria-label={PLANNING_MESSAGES.salesLane}>
              {sales.map((sale) => {
                const label = saleLabel(sale);
                return (
                  <li
                    key={`${sale.application_id}-${sale.kind}`}
                    className={`absolute top-2 h-5 w-1 rounded-sm ${sale.kind === 'PDV' ? 'bg-amber-600' : 'bg-red-700'}`}
                    style={{ left: xOf(timeline, dayNumber(sale.date)) }}
                    title={label}
                  >
                    <span className="sr-only">{label}</span>
                  </li>
                );
              })}
            </ul>
          </div>
        </section>
      </div>
      {sales.length === 0 && <p className="text-sm text-slate-600">{PLANNING_MESSAGES.noSales}</p>}
      <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm text-slate-700" aria-label="Légende">
        {PLANNING_CATEGORIES.map((category) => (
          <li key={category.id} className="flex items-center gap-2">
            <span className="inline-block size-3 rounded-sm" style={{ backgroundColor: category.colour }} aria-hidden="true" />
            {category.label}
          </li>
        ))}
        <li className="flex items-center gap-2">
          <span className="inline-block h-3 w-1 rounded-sm bg-amber-600" aria-hidden="true" />
          {SALE_DATE_KINDS.PDV}
        </li>
        <li className="flex items-center gap-2">
          <span className="inline-block h-3 w-1 rounded-sm bg-red-700" aria-hidden="true" />
          {SALE_DATE_KINDS.SIGN}
        </li>
      </ul>
    </div>
  );
};
