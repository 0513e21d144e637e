import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { executeCommand } from '../../../lib/commands';
import { candidacyKeys } from './get-candidacies';

/** markActionAsFinished on the task (docs/product/tasks.md#states): done_at is set, the task leaves the row. */
export const useFinishTask = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (taskId: number) => executeCommand('markActionAsFinished', taskId),
    onSuccess: (answer) => {
      if (answer.message) toast.success(answer.message);
      return queryClient.invalidateQueries({ queryKey: candidacyKeys.all });
    },
  });
};
