import { type CommandCatalogue, type CommandInput, type CommandName, MESSAGES } from '@promovente/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { executeCommand, type FieldsArgument } from '../../../lib/commands';
import { invalidateSalesQueries } from '../../../lib/sales-queries';

/** Refreshes every screen a command on an application may have changed (lib/sales-queries.ts). */
export const invalidateAfterApplicationCommand = invalidateSalesQueries;

/** The catalogue's commands on an application (docs/product/calls.md#command-dispatcher; the resend goes through sendReservationForm). */
export type ApplicationCommand = {
  [Name in CommandName]: CommandCatalogue[Name]['entity'] extends 'application' ? Name : never;
}[CommandName];

type CommandOptions = {
  /** The spec's own success text ('Acompte reçu', "Projet d'acte signé"); otherwise the server's message. */
  successMessage?: string;
  /** Called once the command succeeded (the modal closes). */
  onDone?: () => void;
};

/**
 * Runs one command on an application: on success toasts the message, closes, then refreshes
 * the funnel, the lots, the candidacies and the tasks. A failure is toasted by the API client.
 */
export const useApplicationCommand = <Name extends ApplicationCommand>(name: Name, applicationId: number, options: CommandOptions = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fields?: CommandInput<Name>) => executeCommand(name, applicationId, ...([fields] as FieldsArgument<Name>)),
    onSuccess: async (answer) => {
      toast.success(options.successMessage ?? answer.message ?? MESSAGES.changesSaved);
      options.onDone?.();
      await invalidateAfterApplicationCommand(queryClient);
    },
  });
};
