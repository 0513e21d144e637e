import { type ApiInput, type ApiOutput, type ApiRouteName, type Endpoint, routePath } from '@promovente/shared';
import { type RequestOptions, request } from './api';

type CallOptions = Pick<RequestOptions, 'quiet' | 'signal'>;

/** The input is optional where the route takes none. */
type InputArgument<Name extends ApiRouteName> =
  Record<string, never> extends ApiInput<Name>
    ? [input?: ApiInput<Name>, options?: CallOptions]
    : [input: ApiInput<Name>, options?: CallOptions];

/**
 * Calls one route of the API catalogue (docs/architecture.md, 'The API catalogue'): the path,
 * method, params, query, body and answer are the entry's, so a renamed field fails to compile
 * here and on the server alike. Failures go through the one error path of lib/api.ts.
 *
 *   call(API.listFaqQuestions, { params: { id: promotionId } })
 */
export const call = <Name extends ApiRouteName>(
  route: Endpoint<Name>,
  ...[input, options]: InputArgument<Name>
): Promise<ApiOutput<Name>> => {
  const { params, query, body, form } = (input ?? {}) as { params?: object; query?: object; body?: unknown; form?: FormData };
  return request<ApiOutput<Name>>(routePath(route.path, params as Record<string, unknown> | undefined), {
    ...options,
    method: route.method,
    query: query as RequestOptions['query'],
    body: form ?? body,
  });
};
