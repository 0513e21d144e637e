import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { executeCommand } from '../../../lib/commands';
import { candidacyKeys } from './get-candidacies';

/** deleteCandidacy: final, removes every data of the candidacy. */
export const useDeleteCandidacy = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => executeCommand('deleteCandidacy', id),
    onSuccess: (answer) => {
      if (answer.message) toast.success(answer.message);
      return queryClient.invalidateQueries({ queryKey: candidacyKeys.all });
    },
  });
};
