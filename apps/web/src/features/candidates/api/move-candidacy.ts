import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { executeCommand } from '../../../lib/commands';
import { candidacyKeys } from './get-candidacies';

/** moveCandidacyToOtherAgency { agency_id }: irreversible. */
export const useMoveCandidacy = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, agencyId }: { id: number; agencyId: number }) =>
      executeCommand('moveCandidacyToOtherAgency', id, { agency_id: agencyId }),
    onSuccess: (answer) => {
      if (answer.message) toast.success(answer.message);
      return queryClient.invalidateQueries({ queryKey: candidacyKeys.all });
    },
  });
};
