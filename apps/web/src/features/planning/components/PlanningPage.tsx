import { can, PLANNING_MESSAGES, type PlanningTask, swissWallTime } from '@promovente/shared';
import { CalendarArrowDown, Plus } from 'lucide-react';
import { useState } from 'react';
import { useMatches } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/Button';
import { ConfirmModal } from '../../../components/ui/ConfirmModal';
import { Spinner } from '../../../components/ui/Spinner';
import { actorOf, useUser } from '../../../lib/auth';
import { titleOfMatches } from '../../../lib/route-handle';
import { useIsPhone } from '../../../lib/use-media-query';
import { useExportPlanning, usePlanning, usePlanningCalls } from '../api/planning';
import type { PlanningPeriod } from '../gantt';
import { Gantt } from './Gantt';
import { PlanningList } from './PlanningList';
import { TaskModal } from './TaskModal';

type ModalState = { type: 'add' } | { type: 'edit'; task: PlanningTask } | { type: 'delete'; task: PlanningTask } | null;

const todaySwiss = () => {
  const w = swissWallTime(new Date());
  return `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
};

const PERIODS: { value: PlanningPeriod; label: string }[] = [
  { value: 'month', label: PLANNING_MESSAGES.monthly },
  { value: 'week', label: PLANNING_MESSAGES.weekly },
];

/**
 * The planning screen (docs/product/planning.md#screens): the Gantt of the current promotion,
 * monthly by default or weekly; pilots add, edit and delete tasks; every reader exports the .ics.
 */
export const PlanningPage = () => {
  const title = titleOfMatches(useMatches());
  const { data: user } = useUser();
  const promotionId = user?.preferences.selected_promotion ?? null;
  const planning = usePlanning(promotionId);
  const calls = usePlanningCalls(promotionId ?? 0);
  const exportPlanning = useExportPlanning();
  const [period, setPeriod] = useState<PlanningPeriod>('month');
  const [modal, setModal] = useState<ModalState>(null);
  const [deleting, setDeleting] = useState(false);
  const editor = user ? can(actorOf(user), 'planning.edit') : false;
  const close = () => setModal(null);
  const openTask = (task: PlanningTask) => setModal({ type: 'edit', task });
  // A phone reads the planning as a list: the period switch is the Gantt's.
  const phone = useIsPhone();

  const handleDelete = async (task: PlanningTask) => {
    setDeleting(true);
    try {
      const answer = await calls.remove(task.id);
      if (answer.message) toast.success(answer.message);
      close();
    } catch {
      // The API client's toast said why.
    } finally {
      setDeleting(false);
    }
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
        <div className="flex flex-wrap items-center gap-2">
          {!phone && (
            <fieldset className="inline-flex rounded-md border border-slate-300 bg-white p-0.5" aria-label="Période">
              {PERIODS.map((option) => (
                <button
                  key={option.value}
                  type="button"
                  aria-pressed={period === option.value}
                  onClick={() => setPeriod(option.value)}
                  className={`rounded px-3 py-1 text-sm ${period === option.value ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100'}`}
                >
                  {option.label}
                </button>
              ))}
            </fieldset>
          )}
          {promotionId !== null && (
            <Button variant="secondary" loading={exportPlanning.isPending} onClick={() => exportPlanning.mutate(promotionId)}>
              <CalendarArrowDown className="size-4" aria-hidden="true" />
              {PLANNING_MESSAGES.export}
            </Button>
          )}
          {editor && promotionId !== null && (
            <Button onClick={() => setModal({ type: 'add' })}>
              <Plus className="size-4" aria-hidden="true" />
              {PLANNING_MESSAGES.addTask}
            </Button>
          )}
        </div>
      </div>
      {planning.isPending && promotionId !== null ? (
        <Spinner />
      ) : planning.data ? (
        <>
          {planning.data.data.length === 0 && <p className="text-sm text-slate-600">{PLANNING_MESSAGES.empty}</p>}
          {phone ? (
            <PlanningList tasks={planning.data.data} sales={planning.data.sales} onOpen={editor ? openTask : undefined} />
          ) : (
            <Gantt
              tasks={planning.data.data}
              sales={planning.data.sales}
              period={period}
              today={todaySwiss()}
              onOpen={editor ? openTask : undefined}
            />
          )}
        </>
      ) : null}
      {promotionId !== null && modal?.type === 'add' && <TaskModal promotionId={promotionId} onClose={close} onSubmit={calls.create} />}
      {promotionId !== null && modal?.type === 'edit' && (
        <TaskModal
          promotionId={promotionId}
          task={modal.task}
          onClose={close}
          onSubmit={(input) => calls.update(modal.task.id, input)}
          onDelete={() => setModal({ type: 'delete', task: modal.task })}
        />
      )}
      {modal?.type === 'delete' && (
        <ConfirmModal
          title={`Supprimer « ${modal.task.title} »`}
          confirmLabel={PLANNING_MESSAGES.delete}
          pending={deleting}
          onConfirm={() => handleDelete(modal.task)}
          onClose={close}
        >
          <p className="text-sm text-slate-700">{PLANNING_MESSAGES.deleteConfirm}</p>
        </ConfirmModal>
      )}
    </div>
  );
};
