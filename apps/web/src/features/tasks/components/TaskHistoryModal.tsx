import { formatDateTime, type TaskTarget } from '@promovente/shared';
import { Modal } from '../../../components/ui/Modal';
import { Spinner } from '../../../components/ui/Spinner';
import { useTargetTasks } from '../api/target-tasks';
import { timeStatusOf } from '../task-rules';
import { TaskTimeBadge } from './TaskTimeBadge';

type TaskHistoryModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  target: TaskTarget;
  targetId: number;
  /** What the tasks are about, in the title (a candidate's name, a lot reference). */
  subject?: string;
};

/** 'Historique des tâches': every task of the target, done ones included, newest first. */
export const TaskHistoryModal = ({ open, onOpenChange, target, targetId, subject }: TaskHistoryModalProps) => {
  const tasks = useTargetTasks(target, targetId, true, open);
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={subject ? `Historique des tâches – ${subject}` : 'Historique des tâches'}
      size="wide"
    >
      {tasks.isPending ? (
        <Spinner />
      ) : (tasks.data ?? []).length === 0 ? (
        <p className="text-sm text-slate-500">Aucune tâche.</p>
      ) : (
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-200 text-xs text-slate-500 uppercase">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">
                Titre
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Type
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Échéance
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Assigné à
              </th>
              <th scope="col" className="py-2 font-medium">
                Statut
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {(tasks.data ?? []).map((task) => (
              <tr key={task.id}>
                <td className="py-2 pr-3 text-slate-900">
                  {task.title}
                  {task.detail && <p className="text-xs text-slate-500">{task.detail}</p>}
                </td>
                <td className="py-2 pr-3">{task.type_text}</td>
                <td className="py-2 pr-3 whitespace-nowrap">{formatDateTime(task.end_at)}</td>
                <td className="py-2 pr-3">{task.assigned_to?.full_name ?? '—'}</td>
                <td className="py-2 whitespace-nowrap">
                  {task.done_at ? (
                    <span className="text-slate-600">
                      Terminée le {formatDateTime(task.done_at)}
                      {task.done_by ? ` par ${task.done_by.full_name}` : ''}
                    </span>
                  ) : (
                    <TaskTimeBadge status={timeStatusOf(task)} />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Modal>
  );
};
