import { CANDIDACY_ALREADY_EXISTS, type CreateCandidacyInput, MESSAGES, type UpdateCandidacyInput } from '@promovente/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { executeCommand } from '../../../lib/commands';
import { candidacyKeys } from './get-candidacies';

type Saved = { created: true; id: number } | { created: false; id: number } | { alreadyExists: true };

/**
 * createCandidacy on the promotion, or updateCandidacy on the candidacy. An answer 'already_exists'
 * shows 'Email déjà existant sur un autre compte' and resolves { alreadyExists } so the modal stays open.
 */
export const useSaveCandidacy = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (
      input:
        | { kind: 'create'; promotionId: number; payload: CreateCandidacyInput }
        | { kind: 'update'; id: number; payload: UpdateCandidacyInput },
    ): Promise<Saved> => {
      if (input.kind === 'create') {
        const answer = await executeCommand('createCandidacy', input.promotionId, input.payload);
        if (answer.data === CANDIDACY_ALREADY_EXISTS) {
          toast.error(MESSAGES.emailAlreadyExists);
          return { alreadyExists: true };
        }
        if (answer.message) toast.success(answer.message);
        return { created: true, id: answer.data.id };
      }
      const answer = await executeCommand('updateCandidacy', input.id, input.payload);
      if (answer.message) toast.success(answer.message);
      return { created: false, id: input.id };
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: candidacyKeys.all }),
  });
};
