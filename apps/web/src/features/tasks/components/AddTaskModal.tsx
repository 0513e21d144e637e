import type { Task, TaskTarget } from '@promovente/shared';
import { Modal } from '../../../components/ui/Modal';
import { useUser } from '../../../lib/auth';
import { createTask, useTaskMutation } from '../api/save-task';
import { TaskForm } from './TaskForm';

type AddTaskModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  promotionId: number;
  target: TaskTarget;
  targetId: number;
  /** Called with the new task, after the task lists were refreshed. */
  onAdded?: (task: Task) => void;
};

/** 'Ajouter une tâche' on a candidacy, a lot or an application (brokers). */
export const AddTaskModal = ({ open, onOpenChange, promotionId, target, targetId, onAdded }: AddTaskModalProps) => {
  const user = useUser();
  const mutation = useTaskMutation(
    (fields: Parameters<typeof createTask>[3]) => createTask(promotionId, target, targetId, fields),
    (task) => {
      onOpenChange(false);
      onAdded?.(task);
    },
  );
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Ajouter une tâche">
      {open && (
        <TaskForm
          promotionId={promotionId}
          defaultAssigneeId={user.data?.type === 'broker' ? user.data.id : undefined}
          submitLabel="Ajouter"
          pending={mutation.isPending}
          onSubmit={(fields) => mutation.mutate(fields)}
          onCancel={() => onOpenChange(false)}
        />
      )}
    </Modal>
  );
};
