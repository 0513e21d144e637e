import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { type FakeSalesforce, startFakeSalesforce } from '../../test/fake-salesforce.js';
import {
  candidacyFields,
  collectionBody,
  collectionUrl,
  createSalesforceClient,
  describeSalesforceErrors,
  lotFields,
  promotionFields,
  SalesforceLimitReached,
  SalesforceRefusal,
  type SalesforceSettings,
  SalesforceUnavailable,
  salesforceSettingsOf,
  tokenRequestBody,
} from './salesforce.js';

const LOT = {
  id: 12,
  reference: 'A-101',
  title: 'Attique sud',
  parentId: null,
  building: 'Bâtiment A',
  floor: 'Rez',
  type: 'Appartement',
  nbRooms: 4.5,
  rawPrice: 1_250_000,
  status: 3,
  areaPpe: 120.5,
  areaHab: 110,
};

describe('the mapping of our rows to Salesforce fields', () => {
  it('sends a promotion with its dates as Swiss days', () => {
    expect(
      promotionFields({
        id: 7,
        title: 'Les Hauts de Rolle',
        url: 'hauts-de-rolle.ch',
        multiAgency: true,
        prestige: false,
        // 23:30 UTC on 31 March is already 1 April in Zurich.
        startAt: new Date('2026-03-31T23:30:00Z'),
        endAt: null,
      }),
    ).toEqual({
      Name: 'Les Hauts de Rolle',
      Site_web__c: 'hauts-de-rolle.ch',
      Multi_agence__c: true,
      Prestige__c: false,
      Date_debut__c: '2026-04-01',
      Date_fin__c: null,
    });
  });

  it('points a lot at its promotion, and an associated lot at its main lot, by external id', () => {
    expect(lotFields(LOT, 7)).toEqual({
      Name: 'A-101',
      Titre__c: 'Attique sud',
      Promotion__r: { Promovente_Id__c: '7' },
      Lot_principal__r: null,
      Immeuble__c: 'Bâtiment A',
      Etage__c: 'Rez',
      Type__c: 'Appartement',
      Pieces__c: 4.5,
      Prix__c: 1_250_000,
      Statut__c: 'Réservé',
      Surface_PPE__c: 120.5,
      Surface_habitable__c: 110,
    });
    expect(lotFields({ ...LOT, id: 13, parentId: 12, title: '' }, 7)).toMatchObject({
      Lot_principal__r: { Promovente_Id__c: '12' },
      Titre__c: null,
    });
  });

  it('sends a candidacy with its status, priority and the desk CRM reference; names are cut at 80 characters', () => {
    const fields = candidacyFields(
      {
        id: 40,
        firstName: 'Anne',
        lastName: 'Meylan',
        email: 'anne@exemple.ch',
        phone: null,
        status: 0,
        priority: 1,
        agency: 'Naef',
        budget: 900_000,
        crmReference: 'NAEF-2026-00412',
      },
      7,
    );
    expect(fields).toMatchObject({
      Name: 'Anne Meylan',
      Promotion__r: { Promovente_Id__c: '7' },
      Email__c: 'anne@exemple.ch',
      Priorite__c: 'A',
      Agence__c: 'Naef',
      Reference_CRM__c: 'NAEF-2026-00412',
    });
    expect(typeof fields.Statut__c).toBe('string');
    expect(
      promotionFields({ id: 1, title: 'x'.repeat(100), url: null, multiAgency: false, prestige: false, startAt: null, endAt: null }).Name,
    ).toHaveLength(80);
  });

  it("reads Salesforce's error array as one line (a request's errorCode, a record's statusCode)", () => {
    expect(describeSalesforceErrors([{ message: 'Prix obligatoire', errorCode: 'FIELD_CUSTOM_VALIDATION_EXCEPTION' }])).toBe(
      'FIELD_CUSTOM_VALIDATION_EXCEPTION : Prix obligatoire',
    );
    expect(describeSalesforceErrors([{ message: 'Prix obligatoire', statusCode: 'REQUIRED_FIELD_MISSING', fields: ['Prix__c'] }])).toBe(
      'REQUIRED_FIELD_MISSING : Prix obligatoire',
    );
    expect(describeSalesforceErrors(null)).toBe('réponse inattendue de Salesforce');
  });
});

describe('the configuration', () => {
  const env = {
    SALESFORCE_LOGIN_URL: 'https://naef.my.salesforce.com/',
    SALESFORCE_CLIENT_ID: 'id',
    SALESFORCE_CLIENT_SECRET: 'secret',
  };

  it('is missing without the login address, the client id or the secret (empty counts as missing)', () => {
    expect(salesforceSettingsOf(loadConfig({}))).toBeNull();
    expect(salesforceSettingsOf(loadConfig({ ...env, SALESFORCE_CLIENT_SECRET: '' }))).toBeNull();
  });

  it("signs in with the client-credentials flow by default (the username-password flow is blocked in orgs created since Summer '23)", () => {
    const settings = salesforceSettingsOf(loadConfig(env)) as SalesforceSettings;
    expect(settings).toMatchObject({ loginUrl: 'https://naef.my.salesforce.com', apiVersion: 'v61.0', flow: 'client_credentials' });
    expect(Object.fromEntries(tokenRequestBody(settings))).toEqual({
      grant_type: 'client_credentials',
      client_id: 'id',
      client_secret: 'secret',
    });
  });

  it('uses the username-password flow only when SALESFORCE_AUTH_FLOW=password says so, with its user', () => {
    const withUser = salesforceSettingsOf(
      loadConfig({ ...env, SALESFORCE_AUTH_FLOW: 'password', SALESFORCE_USERNAME: 'crm@naef.ch', SALESFORCE_PASSWORD: 'pw+token' }),
    );
    expect(Object.fromEntries(tokenRequestBody(withUser as SalesforceSettings))).toMatchObject({
      grant_type: 'password',
      username: 'crm@naef.ch',
      password: 'pw+token',
    });
  });

  it('stops the boot on a Salesforce configuration that cannot sign in, saying why', () => {
    expect(() => loadConfig({ ...env, SALESFORCE_AUTH_FLOW: 'password' })).toThrow(/needs SALESFORCE_USERNAME and SALESFORCE_PASSWORD/);
    // A user left from the old default would silently be ignored: the boot says so instead.
    expect(() => loadConfig({ ...env, SALESFORCE_USERNAME: 'crm@naef.ch', SALESFORCE_PASSWORD: 'pw' })).toThrow(
      /set SALESFORCE_AUTH_FLOW=password, or remove them/,
    );
    expect(() => loadConfig({ ...env, SALESFORCE_LOGIN_URL: 'https://login.salesforce.com' })).toThrow(/My Domain/);
    expect(() => loadConfig({ ...env, SALESFORCE_AUTH_FLOW: 'saml' })).toThrow(/client_credentials or password/);
    expect(
      loadConfig({
        SALESFORCE_LOGIN_URL: 'https://login.salesforce.com',
        SALESFORCE_AUTH_FLOW: 'password',
        SALESFORCE_USERNAME: 'u',
        SALESFORCE_PASSWORD: 'p',
      }).SALESFORCE_AUTH_FLOW,
    ).toBe('password');
  });

  it('refuses an API version that is not vNN.N, or older than the upsert of sObject Collections (v46.0)', () => {
    expect(() => loadConfig({ SALESFORCE_API_VERSION: '61' })).toThrow();
    expect(() => loadConfig({ SALESFORCE_API_VERSION: 'v45.0' })).toThrow(/v46.0 or later/);
    expect(loadConfig({ SALESFORCE_API_VERSION: 'v46.0' }).SALESFORCE_API_VERSION).toBe('v46.0');
  });

  it('upserts a collection at /composite/sobjects/{object}/{external id field}, each record typed and carrying our id', () => {
    expect(collectionUrl('https://naef.my.salesforce.com', 'v61.0', 'lot')).toBe(
      'https://naef.my.salesforce.com/services/data/v61.0/composite/sobjects/Lot__c/Promovente_Id__c',
    );
    expect(collectionBody('lot', [{ kind: 'lot', ourId: 12, name: 'A-101', fields: { Name: 'A-101' } }])).toEqual({
      allOrNone: false,
      records: [{ attributes: { type: 'Lot__c' }, Promovente_Id__c: '12', Name: 'A-101' }],
    });
  });
});

describe('the client against a local Salesforce', () => {
  let fake: FakeSalesforce;
  let settings: SalesforceSettings;
  beforeAll(async () => {
    fake = await startFakeSalesforce();
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.reset();
    settings = {
      loginUrl: fake.url,
      clientId: 'client',
      clientSecret: 'secret',
      flow: 'client_credentials',
      username: null,
      password: null,
      apiVersion: 'v61.0',
    };
  });
  const item = (ourId: number, name: string) => ({ kind: 'lot' as const, ourId, name, fields: { Name: name } });
  const lots = (count: number, from = 1) => Array.from({ length: count }, (_, i) => item(from + i, `L-${from + i}`));
  const dataCalls = () => fake.calls.filter((c) => c.method === 'PATCH');

  it('signs in once with client credentials, then sends 200 records a call and answers the ids Salesforce gives, in order', async () => {
    const results = await createSalesforceClient(settings).upsertCollection('lot', lots(450));
    expect(fake.calls[0]).toMatchObject({ method: 'POST', path: '/services/oauth2/token', body: { grant_type: 'client_credentials' } });
    expect(dataCalls().map((c) => [c.path, (c.body as { records: unknown[] }).records.length])).toEqual([
      ['/services/data/v61.0/composite/sobjects/Lot__c/Promovente_Id__c', 200],
      ['/services/data/v61.0/composite/sobjects/Lot__c/Promovente_Id__c', 200],
      ['/services/data/v61.0/composite/sobjects/Lot__c/Promovente_Id__c', 50],
    ]);
    expect(dataCalls()[0].authorization).toMatch(/^Bearer 00D!/);
    const last = dataCalls()[2].body as { allOrNone: boolean; records: Record<string, unknown>[] };
    expect([last.allOrNone, last.records[0]]).toEqual([false, { attributes: { type: 'Lot__c' }, Promovente_Id__c: '401', Name: 'L-401' }]);
    expect(results).toHaveLength(450);
    expect(results[449]).toEqual({ ok: true, salesforceId: fake.records.get('Lot__c/450')?.id });
    // A second send updates the same records: the same ids.
    expect(await createSalesforceClient(settings).upsertCollection('lot', [item(1, 'L-1')])).toEqual([results[0]]);
  });

  it('reports a record Salesforce refuses with its own reason, and sends the others', async () => {
    fake.refuseName('A-105', 'Le prix doit être renseigné');
    const results = await createSalesforceClient(settings).upsertCollection('lot', [item(5, 'A-105'), item(6, 'A-106')]);
    expect(results).toEqual([
      { ok: false, error: 'FIELD_CUSTOM_VALIDATION_EXCEPTION : Le prix doit être renseigné' },
      { ok: true, salesforceId: expect.stringMatching(/^a0L/) },
    ]);
    expect(dataCalls()).toHaveLength(1);
  });

  it('signs in again once when the session expired (401 INVALID_SESSION_ID) and repeats the call', async () => {
    const client = createSalesforceClient(settings);
    await client.upsertCollection('lot', [item(3, 'A-103')]);
    fake.expireSessionOnce();
    const [result] = await client.upsertCollection('lot', [item(4, 'A-104')]);
    expect(result).toMatchObject({ ok: true });
    expect(fake.calls.map((c) => c.method)).toEqual(['POST', 'PATCH', 'PATCH', 'POST', 'PATCH']);
    expect(fake.calls[4].authorization).not.toBe(fake.calls[2].authorization);
  });

  it("tells the org's spent daily quota (403 REQUEST_LIMIT_EXCEEDED) from a refusal and from an outage", async () => {
    fake.limitCallsTo(1);
    const error = await createSalesforceClient(settings)
      .upsertCollection('lot', lots(300))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SalesforceLimitReached);
    expect((error as Error).message).toBe('REQUEST_LIMIT_EXCEEDED : TotalRequests Limit exceeded.');
    expect(dataCalls()).toHaveLength(2);
  });

  it('tells a refused sign-in (not retried) from an outage or an unreachable server (retried)', async () => {
    fake.refuseLogin(true);
    await expect(createSalesforceClient(settings).upsertCollection('lot', [item(7, 'A-107')])).rejects.toThrow(
      new SalesforceRefusal('Salesforce a refusé la connexion (authentication failure)'),
    );
    fake.refuseLogin(false);
    fake.failNext(1);
    await expect(createSalesforceClient(settings).upsertCollection('lot', [item(7, 'A-107')])).rejects.toBeInstanceOf(
      SalesforceUnavailable,
    );
    await expect(
      createSalesforceClient({ ...settings, loginUrl: 'http://127.0.0.1:1' }).upsertCollection('lot', [item(7, 'A-107')]),
    ).rejects.toBeInstanceOf(SalesforceUnavailable);
  });

  it('signs in with the username-password flow when configured so', async () => {
    await createSalesforceClient({ ...settings, flow: 'password', username: 'crm@naef.ch', password: 'pw' }).upsertCollection('lot', [
      item(8, 'A-108'),
    ]);
    expect(fake.calls[0].body).toMatchObject({ grant_type: 'password', client_id: 'client', username: 'crm@naef.ch' });
  });
});
