import { PLANNING_MESSAGES, type PlanningSaleDate, type PlanningTask, planningCategoryOf } from '@promovente/shared';
import { useId } from 'react';
import { saleLabel, taskDays } from '../gantt';

type Props = {
  tasks: PlanningTask[];
  sales: PlanningSaleDate[];
  /** Pilots: each task is a button that opens it. */
  onOpen?: (task: PlanningTask) => void;
};

const TaskBody = ({ task }: { task: PlanningTask }) => {
  const category = planningCategoryOf(task.category);
  return (
    <>
      <span className="block font-medium break-words text-slate-900">{task.title}</span>
      <span className="block text-xs text-slate-600">{taskDays(task)}</span>
      {category && (
        <span className="mt-1 flex items-start gap-2 text-xs text-slate-700">
          <span
            className="mt-0.5 inline-block size-3 shrink-0 rounded-sm"
            style={{ backgroundColor: category.colour }}
            aria-hidden="true"
          />
          {category.label}
        </span>
      )}
    </>
  );
};

/**
 * The planning on a phone (docs/product/planning.md#screens): a Gantt's name column leaves no
 * room for the titles there, so the tasks are a list by start day, each with its whole title,
 * its days and its category, then the sales dates by day. Pilots open a task from the list.
 */
export const PlanningList = ({ tasks, sales, onOpen }: Props) => {
  const salesTitle = useId();
  const byDay = [...sales].sort((a, b) => a.date.localeCompare(b.date));
  return (
    <div className="space-y-4">
      {tasks.length > 0 && (
        <ul aria-label="Tâches du planning" className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white text-sm">
          {tasks.map((task) => (
            <li key={task.id}>
              {onOpen ? (
                <button
                  type="button"
                  onClick={() => onOpen(task)}
                  className="block w-full px-3 py-2 text-left hover:bg-slate-50 focus-visible:outline-offset-[-2px]"
                >
                  <TaskBody task={task} />
                </button>
              ) : (
                <div className="px-3 py-2">
                  <TaskBody task={task} />
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <section aria-labelledby={salesTitle} className="space-y-2">
        <h2 id={salesTitle} className="text-base font-semibold text-slate-900">
          {PLANNING_MESSAGES.salesLane}
        </h2>
        {byDay.length === 0 ? (
          <p className="text-sm text-slate-600">{PLANNING_MESSAGES.noSales}</p>
        ) : (
          <ul className="space-y-1 text-sm text-slate-700">
            {byDay.map((sale) => (
              <li key={`${sale.application_id}-${sale.kind}`} className="flex items-start gap-2">
                <span
                  className={`mt-0.5 inline-block h-3.5 w-1 shrink-0 rounded-sm ${sale.kind === 'PDV' ? 'bg-amber-600' : 'bg-red-700'}`}
                  aria-hidden="true"
                />
                {saleLabel(sale)}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
};
