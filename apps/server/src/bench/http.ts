import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { DEMO_PASSWORD } from '@promovente/shared';

/** The bench's one kept-alive connection for its sequential calls (bench/run.ts, bench/mixed-phase.ts). */
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/**
 * One request on the kept-alive connection. A connection the server closed while it sat idle
 * (Node's keep-alive timeout) fails at once with ECONNRESET: the request is sent again on a new
 * one, as Node's documentation advises (`request.reusedSocket`), instead of aborting the run.
 */
export const call = (
  base: string,
  method: string,
  url: string,
  headers: Record<string, string> = {},
  body?: unknown,
): Promise<{ status: number; body: string; ms: number }> =>
  new Promise<{ status: number; body: string; ms: number }>((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const started = performance.now();
    const req = http.request(
      `${base}${url}`,
      { method, agent, headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...headers } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, ms: performance.now() - started }));
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (req.reusedSocket && error.code === 'ECONNRESET') call(base, method, url, headers, body).then(resolve, reject);
      else reject(error);
    });
    req.end(payload);
  });

export const closeAgent = () => agent.destroy();

/** Signs a demo or scale user in: the authorization header of his session. */
export const signIn = async (base: string, email: string) => {
  const login = await call(base, 'POST', '/api/login', {}, { email, password: DEMO_PASSWORD });
  if (login.status !== 200) throw new Error(`sign-in of ${email} failed: ${login.body}`);
  return { authorization: `Bearer ${(JSON.parse(login.body) as { token: string }).token}` };
};
