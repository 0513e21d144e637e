import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { type CommandAnswer, executeCommand } from '../../../lib/commands';
import { candidacyKeys } from './get-candidacies';

/** createComment { comment } or updateComment { comment_id, comment } on the candidacy. */
export const useSaveComment = (candidacyId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      commentId,
      comment,
    }: {
      commentId?: number;
      comment: string;
    }): Promise<CommandAnswer<'createComment' | 'updateComment'>> =>
      commentId
        ? executeCommand('updateComment', candidacyId, { comment_id: commentId, comment })
        : executeCommand('createComment', candidacyId, { comment }),
    onSuccess: (answer) => {
      if (answer.message) toast.success(answer.message);
      return queryClient.invalidateQueries({ queryKey: candidacyKeys.all });
    },
  });
};
