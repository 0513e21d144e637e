import { canEditTask, formatDateTime, type Task } from '@promovente/shared';
import { Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { Avatar } from '../../../components/ui/Avatar';
import { Button } from '../../../components/ui/Button';
import { Modal } from '../../../components/ui/Modal';
import { Spinner } from '../../../components/ui/Spinner';
import { useUser } from '../../../lib/auth';
import { useTask } from '../api/task';
import { timeStatusOf } from '../task-rules';
import { MarkTaskFinishedButton } from './MarkTaskFinishedButton';
import { TaskTimeBadge } from './TaskTimeBadge';

type ShowTaskModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  taskId: number;
  /** Offered to brokers: the screen opens its EditTaskModal. */
  onEdit?: (task: Task) => void;
  onFinished?: (task: Task) => void;
};

const Row = ({ label, children }: { label: string; children: ReactNode }) => (
  <div className="grid grid-cols-3 gap-2 py-1.5">
    <dt className="text-sm text-slate-500">{label}</dt>
    <dd className="col-span-2 text-sm text-slate-900">{children}</dd>
  </div>
);

/** One task: title, type, date, time status, assignee, detail; edit and mark finished. */
export const ShowTaskModal = ({ open, onOpenChange, taskId, onEdit, onFinished }: ShowTaskModalProps) => {
  const user = useUser();
  const task = useTask(taskId, open);
  const data = task.data;
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={data?.title ?? 'Tâche'}
      footer={
        data && (
          <>
            {onEdit && user.data && canEditTask(user.data, data) && (
              <Button variant="secondary" size="sm" onClick={() => onEdit(data)}>
                <Pencil className="size-4" aria-hidden="true" />
                Modifier
              </Button>
            )}
            <MarkTaskFinishedButton
              task={data}
              onFinished={(finished) => {
                onOpenChange(false);
                onFinished?.(finished);
              }}
            />
          </>
        )
      }
    >
      {data ? (
        <dl className="divide-y divide-slate-100">
          <Row label="Type">{data.type_text}</Row>
          <Row label="Échéance">{formatDateTime(data.end_at)}</Row>
          <Row label="Statut">
            {data.done_at ? `Terminée le ${formatDateTime(data.done_at)}` : <TaskTimeBadge status={timeStatusOf(data)} />}
          </Row>
          <Row label="Assigné à">
            {data.assigned_to ? (
              <span className="inline-flex items-center gap-2">
                <Avatar name={data.assigned_to.full_name} src={data.assigned_to.profile_picture} size="sm" />
                {data.assigned_to.full_name}
              </span>
            ) : (
              '—'
            )}
          </Row>
          <Row label="Détail">{data.detail ? <span className="whitespace-pre-line">{data.detail}</span> : '—'}</Row>
          <Row label="Créée">
            {formatDateTime(data.created_at)}
            {data.created_by ? ` par ${data.created_by.full_name}` : ''}
          </Row>
        </dl>
      ) : (
        <Spinner />
      )}
    </Modal>
  );
};
