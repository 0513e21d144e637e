import { canFinishTask, type Task } from '@promovente/shared';
import { Check } from 'lucide-react';
import { Button } from '../../../components/ui/Button';
import { actorOf, useUser } from '../../../lib/auth';
import { finishTask, useTaskMutation } from '../api/save-task';

type MarkTaskFinishedButtonProps = {
  task: Pick<Task, 'id' | 'title' | 'automatic_end' | 'done_at' | 'assigned_to_id'>;
  onFinished?: (task: Task) => void;
};

/** 'Marquer comme terminée': hidden for process tasks (automatic_end), done tasks and users who may not. */
export const MarkTaskFinishedButton = ({ task, onFinished }: MarkTaskFinishedButtonProps) => {
  const user = useUser();
  const mutation = useTaskMutation((id: number) => finishTask(id), onFinished);
  if (!user.data || !canFinishTask(actorOf(user.data), task)) return null;
  return (
    <Button variant="secondary" size="sm" loading={mutation.isPending} onClick={() => mutation.mutate(task.id)}>
      <Check className="size-4" aria-hidden="true" />
      Marquer comme terminée
    </Button>
  );
};
