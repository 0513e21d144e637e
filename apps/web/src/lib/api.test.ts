import { MESSAGES } from '@promovente/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from './api';
import { setNavigator } from './navigation';
import { getToken, removeToken, setToken } from './token';

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn(), info: vi.fn(), warning: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const answer = (status: number, body: unknown) =>
  vi.fn<typeof fetch>(
    async () => new Response(body === undefined ? '' : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );

describe('api client', () => {
  const navigate = vi.fn();

  beforeEach(() => {
    setNavigator(navigate);
    localStorage.clear();
    window.history.replaceState(null, '', '/lots?page=2');
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.clearAllMocks();
    removeToken();
  });

  it('sends Accept JSON and the bearer token, and returns the body of a 200', async () => {
    setToken('abc');
    const fetchMock = answer(200, { data: [1] });
    vi.stubGlobal('fetch', fetchMock);
    await expect(api.get('brokers', { query: { promotion: 3, empty: '' } })).resolves.toEqual({ data: [1] });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/brokers?promotion=3');
    expect(init?.headers).toMatchObject({ Accept: 'application/json', Authorization: 'Bearer abc' });
  });

  it('asks again with the ETag of a list served by version, and takes a 304 from the answer it kept', async () => {
    setToken('abc');
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(new Response(JSON.stringify({ data: [1, 2] }), { status: 200, headers: { ETag: 'W/"v1"' } }))
      .mockResolvedValueOnce(new Response(null, { status: 304, headers: { ETag: 'W/"v1"' } }))
      .mockResolvedValueOnce(new Response(JSON.stringify({ data: [3] }), { status: 200, headers: { ETag: 'W/"v2"' } }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(api.get('lots', { query: { promotion: 3 } })).resolves.toEqual({ data: [1, 2] });
    expect(fetchMock.mock.calls[0][1]?.headers).not.toHaveProperty('If-None-Match');
    await expect(api.get('lots', { query: { promotion: 3 } })).resolves.toEqual({ data: [1, 2] });
    expect(fetchMock.mock.calls[1][1]?.headers).toMatchObject({ 'If-None-Match': 'W/"v1"' });
    await expect(api.get('lots', { query: { promotion: 3 } })).resolves.toEqual({ data: [3] });
    // Another session never sends the first one's ETag.
    setToken('def');
    vi.stubGlobal('fetch', answer(200, { data: [] }));
    await api.get('lots', { query: { promotion: 3 } });
    expect(vi.mocked(fetch).mock.calls[0][1]?.headers).not.toHaveProperty('If-None-Match');
  });

  it('on 401 tells the user to sign in, drops the token, saves the target and goes to login', async () => {
    setToken('expired');
    vi.stubGlobal('fetch', answer(401, { message: 'Non authentifié' }));
    await expect(api.get('user')).rejects.toMatchObject({ status: 401 });
    expect(toast.error).toHaveBeenCalledWith(MESSAGES.pleaseSignIn);
    expect(getToken()).toBeNull();
    expect(localStorage.getItem('redirect')).toBe('/lots?page=2');
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('toasts access denied on 403 and page not found on 404', async () => {
    vi.stubGlobal('fetch', answer(403, { message: 'Interdit' }));
    await expect(api.get('logs')).rejects.toBeInstanceOf(ApiError);
    expect(toast.error).toHaveBeenLastCalledWith(MESSAGES.accessDenied);

    vi.stubGlobal('fetch', answer(404, { message: 'Ressource introuvable' }));
    await expect(api.get('lots/9')).rejects.toMatchObject({ status: 404 });
    expect(toast.error).toHaveBeenLastCalledWith(MESSAGES.pageNotFound);
  });

  it('toasts the server message on other errors', async () => {
    vi.stubGlobal('fetch', answer(409, { message: 'Email déjà existant sur un autre compte' }));
    await expect(api.post('user/update', { a: 1 })).rejects.toMatchObject({
      status: 409,
      message: 'Email déjà existant sur un autre compte',
    });
    expect(toast.error).toHaveBeenCalledWith('Email déjà existant sur un autre compte');
  });

  it('treats any status but 200 as a failure', async () => {
    vi.stubGlobal('fetch', answer(201, { message: 'Créé' }));
    await expect(api.post('askdemo', {})).rejects.toMatchObject({ status: 201 });
  });

  it('shows no toast and does not redirect for the login URL', async () => {
    vi.stubGlobal('fetch', answer(401, { message: MESSAGES.wrongCredentials }));
    await expect(api.post('login', { email: 'a@b.ch', password: 'x' })).rejects.toMatchObject({
      status: 401,
      message: MESSAGES.wrongCredentials,
    });
    expect(toast.error).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('stays silent when the screen asks to, and reports a lost connection as status 0', async () => {
    vi.stubGlobal('fetch', answer(500, { message: 'Une erreur est survenue' }));
    await expect(api.get('password/find/x', { quiet: true })).rejects.toMatchObject({ status: 500 });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(api.get('user', { quiet: true })).rejects.toMatchObject({ status: 0 });
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('sends a FormData body as multipart, without a JSON content type', async () => {
    const fetchMock = answer(200, { code: '200' });
    vi.stubGlobal('fetch', fetchMock);
    const form = new FormData();
    form.set('first_name', 'Léa');
    await api.post('user/update', form);
    const [, init] = fetchMock.mock.calls[0];
    expect(init?.body).toBe(form);
    expect(init?.headers).not.toHaveProperty('Content-Type');
  });
});
