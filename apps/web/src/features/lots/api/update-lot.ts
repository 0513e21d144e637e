import { API, MESSAGES } from '@promovente/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { call } from '../../../lib/api-client';
import { lotKeys } from './get-lots';

/** PUT lots/:id with {id, status}: PRS and back. Failure: 'Une erreur est survenue' (docs/product/errors.md#candidates-and-lots). */
export const useUpdateLotStatus = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: 0 | 1 }) =>
      call(API.updateLot, { params: { id }, body: { id, status } }, { quiet: true }),
    onSuccess: (response) => {
      if (response.data.code === 200) toast.success(MESSAGES.statusUpdated);
      else toast.error(MESSAGES.genericError);
    },
    onError: () => toast.error(MESSAGES.genericError),
    onSettled: () => queryClient.invalidateQueries({ queryKey: lotKeys.all }),
  });
};

/**
 * PUT lots/:id with {id, price}: data.code 200 shows 'Lot mis à jour', otherwise data.error;
 * a refused call shows the server's message through the API client (docs/product/errors.md#http-answers).
 */
export const useUpdateLotPrice = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, price }: { id: number; price: number }) => call(API.updateLot, { params: { id }, body: { id, price } }),
    onSuccess: (response) => {
      if (response.data.code === 200) toast.success(MESSAGES.lotUpdated);
      else toast.error(response.data.error ?? MESSAGES.genericError);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: lotKeys.all }),
  });
};
