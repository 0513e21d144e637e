import { CANDIDACY_PRIORITY_LABELS, CANDIDACY_STATUS_LABELS, LOT_STATUS_LABELS, toSwissDateAndTime } from '@promovente/shared';
import type { Config } from '../../config.js';

/**
 * The Salesforce REST adapter of the CRM send (docs/sales-process.md#crm-send-built): an OAuth 2
 * token, then upserts by external id in sObject Collections, up to 200 records of one object a
 * call (the promotion, its lots, its candidacies), each record answering its Salesforce id or
 * its own errors. Written by hand rather than with jsforce: docs/decisions/025-mail-headers-and-salesforce-batches.md.
 */

export type SalesforceSettings = {
  loginUrl: string;
  clientId: string;
  clientSecret: string;
  /** Client credentials by default; the username-password flow when SALESFORCE_AUTH_FLOW=password. */
  flow: 'client_credentials' | 'password';
  username: string | null;
  password: string | null;
  apiVersion: string;
};

const filled = (value: string | undefined): string | null => (value && value.trim().length > 0 ? value.trim() : null);

/** The Salesforce settings of the configuration (checked at boot: config.ts), or null when the CRM is not configured. */
export const salesforceSettingsOf = (
  config: Pick<
    Config,
    | 'SALESFORCE_LOGIN_URL'
    | 'SALESFORCE_CLIENT_ID'
    | 'SALESFORCE_CLIENT_SECRET'
    | 'SALESFORCE_AUTH_FLOW'
    | 'SALESFORCE_USERNAME'
    | 'SALESFORCE_PASSWORD'
    | 'SALESFORCE_API_VERSION'
  >,
): SalesforceSettings | null => {
  const loginUrl = filled(config.SALESFORCE_LOGIN_URL);
  const clientId = filled(config.SALESFORCE_CLIENT_ID);
  const clientSecret = filled(config.SALESFORCE_CLIENT_SECRET);
  if (!loginUrl || !clientId || !clientSecret) return null;
  const password = config.SALESFORCE_AUTH_FLOW === 'password';
  return {
    loginUrl: loginUrl.replace(/\/+$/, ''),
    clientId,
    clientSecret,
    flow: config.SALESFORCE_AUTH_FLOW,
    username: password ? filled(config.SALESFORCE_USERNAME) : null,
    password: password && config.SALESFORCE_PASSWORD ? config.SALESFORCE_PASSWORD : null,
    apiVersion: config.SALESFORCE_API_VERSION,
  };
};

/**
 * Where each of our rows lands in Salesforce: the custom object and its external id field (an
 * "External ID" text field holding our row id). Changing the org's names is changing these.
 */
export const SALESFORCE_OBJECTS = {
  promotion: { object: 'Promotion__c', externalIdField: 'Promovente_Id__c', label: 'la promotion' },
  lot: { object: 'Lot__c', externalIdField: 'Promovente_Id__c', label: 'le lot' },
  candidacy: { object: 'Candidature__c', externalIdField: 'Promovente_Id__c', label: 'la candidature' },
} as const;
export type SalesforceKind = keyof typeof SALESFORCE_OBJECTS;

// Our rows as the send reads them.
export type PromotionRow = {
  id: number;
  title: string;
  url: string | null;
  multiAgency: boolean;
  prestige: boolean;
  startAt: Date | null;
  endAt: Date | null;
};
export type LotRow = {
  id: number;
  reference: string;
  title: string;
  parentId: number | null;
  building: string;
  floor: string;
  type: string;
  nbRooms: number;
  rawPrice: number;
  status: number;
  areaPpe: number;
  areaHab: number;
};
export type CandidacyRow = {
  id: number;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  status: number;
  priority: number;
  agency: string | null;
  budget: number | null;
  crmReference: string | null;
};

/** A Salesforce Name field holds 80 characters. */
const name80 = (value: string) => value.slice(0, 80);
const swissDay = (at: Date | null) => (at ? toSwissDateAndTime(at).date : null);
/** A lookup to another record by its external id, so that the send never needs their Salesforce ids. */
const refTo = (kind: SalesforceKind, id: number) => ({ [SALESFORCE_OBJECTS[kind].externalIdField]: String(id) });

export const promotionFields = (p: PromotionRow) => ({
  Name: name80(p.title),
  Site_web__c: p.url,
  Multi_agence__c: p.multiAgency,
  Prestige__c: p.prestige,
  Date_debut__c: swissDay(p.startAt),
  Date_fin__c: swissDay(p.endAt),
});

export const lotFields = (lot: LotRow, promotionId: number) => ({
  Name: name80(lot.reference),
  Titre__c: lot.title || null,
  Promotion__r: refTo('promotion', promotionId),
  // Associated lots (parking, cellar) point at their main lot, sent before them.
  Lot_principal__r: lot.parentId === null ? null : refTo('lot', lot.parentId),
  Immeuble__c: lot.building,
  Etage__c: lot.floor,
  Type__c: lot.type,
  Pieces__c: lot.nbRooms,
  Prix__c: lot.rawPrice,
  Statut__c: LOT_STATUS_LABELS[lot.status] ?? null,
  Surface_PPE__c: lot.areaPpe,
  Surface_habitable__c: lot.areaHab,
});

export const candidacyFields = (c: CandidacyRow, promotionId: number) => ({
  Name: name80(`${c.firstName} ${c.lastName}`.trim()),
  Promotion__r: refTo('promotion', promotionId),
  Prenom__c: c.firstName,
  Nom__c: c.lastName,
  Email__c: c.email,
  Telephone__c: c.phone,
  Statut__c: CANDIDACY_STATUS_LABELS[c.status] ?? null,
  Priorite__c: CANDIDACY_PRIORITY_LABELS[c.priority] ?? null,
  Agence__c: c.agency,
  Budget__c: c.budget,
  Reference_CRM__c: c.crmReference,
});

/** What a record is called in an error: 'le lot A-101', 'la candidature Anne Meylan'. */
export const recordLabel = (kind: SalesforceKind, name: string) => `${SALESFORCE_OBJECTS[kind].label} ${name}`;

/**
 * Why a call failed. Unavailable: the network, Salesforce down or busy (408, 429, 5xx): the job
 * retries it soon. LimitReached: the org's daily API quota is spent (403 REQUEST_LIMIT_EXCEEDED):
 * the job waits an hour, the promotion is not at fault. Refusal: anything else, which a retry
 * would meet again (a refused sign-in, a malformed request).
 */
export class SalesforceUnavailable extends Error {}
export class SalesforceLimitReached extends Error {}
export class SalesforceRefusal extends Error {}

/** Salesforce's errors: `errorCode` in a refused request, `statusCode` in a record's result. */
type SalesforceError = { message?: string; errorCode?: string; statusCode?: string };

/** Salesforce's error array ([{ message, errorCode | statusCode, fields }]) as one line. */
export const describeSalesforceErrors = (body: unknown): string => {
  const errors: SalesforceError[] = Array.isArray(body) ? body : body && typeof body === 'object' ? [body as SalesforceError] : [];
  const text = errors
    .map((e) => [e.errorCode ?? e.statusCode, e.message].filter((part) => typeof part === 'string' && part.length > 0).join(' : '))
    .filter((line) => line.length > 0)
    .join(' ; ');
  return text || 'réponse inattendue de Salesforce';
};

const TRANSIENT_STATUSES = new Set([408, 429, 500, 502, 503, 504]);
const REQUEST_TIMEOUT_MS = 30_000;
/** sObject Collections take up to 200 records a call. */
export const COLLECTION_SIZE = 200;

type Token = { accessToken: string; instanceUrl: string };

export type UpsertItem = { kind: SalesforceKind; ourId: number; name: string; fields: Record<string, unknown> };

/** One record's outcome: its Salesforce id, or the errors Salesforce gave for it alone. */
export type UpsertResult = { ok: true; salesforceId: string | null } | { ok: false; error: string };

export type SalesforceClient = {
  /**
   * Upserts records of one kind, COLLECTION_SIZE a call, in order; answers each record's result
   * in the same order. A record Salesforce refuses does not stop the others (allOrNone false).
   */
  upsertCollection: (kind: SalesforceKind, items: readonly UpsertItem[]) => Promise<UpsertResult[]>;
};

const readJson = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text.slice(0, 200);
  }
};

/** fetch, with the network's failures (refused, reset, timed out) as a transient error. */
const call = async (url: string, init: RequestInit): Promise<Response> => {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new SalesforceUnavailable(`Salesforce est injoignable (${reason})`);
  }
};

/** The OAuth 2 token request: client credentials, or the username-password flow when configured so. */
export const tokenRequestBody = (settings: SalesforceSettings): URLSearchParams =>
  settings.flow === 'password'
    ? new URLSearchParams({
        grant_type: 'password',
        client_id: settings.clientId,
        client_secret: settings.clientSecret,
        username: settings.username ?? '',
        password: settings.password ?? '',
      })
    : new URLSearchParams({ grant_type: 'client_credentials', client_id: settings.clientId, client_secret: settings.clientSecret });

const authenticate = async (settings: SalesforceSettings): Promise<Token> => {
  const response = await call(`${settings.loginUrl}/services/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: tokenRequestBody(settings),
  });
  const body = (await readJson(response)) as { access_token?: string; instance_url?: string; error?: string; error_description?: string };
  if (TRANSIENT_STATUSES.has(response.status)) throw new SalesforceUnavailable(`Salesforce est indisponible (HTTP ${response.status})`);
  if (response.status !== 200 || !body?.access_token || !body.instance_url) {
    const reason = body?.error_description ?? body?.error ?? `HTTP ${response.status}`;
    throw new SalesforceRefusal(`Salesforce a refusé la connexion (${reason})`);
  }
  return { accessToken: body.access_token, instanceUrl: body.instance_url.replace(/\/+$/, '') };
};

const errorCodes = (body: unknown): string[] =>
  Array.isArray(body) ? body.map((e: SalesforceError) => e?.errorCode ?? '').filter((code) => code.length > 0) : [];

const isExpiredSession = (status: number, body: unknown) =>
  status === 401 && (!Array.isArray(body) || errorCodes(body).includes('INVALID_SESSION_ID'));

/** The org's rolling 24-hour API quota is spent: every call is refused until older calls age out. */
export const isRequestLimitExceeded = (status: number, body: unknown) =>
  status === 403 && errorCodes(body).includes('REQUEST_LIMIT_EXCEEDED');

export const collectionUrl = (instanceUrl: string, apiVersion: string, kind: SalesforceKind) => {
  const target = SALESFORCE_OBJECTS[kind];
  return `${instanceUrl}/services/data/${apiVersion}/composite/sobjects/${target.object}/${target.externalIdField}`;
};

/** A collection's body: each record typed, carrying its external id (our row id) and its fields. */
export const collectionBody = (kind: SalesforceKind, items: readonly UpsertItem[]) => {
  const target = SALESFORCE_OBJECTS[kind];
  return {
    allOrNone: false,
    records: items.map((item) => ({ attributes: { type: target.object }, [target.externalIdField]: String(item.ourId), ...item.fields })),
  };
};

type RecordAnswer = { id?: unknown; success?: unknown; errors?: unknown };

/**
 * A client for one send: it signs in on first use and, when Salesforce says the session expired
 * (401 INVALID_SESSION_ID), signs in again once and repeats the call.
 */
export const createSalesforceClient = (settings: SalesforceSettings): SalesforceClient => {
  let token: Token | null = null;

  const upsertChunk = async (kind: SalesforceKind, items: readonly UpsertItem[]): Promise<UpsertResult[]> => {
    for (let attempt = 0; ; attempt += 1) {
      token ??= await authenticate(settings);
      const response = await call(collectionUrl(token.instanceUrl, settings.apiVersion, kind), {
        method: 'PATCH',
        headers: { authorization: `Bearer ${token.accessToken}`, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(collectionBody(kind, items)),
      });
      const body = await readJson(response);
      if (response.status === 200) {
        if (!Array.isArray(body) || body.length !== items.length) {
          throw new SalesforceRefusal(`Salesforce a répondu de façon inattendue pour ${SALESFORCE_OBJECTS[kind].object}`);
        }
        return (body as RecordAnswer[]).map((answer) =>
          answer?.success === true
            ? { ok: true, salesforceId: typeof answer.id === 'string' ? answer.id : null }
            : { ok: false, error: describeSalesforceErrors(answer?.errors) },
        );
      }
      if (isExpiredSession(response.status, body) && attempt === 0) {
        token = null;
        continue;
      }
      if (isRequestLimitExceeded(response.status, body)) throw new SalesforceLimitReached(describeSalesforceErrors(body));
      if (TRANSIENT_STATUSES.has(response.status)) throw new SalesforceUnavailable(`Salesforce est indisponible (HTTP ${response.status})`);
      throw new SalesforceRefusal(`Salesforce a refusé l'envoi (HTTP ${response.status} : ${describeSalesforceErrors(body)})`);
    }
  };

  return {
    async upsertCollection(kind, items) {
      const results: UpsertResult[] = [];
      for (let from = 0; from < items.length; from += COLLECTION_SIZE) {
        results.push(...(await upsertChunk(kind, items.slice(from, from + COLLECTION_SIZE))));
      }
      return results;
    },
  };
};
