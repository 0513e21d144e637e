import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local Salesforce for the CRM send's tests (server and browser): it records every call and
 * answers as Salesforce's REST API does (OAuth 2 token endpoint, upsert by external id), with
 * switches for an expired session, a refused record and an outage.
 */
export type RecordedCall = { method: string; path: string; body: unknown; authorization: string | null };

export type FakeSalesforce = {
  url: string;
  calls: RecordedCall[];
  /** The records as stored: `${object}/${externalId}` -> fields, with the id answered. */
  records: Map<string, { id: string; fields: Record<string, unknown> }>;
  /** The next upsert answers 401 INVALID_SESSION_ID (the token expired) once. */
  expireSessionOnce: () => void;
  /** Upserts whose body Name equals `name` answer 400 with Salesforce's error array. */
  refuseName: (name: string, message: string) => void;
  /** The next `count` upserts answer 503. */
  failNext: (count: number) => void;
  /** The token endpoint answers 400 invalid_grant. */
  refuseLogin: (refused: boolean) => void;
  /** Forgets the calls, the records and the switches (between tests). */
  reset: () => void;
  close: () => Promise<void>;
};

/** GET here answers the recorded calls (not a Salesforce address). */
export const RECORDED_PATH = '/__recorded';

const readBody = async (request: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

/** Starts the fake on a loopback port (0: a random one). */
export const startFakeSalesforce = async (port = 0): Promise<FakeSalesforce> => {
  const calls: RecordedCall[] = [];
  const records = new Map<string, { id: string; fields: Record<string, unknown> }>();
  const validTokens = new Set<string>();
  const refused = new Map<string, string>();
  let expireOnce = false;
  let failures = 0;
  let loginRefused = false;
  let counter = 0;
  let url = '';

  const server: Server = createServer(async (request, response) => {
    const text = await readBody(request);
    const path = request.url ?? '/';
    let body: unknown = text;
    if ((request.headers['content-type'] ?? '').includes('json') && text) body = JSON.parse(text);
    if ((request.headers['content-type'] ?? '').includes('x-www-form-urlencoded')) body = Object.fromEntries(new URLSearchParams(text));
    // The browser tests run in other processes: they read what was received here.
    if (request.method === 'GET' && path === RECORDED_PATH) {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(calls));
      return;
    }
    calls.push({ method: request.method ?? '', path, body, authorization: request.headers.authorization ?? null });
    const answer = (status: number, json?: unknown) => {
      response.writeHead(status, json === undefined ? {} : { 'content-type': 'application/json' });
      response.end(json === undefined ? undefined : JSON.stringify(json));
    };

    if (request.method === 'POST' && path === '/services/oauth2/token') {
      if (loginRefused) return answer(400, { error: 'invalid_grant', error_description: 'authentication failure' });
      const token = `00D!${randomBytes(12).toString('hex')}`;
      validTokens.add(token);
      return answer(200, {
        access_token: token,
        instance_url: url,
        id: `${url}/id/00D000000000001/005000000000001`,
        token_type: 'Bearer',
        issued_at: String(Date.now()),
        signature: randomBytes(16).toString('base64'),
      });
    }
    const upsert = /^\/services\/data\/v\d+\.\d\/sobjects\/(\w+)\/(\w+)\/([^/]+)$/.exec(path);
    if (request.method === 'PATCH' && upsert) {
      const token = (request.headers.authorization ?? '').replace(/^Bearer /, '');
      if (expireOnce) {
        expireOnce = false;
        validTokens.delete(token);
      }
      if (!validTokens.has(token)) return answer(401, [{ message: 'Session expired or invalid', errorCode: 'INVALID_SESSION_ID' }]);
      if (failures > 0) {
        failures -= 1;
        return answer(503, [{ message: 'Service Unavailable', errorCode: 'SERVER_UNAVAILABLE' }]);
      }
      const fields = body as Record<string, unknown>;
      const refusal = refused.get(String(fields.Name));
      if (refusal) return answer(400, [{ message: refusal, errorCode: 'FIELD_CUSTOM_VALIDATION_EXCEPTION', fields: [] }]);
      const key = `${upsert[1]}/${decodeURIComponent(upsert[3])}`;
      const existing = records.get(key);
      counter += 1;
      const id = existing?.id ?? `a0${upsert[1].slice(0, 1)}${String(counter).padStart(15, '0')}`;
      records.set(key, { id, fields });
      return answer(existing ? 200 : 201, { id, success: true, errors: [], created: !existing });
    }
    return answer(404, [{ errorCode: 'NOT_FOUND', message: 'The requested resource does not exist' }]);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    calls,
    records,
    expireSessionOnce: () => {
      expireOnce = true;
    },
    refuseName: (name, message) => {
      refused.set(name, message);
    },
    failNext: (count) => {
      failures = count;
    },
    refuseLogin: (value) => {
      loginRefused = value;
    },
    reset: () => {
      calls.length = 0;
      records.clear();
      refused.clear();
      expireOnce = false;
      failures = 0;
      loginRefused = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
