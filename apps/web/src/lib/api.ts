import { MESSAGES } from '@promovente/shared';
import { toast } from 'sonner';
import { currentUrl, navigateTo } from './navigation';
import { saveRedirectTarget } from './storage';
import { getToken, removeToken } from './token';

/** An API answer other than 200. `status` is 0 when the request never got an answer. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, message: string, body: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** A plain object is sent as JSON, FormData as multipart. */
  body?: unknown;
  query?: Record<string, QueryValue>;
  /** No error toast: the screen shows its own message. Sign-in expiry (401) is still handled. */
  quiet?: boolean;
  signal?: AbortSignal;
};

const API_BASE = '/api';
const LOGIN_PATH = 'login';

const buildUrl = (path: string, query?: Record<string, QueryValue>) => {
  const url = `${API_BASE}/${path.replace(/^\/+/, '')}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
};

const readBody = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

const messageOf = (body: unknown): string | null => {
  if (body && typeof body === 'object') {
    const { message, error } = body as { message?: unknown; error?: unknown };
    if (typeof message === 'string' && message) return message;
    if (typeof error === 'string' && error) return error;
  }
  return null;
};

/** The error catalogue of docs/product/errors.md: one toast path for every failed call. */
const handleFailure = (path: string, status: number, body: unknown, quiet: boolean): ApiError => {
  const isLogin = path.replace(/^\/+/, '') === LOGIN_PATH;
  const message = messageOf(body) ?? MESSAGES.genericError;
  if (isLogin) return new ApiError(status, message, body);

  if (status === 401) {
    toast.error(MESSAGES.pleaseSignIn);
    removeToken();
    if (!window.location.pathname.startsWith('/login')) saveRedirectTarget(currentUrl());
    navigateTo('/login');
    return new ApiError(status, MESSAGES.pleaseSignIn, body);
  }
  if (!quiet) {
    if (status === 403) toast.error(MESSAGES.accessDenied);
    else if (status === 404) toast.error(MESSAGES.pageNotFound);
    else toast.error(message);
  }
  return new ApiError(status, message, body);
};

/**
 * The last answer of each list read served by version, with its ETag (docs/architecture.md, 'The
 * answer cache'): asked again, the server answers 304 while nothing its reader may see has
 * changed, and the answer is taken from here instead of travelling again. Kept per session token
 * (another user's token never matches), the most recent REVALIDATED_MAX only.
 */
const revalidated = new Map<string, { etag: string; data: unknown }>();
const REVALIDATED_MAX = 60;

const remember = (key: string, etag: string, data: unknown) => {
  revalidated.delete(key);
  revalidated.set(key, { etag, data });
  for (const oldest of revalidated.keys()) {
    if (revalidated.size <= REVALIDATED_MAX) break;
    revalidated.delete(oldest);
  }
};

export const request = async <T>(path: string, options: RequestOptions = {}): Promise<T> => {
  const { method = 'GET', body, query, quiet = false, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  const url = buildUrl(path, query);
  const key = method === 'GET' ? `${token ?? ''}\n${url}` : null;
  const known = key === null ? undefined : revalidated.get(key);
  if (known) headers['If-None-Match'] = known.etag;

  let response: Response;
  try {
    response = await fetch(url, { method, headers, body: payload, credentials: 'include', signal });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw handleFailure(path, 0, null, quiet);
  }

  // Unchanged since the answer kept here (a header the client set itself: the browser hands the 304 over).
  if (response.status === 304 && known) return known.data as T;
  const data = await readBody(response);
  // Only 200 is a success (docs/product/calls.md#conventions).
  if (response.status !== 200) throw handleFailure(path, response.status, data, quiet);
  const etag = response.headers.get('ETag');
  if (key !== null && etag) remember(key, etag, data);
  return data as T;
};

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => request<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => request<T>(path, { ...options, method: 'DELETE' }),
};

/** The server's message carried by an error, or the generic French one. */
export const errorMessage = (error: unknown): string => (error instanceof Error && error.message ? error.message : MESSAGES.genericError);
