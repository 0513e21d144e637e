import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local Salesforce for the CRM send's tests (server and browser): it records every call and
 * answers as Salesforce's REST API does (docs/decisions/025-mail-headers-and-salesforce-batches.md):
 * the OAuth 2 token endpoint (client credentials and username-password), the upsert of one record
 * by external id, and the upsert of up to 200 records by external id in sObject Collections
 * (`PATCH /services/data/vXX.X/composite/sobjects/{SObject}/{ExternalIdField}`, allOrNone false,
 * one result per record in order: a lookup by external id to a record that does not exist yet,
 * or a refused record, fails that record alone). Switches: an expired session, a refused record,
 * an outage, a refused sign-in, and the org's daily API limit (403 REQUEST_LIMIT_EXCEEDED).
 */
export type RecordedCall = { method: string; path: string; body: unknown; authorization: string | null };

type StoredRecord = { id: string; fields: Record<string, unknown> };

export type FakeSalesforce = {
  url: string;
  calls: RecordedCall[];
  /** The records as stored: `${object}/${externalId}` -> fields, with the id answered. */
  records: Map<string, StoredRecord>;
  /** The next data call answers 401 INVALID_SESSION_ID (the token expired) once. */
  expireSessionOnce: () => void;
  /** Records whose Name equals `name` are refused with Salesforce's error (400 alone, or their result in a collection). */
  refuseName: (name: string, message: string) => void;
  /** The next `count` data calls answer 503. */
  failNext: (count: number) => void;
  /** The token endpoint answers 400 invalid_grant. */
  refuseLogin: (refused: boolean) => void;
  /** After `calls` more data calls, every data call answers 403 REQUEST_LIMIT_EXCEEDED (null: no limit). */
  limitCallsTo: (calls: number | null) => void;
  /** Forgets the calls, the records and the switches (between tests). */
  reset: () => void;
  close: () => Promise<void>;
};

/** GET here answers the recorded calls (not a Salesforce address). */
export const RECORDED_PATH = '/__recorded';

/** The relationship fields the org knows: a lookup names its target object by external id. */
const RELATIONSHIPS: Record<string, string> = { Promotion__r: 'Promotion__c', Lot_principal__r: 'Lot__c' };
const COLLECTION_LIMIT = 200;
const DAILY_LIMIT = 15_000;

const readBody = async (request: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

/** Starts the fake on a loopback port (0: a random one). */
export const startFakeSalesforce = async (port = 0): Promise<FakeSalesforce> => {
  const calls: RecordedCall[] = [];
  const records = new Map<string, StoredRecord>();
  const validTokens = new Set<string>();
  const refused = new Map<string, string>();
  let expireOnce = false;
  let failures = 0;
  let loginRefused = false;
  let callsLeft: number | null = null;
  let used = 0;
  let counter = 0;
  let url = '';

  /** Creates or updates one record; answers its UpsertResult, or its errors when refused. */
  const upsertOne = (object: string, externalId: string, fields: Record<string, unknown>, known: ReadonlyMap<string, StoredRecord>) => {
    const refusal = refused.get(String(fields.Name));
    if (refusal) return { success: false, errors: [{ statusCode: 'FIELD_CUSTOM_VALIDATION_EXCEPTION', message: refusal, fields: [] }] };
    for (const [field, target] of Object.entries(RELATIONSHIPS)) {
      const lookup = fields[field] as Record<string, unknown> | null | undefined;
      if (!lookup) continue;
      const [[idField, value]] = Object.entries(lookup);
      if (!known.has(`${target}/${String(value)}`)) {
        const message = `Foreign key external ID: ${String(value)} not found for field ${idField} in entity ${target}`;
        return { success: false, errors: [{ statusCode: 'INVALID_FIELD', message, fields: [] }] };
      }
    }
    const key = `${object}/${externalId}`;
    const existing = records.get(key);
    counter += 1;
    const id = existing?.id ?? `a0${object.slice(0, 1)}${String(counter).padStart(15, '0')}`;
    records.set(key, { id, fields });
    return { id, success: true, errors: [], created: !existing };
  };

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
      const headers: Record<string, string> = json === undefined ? {} : { 'content-type': 'application/json' };
      if (path.startsWith('/services/data/')) headers['sforce-limit-info'] = `api-usage=${used}/${DAILY_LIMIT}`;
      response.writeHead(status, headers);
      response.end(json === undefined ? undefined : JSON.stringify(json));
    };

    if (request.method === 'POST' && path === '/services/oauth2/token') {
      const grant = (body as Record<string, string>).grant_type;
      if (loginRefused || (grant !== 'client_credentials' && grant !== 'password')) {
        return answer(400, { error: 'invalid_grant', error_description: 'authentication failure' });
      }
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

    const single = /^\/services\/data\/v\d+\.\d\/sobjects\/(\w+)\/(\w+)\/([^/]+)$/.exec(path);
    const collection = /^\/services\/data\/v\d+\.\d\/composite\/sobjects\/(\w+)\/(\w+)$/.exec(path);
    if (request.method === 'PATCH' && (single || collection)) {
      const token = (request.headers.authorization ?? '').replace(/^Bearer /, '');
      if (expireOnce) {
        expireOnce = false;
        validTokens.delete(token);
      }
      if (!validTokens.has(token)) return answer(401, [{ message: 'Session expired or invalid', errorCode: 'INVALID_SESSION_ID' }]);
      // Every data call counts against the org's rolling 24-hour allowance.
      if (callsLeft !== null && callsLeft <= 0) {
        return answer(403, [{ message: 'TotalRequests Limit exceeded.', errorCode: 'REQUEST_LIMIT_EXCEEDED' }]);
      }
      if (callsLeft !== null) callsLeft -= 1;
      used += 1;
      if (failures > 0) {
        failures -= 1;
        return answer(503, [{ message: 'Service Unavailable', errorCode: 'SERVER_UNAVAILABLE' }]);
      }
      const known = new Map(records);
      if (single) {
        const result = upsertOne(single[1], decodeURIComponent(single[3]), body as Record<string, unknown>, known);
        if (!result.success) {
          const [error] = result.errors as { statusCode: string; message: string }[];
          return answer(400, [{ message: error.message, errorCode: error.statusCode, fields: [] }]);
        }
        return answer(result.created ? 201 : 200, result);
      }
      const [, object, externalIdField] = collection as RegExpExecArray;
      const payload = body as { allOrNone?: unknown; records?: unknown };
      if (!Array.isArray(payload?.records))
        return answer(400, [{ message: 'Json deserialization failed', errorCode: 'JSON_PARSER_ERROR' }]);
      if (payload.records.length > COLLECTION_LIMIT) {
        return answer(400, [
          { message: 'record limit reached. cannot submit more than 200 records into this call', errorCode: 'EXCEEDED_ID_LIMIT' },
        ]);
      }
      const rows = payload.records as Record<string, unknown>[];
      if (rows.some((row) => (row.attributes as { type?: unknown } | undefined)?.type !== object || row[externalIdField] === undefined)) {
        return answer(400, [{ message: `Each record needs attributes.type ${object} and ${externalIdField}`, errorCode: 'INVALID_INPUT' }]);
      }
      // Records are upserted in order; a lookup resolves against the records that existed before this call.
      return answer(
        200,
        rows.map(({ attributes: _, [externalIdField]: externalId, ...fields }) => upsertOne(object, String(externalId), fields, known)),
      );
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
    limitCallsTo: (count) => {
      callsLeft = count;
    },
    reset: () => {
      calls.length = 0;
      records.clear();
      refused.clear();
      expireOnce = false;
      failures = 0;
      loginRefused = false;
      callsLeft = null;
      used = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
