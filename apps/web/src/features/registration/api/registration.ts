import { API, type RegistrationError, type RegistrationFormInput } from '@promovente/shared';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api';
import { call } from '../../../lib/api-client';

export const registrationKeys = {
  target: (token: string, lot: string | null) => ['registration', 'target', token, lot] as const,
  link: (promotionId: number) => ['registration', 'link', promotionId] as const,
};

/** GET registration/{token}?lot=: the public page's title. Quiet: the page shows 'Lien invalide' itself. */
export const registrationTargetQueryOptions = (token: string, lot: string | null) =>
  queryOptions({
    queryKey: registrationKeys.target(token, lot),
    queryFn: ({ signal }) =>
      call(API.getRegistrationTarget, { params: { token }, query: { lot: lot ?? undefined } }, { signal, quiet: true }).then(
        (response) => response.data,
      ),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

export const useRegistrationTarget = (token: string, lot: string | null) => useQuery(registrationTargetQueryOptions(token, lot));

/** The server's field errors of a refused registration (docs/product/calls.md#other-calls 'errors in response errors'). */
export const registrationErrorsOf = (error: unknown): RegistrationError['errors'] => {
  if (error instanceof ApiError) {
    const errors = (error.body as Partial<RegistrationError> | null)?.errors;
    if (Array.isArray(errors) && errors.length > 0) return errors;
    return [{ field: null, message: error.message }];
  }
  return [];
};

/** POST registration with the form and the promotion's token; quiet: the page shows the first server error. */
export const useRegister = () =>
  useMutation({
    mutationFn: (input: RegistrationFormInput & { promotion_token: string }) =>
      call(API.registerCandidate, { body: input }, { quiet: true }),
  });

/** GET promotions/{id}/registration-link: the link a broker hands out, null for a demo promotion. */
export const useRegistrationLink = (promotionId: number) =>
  useQuery({
    queryKey: registrationKeys.link(promotionId),
    queryFn: ({ signal }) => call(API.getRegistrationLink, { params: { id: promotionId } }, { signal }).then((response) => response.data),
    staleTime: Number.POSITIVE_INFINITY,
  });
