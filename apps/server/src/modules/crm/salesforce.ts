import { CANDIDACY_PRIORITY_LABELS, CANDIDACY_STATUS_LABELS, LOT_STATUS_LABELS, toSwissDateAndTime } from '@promovente/shared';
import type { Config } from '../../config.js';

/**
 * The Salesforce REST adapter of the CRM send (docs/sales-process.md#crm-send-built): an OAuth 2
 * token, then one upsert by external id per record (the promotion, its lots, its candidacies),
 * each answering the Salesforce id we keep.
 */

export type SalesforceSettings = {
  loginUrl: string;
  clientId: string;
  clientSecret: string;
  /** With both, the username-password flow; without, the client-credentials flow. */
  username: string | null;
  password: string | null;
  apiVersion: string;
};

const filled = (value: string | undefined): string | null => (value && value.trim().length > 0 ? value.trim() : null);

/** The Salesforce settings of the configuration, or null when the CRM is not configured. */
export const salesforceSettingsOf = (
  config: Pick<
    Config,
    | 'SALESFORCE_LOGIN_URL'
    | 'SALESFORCE_CLIENT_ID'
    | 'SALESFORCE_CLIENT_SECRET'
    | 'SALESFORCE_USERNAME'
    | 'SALESFORCE_PASSWORD'
    | 'SALESFORCE_API_VERSION'
  >,
): SalesforceSettings | null => {
  const loginUrl = filled(config.SALESFORCE_LOGIN_URL);
  const clientId = filled(config.SALESFORCE_CLIENT_ID);
  const clientSecret = filled(config.SALESFORCE_CLIENT_SECRET);
  if (!loginUrl || !clientId || !clientSecret) return null;
  const username = filled(config.SALESFORCE_USERNAME);
  const password = config.SALESFORCE_PASSWORD && config.SALESFORCE_PASSWORD.length > 0 ? config.SALESFORCE_PASSWORD : null;
  return {
    loginUrl: loginUrl.replace(/\/+$/, ''),
    clientId,
    clientSecret,
    username: username && password ? username : null,
    password: username && password ? password : null,
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
 * A failure worth retrying later (the network, Salesforce unavailable or limiting): the job
 * retries it. Anything else is a refusal: retrying would be refused the same way.
 */
export class SalesforceUnavailable extends Error {}
export class SalesforceRefusal extends Error {}

type SalesforceError = { message?: string; errorCode?: string };

/** Salesforce's error array ([{ message, errorCode, fields }]) as one line. */
export const describeSalesforceErrors = (body: unknown): string => {
  const errors: SalesforceError[] = Array.isArray(body) ? body : body && typeof body === 'object' ? [body as SalesforceError] : [];
  const text = errors
    .map((e) => [e.errorCode, e.message].filter((part) => typeof part === 'string' && part.length > 0).join(' : '))
    .filter((line) => line.length > 0)
    .join(' ; ');
  return text || 'réponse inattendue de Salesforce';
};

const TRANSIENT_STATUSES = new Set([408, 429, 500, 502, 503, 504]);
const REQUEST_TIMEOUT_MS = 30_000;

type Token = { accessToken: string; instanceUrl: string };

export type UpsertItem = { kind: SalesforceKind; ourId: number; name: string; fields: Record<string, unknown> };

export type SalesforceClient = {
  /** Upserts the records in order, one at a time; answers the Salesforce id of each (null when Salesforce answered none). */
  upsertAll: (items: readonly UpsertItem[]) => Promise<(string | null)[]>;
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

/** The OAuth 2 token request: the username-password flow when a user is configured, else client credentials. */
export const tokenRequestBody = (settings: SalesforceSettings): URLSearchParams =>
  settings.username && settings.password
    ? new URLSearchParams({
        grant_type: 'password',
        client_id: settings.clientId,
        client_secret: settings.clientSecret,
        username: settings.username,
        password: settings.password,
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

const isExpiredSession = (status: number, body: unknown) =>
  status === 401 && (!Array.isArray(body) || body.some((e: SalesforceError) => e?.errorCode === 'INVALID_SESSION_ID'));

export const upsertUrl = (instanceUrl: string, apiVersion: string, kind: SalesforceKind, ourId: number) => {
  const target = SALESFORCE_OBJECTS[kind];
  return `${instanceUrl}/services/data/${apiVersion}/sobjects/${target.object}/${target.externalIdField}/${encodeURIComponent(String(ourId))}`;
};

/**
 * A client for one send: it signs in on first use and, when Salesforce says the session expired
 * (401 INVALID_SESSION_ID), signs in again once and repeats the call.
 */
export const createSalesforceClient = (settings: SalesforceSettings): SalesforceClient => {
  let token: Token | null = null;

  const upsert = async (item: UpsertItem): Promise<string | null> => {
    for (let attempt = 0; ; attempt += 1) {
      token ??= await authenticate(settings);
      const response = await call(upsertUrl(token.instanceUrl, settings.apiVersion, item.kind, item.ourId), {
        method: 'PATCH',
        headers: { authorization: `Bearer ${token.accessToken}`, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(item.fields),
      });
      const body = await readJson(response);
      if (response.status === 200 || response.status === 201) {
        const id = (body as { id?: unknown } | null)?.id;
        return typeof id === 'string' ? id : null;
      }
      // An update may answer 204 without a body on older API versions: the id we had stays.
      if (response.status === 204) return null;
      if (isExpiredSession(response.status, body) && attempt === 0) {
        token = null;
        continue;
      }
      if (TRANSIENT_STATUSES.has(response.status)) throw new SalesforceUnavailable(`Salesforce est indisponible (HTTP ${response.status})`);
      throw new SalesforceRefusal(`Salesforce a refusé ${recordLabel(item.kind, item.name)} : ${describeSalesforceErrors(body)}`);
    }
  };

  return {
    async upsertAll(items) {
      const ids: (string | null)[] = [];
      for (const item of items) ids.push(await upsert(item));
      return ids;
    },
  };
};
