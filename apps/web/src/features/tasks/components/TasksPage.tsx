import { type Actor, canEditTask, formatDateTime, type ScreenTask, TASK_TIME_COLOURS, type TaskGroupKey } from '@promovente/shared';
import { Pencil } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useMatches } from 'react-router';
import { Avatar } from '../../../components/ui/Avatar';
import { Button } from '../../../components/ui/Button';
import { cn } from '../../../components/ui/cn';
import { ListTotal, ResetFilterLink } from '../../../components/ui/ListSummary';
import { Spinner } from '../../../components/ui/Spinner';
import { actorOf, useUser } from '../../../lib/auth';
import { titleOfMatches } from '../../../lib/route-handle';
import { useIsPhone } from '../../../lib/use-media-query';
import { useFilterOptions, useFilters } from '../../filters';
import { useMoreScreenTasks, useScreenTasks } from '../api/screen-tasks';
import { countTasks, TARGET_CLASS_LABELS, TASK_GROUPS, type TasksScreenFilters, taskTargetLink } from '../tasks-screen';
import { EditTaskModal } from './EditTaskModal';
import { MarkTaskFinishedButton } from './MarkTaskFinishedButton';
import { ShowTaskModal } from './ShowTaskModal';
import { TaskTimeBadge } from './TaskTimeBadge';

type Modal = { kind: 'show' | 'edit'; task: ScreenTask };

type RowProps = { task: ScreenTask; actor: Actor; onShow: (task: ScreenTask) => void; onEdit: (task: ScreenTask) => void };

const TargetCell = ({ task, actor }: { task: ScreenTask; actor: Actor }) => {
  const link = taskTargetLink(task, actor);
  return (
    <span className="flex flex-col">
      <span className="text-xs text-slate-500">{TARGET_CLASS_LABELS[task.target_class]}</span>
      {link ? (
        <Link to={link} className="text-brand-700 underline">
          {task.target_label}
        </Link>
      ) : (
        <span className="text-slate-900">{task.target_label}</span>
      )}
    </span>
  );
};

const TaskTitle = ({ task, onShow }: Pick<RowProps, 'task' | 'onShow'>) => (
  <>
    <button type="button" onClick={() => onShow(task)} className="text-left font-medium text-slate-900 hover:underline">
      {task.title}
    </button>
    {task.detail && <p className="line-clamp-2 text-xs whitespace-pre-line text-slate-600">{task.detail}</p>}
  </>
);

const Assignee = ({ task }: Pick<RowProps, 'task'>) =>
  task.assigned_to ? (
    <span className="inline-flex items-center gap-2">
      <Avatar name={task.assigned_to.full_name} src={task.assigned_to.profile_picture} size="sm" />
      {task.assigned_to.full_name}
    </span>
  ) : (
    '—'
  );

const TaskActions = ({ task, actor, onEdit }: Omit<RowProps, 'onShow'>) => (
  <>
    {canEditTask(actor, task) && (
      <Button variant="ghost" size="sm" aria-label={`Modifier la tâche ${task.title}`} onClick={() => onEdit(task)}>
        <Pencil className="size-4" aria-hidden="true" />
        Modifier
      </Button>
    )}
    <MarkTaskFinishedButton task={task} />
  </>
);

const cell = 'px-3 py-2 align-top';

/**
 * The desk's layout: one row of six columns per task. The fixed columns take 1,040 px: narrower
 * than 76rem the table scrolls inside its box, so that 'Tâche' keeps room for its title. Printed,
 * without the actions, it fits the page.
 */
const TasksTable = ({ tasks, actor, onShow, onEdit }: Omit<RowProps, 'task'> & { tasks: ScreenTask[] }) => (
  <table className="w-full min-w-[76rem] table-fixed text-left text-sm print:min-w-0">
    <thead className="border-b border-slate-200 text-xs text-slate-500 uppercase">
      <tr>
        <th scope="col" className={cn(cell, 'w-36 font-medium')}>
          Statut
        </th>
        <th scope="col" className={cn(cell, 'font-medium')}>
          Tâche
        </th>
        <th scope="col" className={cn(cell, 'w-56 font-medium')}>
          Cible
        </th>
        <th scope="col" className={cn(cell, 'w-40 font-medium')}>
          Échéance
        </th>
        <th scope="col" className={cn(cell, 'w-48 font-medium')}>
          Assigné à
        </th>
        <th scope="col" className={cn(cell, 'w-80 font-medium print:hidden')}>
          <span className="sr-only">Actions</span>
        </th>
      </tr>
    </thead>
    <tbody className="divide-y divide-slate-100">
      {tasks.map((task) => (
        <tr key={task.id}>
          <td className={cn(cell, 'whitespace-nowrap')}>
            <TaskTimeBadge status={task.time_status} />
          </td>
          <td className={cn(cell, 'max-w-md break-words')}>
            <TaskTitle task={task} onShow={onShow} />
          </td>
          <td className={cn(cell, 'break-words')}>
            <TargetCell task={task} actor={actor} />
          </td>
          <td className={cn(cell, 'whitespace-nowrap')}>{formatDateTime(task.end_at)}</td>
          <td className={cn(cell, 'break-words')}>
            <Assignee task={task} />
          </td>
          <td className={cn(cell, 'whitespace-nowrap print:hidden')}>
            <span className="flex justify-end gap-2">
              <TaskActions task={task} actor={actor} onEdit={onEdit} />
            </span>
          </td>
        </tr>
      ))}
    </tbody>
  </table>
);

/**
 * A phone's layout: one card per task, its status and due date, the title, the target, the
 * assignee and the actions stacked, so nothing overlaps or scrolls sideways.
 */
const TaskCards = ({ tasks, actor, onShow, onEdit, label }: Omit<RowProps, 'task'> & { tasks: ScreenTask[]; label: string }) => (
  <ul aria-label={label} className="divide-y divide-slate-100">
    {tasks.map((task) => (
      <li key={task.id} className="space-y-2 px-3 py-3 text-sm break-words">
        <p className="flex flex-wrap items-center justify-between gap-2">
          <TaskTimeBadge status={task.time_status} />
          <span className="text-slate-700">
            <span className="sr-only">Échéance : </span>
            {formatDateTime(task.end_at)}
          </span>
        </p>
        <div>
          <TaskTitle task={task} onShow={onShow} />
        </div>
        <TargetCell task={task} actor={actor} />
        <p className="text-slate-700">
          <span className="sr-only">Assigné à : </span>
          <Assignee task={task} />
        </p>
        <div className="flex flex-wrap gap-2">
          <TaskActions task={task} actor={actor} onEdit={onEdit} />
        </div>
      </li>
    ))}
  </ul>
);

type TaskGroupProps = {
  group: TaskGroupKey;
  label: string;
  colour: string;
  /** The group's first page, from the screen's call. */
  firstPage: ScreenTask[];
  total: number;
  filters: TasksScreenFilters;
  promotionId: number;
  actor: Actor;
  onShow: (task: ScreenTask) => void;
  onEdit: (task: ScreenTask) => void;
};

/**
 * One group (Prochainement, Aujourd'hui or En retard): its heading in the group's colour with its
 * total, then its tasks by due date, a page at a time ('Afficher plus').
 */
const TaskGroup = ({ group, label, colour, firstPage, total, filters, promotionId, actor, onShow, onEdit }: TaskGroupProps) => {
  const headingId = useId();
  const [wantsMore, setWantsMore] = useState(false);
  const more = useMoreScreenTasks(actor, promotionId, filters, group, wantsMore);
  const tasks = wantsMore && more.data ? [...firstPage, ...more.data] : firstPage;
  const canShowMore = tasks.length < total && (!wantsMore || more.hasNextPage || more.isFetching);
  const showMore = () => (wantsMore ? void more.fetchNextPage() : setWantsMore(true));
  const phone = useIsPhone();
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white">
      <h2 id={headingId} className="flex items-center gap-2 border-b border-slate-200 px-3 py-2 text-base font-semibold text-slate-900">
        <span className={cn('inline-block size-3 rounded-full', colour)} aria-hidden="true" />
        {label}
        <span className="text-sm font-normal text-slate-500">({total})</span>
      </h2>
      {tasks.length === 0 ? (
        <p className="px-3 py-4 text-sm text-slate-600">Aucune tâche.</p>
      ) : (
        <div className={cn(!phone && 'overflow-x-auto print:overflow-visible')}>
          {phone ? (
            <TaskCards tasks={tasks} actor={actor} onShow={onShow} onEdit={onEdit} label={label} />
          ) : (
            <TasksTable tasks={tasks} actor={actor} onShow={onShow} onEdit={onEdit} />
          )}
          {canShowMore && (
            <div className="flex justify-center border-t border-slate-100 px-3 py-2 print:hidden">
              <Button variant="ghost" size="sm" onClick={showMore} disabled={more.isFetching}>
                Afficher plus
                <span className="sr-only"> : {label}</span>
              </Button>
            </div>
          )}
        </div>
      )}
    </section>
  );
};

/**
 * The tasks screen (docs/product/tasks.md#screens): the promotion's open tasks in three groups, Prochainement,
 * Aujourd'hui and En retard. The search box and the broker filter are the route's filter bar;
 * the candidat query narrows to one candidacy's tasks. A process task (automatic_end) is neither
 * edited nor finished by hand. If loading fails the loader stops silently.
 */
export const TasksPage = () => {
  const title = titleOfMatches(useMatches());
  const { data: user } = useUser();
  const actor = user ? actorOf(user) : null;
  const { filters, options, writeParams } = useFilters();
  const filterOptions = useFilterOptions();
  const promotionId = filterOptions.isSuccess ? (options.promotion?.id ?? user?.preferences.selected_promotion ?? null) : null;
  const screenFilters = { search: filters.search, broker: filters.broker, candidat: filters.candidat };
  const tasks = useScreenTasks(actor, promotionId, screenFilters);
  const [modal, setModal] = useState<Modal | null>(null);
  const close = () => setModal(null);

  const data = tasks.data;
  const loading = !data && !tasks.isError && (filterOptions.isPending || tasks.isFetching);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
        {filters.candidat !== null && <ResetFilterLink onReset={() => writeParams({ candidat: null })} />}
        <ListTotal total={countTasks(data)} singular="tâche" plural="tâches" />
      </div>

      {loading && (
        <div className="flex justify-center py-10" role="status">
          <Spinner />
          <span className="sr-only">Chargement des tâches</span>
        </div>
      )}
      {data && actor && promotionId !== null && (
        <div className="space-y-4">
          {TASK_GROUPS.map((group) => (
            <TaskGroup
              // Other filters start the group again from its first page.
              key={`${group.key}-${promotionId}-${JSON.stringify(screenFilters)}`}
              group={group.key}
              label={group.label}
              colour={TASK_TIME_COLOURS[group.status]}
              firstPage={data[group.key]}
              total={data.totals[group.key]}
              filters={screenFilters}
              promotionId={promotionId}
              actor={actor}
              onShow={(task) => setModal({ kind: 'show', task })}
              onEdit={(task) => setModal({ kind: 'edit', task })}
            />
          ))}
        </div>
      )}

      {modal?.kind === 'show' && (
        <ShowTaskModal
          open
          onOpenChange={(open) => !open && close()}
          taskId={modal.task.id}
          onEdit={actor && canEditTask(actor, modal.task) ? () => setModal({ kind: 'edit', task: modal.task }) : undefined}
        />
      )}
      {modal?.kind === 'edit' && <EditTaskModal open onOpenChange={(open) => !open && close()} taskId={modal.task.id} />}
    </div>
  );
};
