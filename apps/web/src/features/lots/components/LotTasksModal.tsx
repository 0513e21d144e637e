import { formatDateTime, LOT_MESSAGES, type LotRow } from '@promovente/shared';
import { Modal } from '../../../components/ui/Modal';
import { Spinner } from '../../../components/ui/Spinner';
import { useLot } from '../api/get-lot';
import { TaskChip } from './TaskChip';

/** Every open task of a lot, opened by the row's '+' button. */
export const LotTasksModal = ({ lot, onClose }: { lot: LotRow; onClose: () => void }) => {
  const { data, isPending } = useLot(lot.id);
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={`Tâches du lot ${lot.reference}`} size="wide">
      {isPending ? (
        <Spinner />
      ) : !data || data.open_tasks.length === 0 ? (
        <p className="text-sm text-slate-600">{LOT_MESSAGES.noTasks}</p>
      ) : (
        <ul className="space-y-2">
          {data.open_tasks.map((task) => (
            <li key={task.id} className="flex flex-wrap items-center gap-3 text-sm">
              <TaskChip task={task} />
              <span className="text-slate-600">{formatDateTime(task.end_at)}</span>
              {task.assigned_to && <span className="text-slate-600">{task.assigned_to.full_name}</span>}
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
};
