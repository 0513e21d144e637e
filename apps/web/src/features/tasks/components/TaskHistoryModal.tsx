import { formatDateTime, type TaskTarget } from '@promovente/shared';
import { Modal } from '../../../components/ui/Modal';
import { RecordsTable } from '../../../components/ui/RecordsTable';
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
      <RecordsTable
        pending={tasks.isPending}
        rows={tasks.data}
        rowKey={(task) => task.id}
        empty="Aucune tâche."
        columns={[
          {
            label: 'Titre',
            className: 'text-slate-900',
            cell: (task) => (
              <>
                {task.title}
                {task.detail && <p className="text-xs text-slate-500">{task.detail}</p>}
              </>
            ),
          },
          { label: 'Type', cell: (task) => task.type_text },
          { label: 'Échéance', cell: (task) => formatDateTime(task.end_at), className: 'whitespace-nowrap' },
          { label: 'Assigné à', cell: (task) => task.assigned_to?.full_name ?? '—' },
          {
            label: 'Statut',
            className: 'whitespace-nowrap',
            cell: (task) =>
              task.done_at ? (
                <span className="text-slate-600">
                  Terminée le {formatDateTime(task.done_at)}
                  {task.done_by ? ` par ${task.done_by.full_name}` : ''}
                </span>
              ) : (
                <TaskTimeBadge status={timeStatusOf(task)} />
              ),
          },
        ]}
      />
    </Modal>
  );
};
