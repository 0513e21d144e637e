import type { Task, TaskFields } from '@promovente/shared';
import { Modal } from '../../../components/ui/Modal';
import { Spinner } from '../../../components/ui/Spinner';
import { updateTask, useTaskMutation } from '../api/save-task';
import { useTask } from '../api/task';
import { TaskForm } from './TaskForm';

type EditTaskModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  taskId: number;
  onSaved?: (task: Task) => void;
};

/** 'Modifier la tâche': the title only when the task is not automatic (docs/product/validation.md#task-forms). */
export const EditTaskModal = ({ open, onOpenChange, taskId, onSaved }: EditTaskModalProps) => {
  const task = useTask(taskId, open);
  const mutation = useTaskMutation(
    ({ current, fields }: { current: Task; fields: TaskFields }) => {
      // A process task keeps its title: it is not sent.
      const { title, ...rest } = fields;
      return updateTask(current, current.automatic_end ? rest : { ...rest, title });
    },
    (saved) => {
      onOpenChange(false);
      onSaved?.(saved);
    },
  );
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Modifier la tâche">
      {task.data ? (
        <TaskForm
          key={task.data.id}
          promotionId={task.data.promotion_id}
          task={task.data}
          submitLabel="Enregistrer"
          pending={mutation.isPending}
          onSubmit={(fields) => task.data && mutation.mutate({ current: task.data, fields })}
          onCancel={() => onOpenChange(false)}
        />
      ) : (
        <Spinner />
      )}
    </Modal>
  );
};
