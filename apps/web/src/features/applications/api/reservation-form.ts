import { API, type SubmitReservationFormInput } from '@promovente/shared';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { executeCommand } from '../../../lib/commands';

export const reservationFormKey = (publicId: string) => ['reservation-form', publicId] as const;

/**
 * GET /applications/public/:publicId (docs/product/calls.md#direct-application-calls). Quiet: the page tells 'Lien invalide'
 * itself when the link leads nowhere.
 */
export const reservationFormQueryOptions = (publicId: string) =>
  queryOptions({
    queryKey: reservationFormKey(publicId),
    queryFn: ({ signal }) =>
      call(API.getReservationForm, { params: { publicId } }, { signal, quiet: true }).then((response) => response.data),
  });

export const useReservationForm = (publicId: string) => useQuery(reservationFormQueryOptions(publicId));

/** submitReservationForm on the application (docs/product/calls.md#command-dispatcher): candidacy1, candidacy2. */
export const useSubmitReservationForm = () =>
  useMutation({
    mutationFn: ({ applicationId, payload }: { applicationId: number; payload: SubmitReservationFormInput }) =>
      executeCommand('submitReservationForm', applicationId, payload),
  });
