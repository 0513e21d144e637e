import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { type FakeSalesforce, startFakeSalesforce } from '../../test/fake-salesforce.js';
import {
  candidacyFields,
  createSalesforceClient,
  describeSalesforceErrors,
  lotFields,
  promotionFields,
  SalesforceRefusal,
  type SalesforceSettings,
  SalesforceUnavailable,
  salesforceSettingsOf,
  tokenRequestBody,
  upsertUrl,
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

  it("reads Salesforce's error array as one line", () => {
    expect(describeSalesforceErrors([{ message: 'Prix obligatoire', errorCode: 'FIELD_CUSTOM_VALIDATION_EXCEPTION' }])).toBe(
      'FIELD_CUSTOM_VALIDATION_EXCEPTION : Prix obligatoire',
    );
    expect(describeSalesforceErrors(null)).toBe('réponse inattendue de Salesforce');
  });
});

describe('the configuration', () => {
  const env = {
    SALESFORCE_LOGIN_URL: 'https://login.salesforce.com/',
    SALESFORCE_CLIENT_ID: 'id',
    SALESFORCE_CLIENT_SECRET: 'secret',
  };

  it('is missing without the login address, the client id or the secret (empty counts as missing)', () => {
    expect(salesforceSettingsOf(loadConfig({}))).toBeNull();
    expect(salesforceSettingsOf(loadConfig({ ...env, SALESFORCE_CLIENT_SECRET: '' }))).toBeNull();
  });

  it('uses the client-credentials flow without a user, the username-password flow with one', () => {
    const settings = salesforceSettingsOf(loadConfig(env)) as SalesforceSettings;
    expect(settings).toMatchObject({ loginUrl: 'https://login.salesforce.com', apiVersion: 'v61.0', username: null });
    expect(Object.fromEntries(tokenRequestBody(settings))).toEqual({
      grant_type: 'client_credentials',
      client_id: 'id',
      client_secret: 'secret',
    });
    const withUser = salesforceSettingsOf(loadConfig({ ...env, SALESFORCE_USERNAME: 'crm@naef.ch', SALESFORCE_PASSWORD: 'pw+token' }));
    expect(Object.fromEntries(tokenRequestBody(withUser as SalesforceSettings))).toMatchObject({
      grant_type: 'password',
      username: 'crm@naef.ch',
      password: 'pw+token',
    });
  });

  it('refuses an API version that is not vNN.N', () => {
    expect(() => loadConfig({ SALESFORCE_API_VERSION: '61' })).toThrow();
  });

  it('upserts at /sobjects/{object}/{external id field}/{our id}', () => {
    expect(upsertUrl('https://naef.my.salesforce.com', 'v61.0', 'lot', 12)).toBe(
      'https://naef.my.salesforce.com/services/data/v61.0/sobjects/Lot__c/Promovente_Id__c/12',
    );
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
      username: 'crm@naef.ch',
      password: 'pw',
      apiVersion: 'v61.0',
    };
  });
  const item = (ourId: number, name: string) => ({ kind: 'lot' as const, ourId, name, fields: { Name: name } });

  it('signs in once, then upserts each record with the token and answers the ids Salesforce gives', async () => {
    const ids = await createSalesforceClient(settings).upsertAll([item(1, 'A-101'), item(2, 'A-102')]);
    expect(ids).toEqual([expect.stringMatching(/^a0L/), expect.stringMatching(/^a0L/)]);
    expect(fake.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /services/oauth2/token',
      'PATCH /services/data/v61.0/sobjects/Lot__c/Promovente_Id__c/1',
      'PATCH /services/data/v61.0/sobjects/Lot__c/Promovente_Id__c/2',
    ]);
    expect(fake.calls[0].body).toMatchObject({ grant_type: 'password', client_id: 'client', username: 'crm@naef.ch' });
    expect(fake.calls[1].authorization).toMatch(/^Bearer 00D!/);
    expect(fake.calls[1].body).toEqual({ Name: 'A-101' });
    // A second send updates the same records: the same ids.
    expect(await createSalesforceClient(settings).upsertAll([item(1, 'A-101')])).toEqual([ids[0]]);
  });

  it('signs in again once when the session expired (401 INVALID_SESSION_ID) and repeats the call', async () => {
    const client = createSalesforceClient(settings);
    await client.upsertAll([item(3, 'A-103')]);
    fake.expireSessionOnce();
    const [id] = await client.upsertAll([item(4, 'A-104')]);
    expect(id).toMatch(/^a0L/);
    expect(fake.calls.map((c) => `${c.method} ${c.path.split('/').pop()}`)).toEqual([
      'POST token',
      'PATCH 3',
      'PATCH 4',
      'POST token',
      'PATCH 4',
    ]);
    expect(fake.calls[4].authorization).not.toBe(fake.calls[2].authorization);
  });

  it('fails with a French error naming the record Salesforce refuses (400 and its error array)', async () => {
    fake.refuseName('A-105', 'Le prix doit être renseigné');
    const error = await createSalesforceClient(settings)
      .upsertAll([item(5, 'A-105'), item(6, 'A-106')])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SalesforceRefusal);
    expect((error as Error).message).toBe(
      'Salesforce a refusé le lot A-105 : FIELD_CUSTOM_VALIDATION_EXCEPTION : Le prix doit être renseigné',
    );
    // The send stops at the refused record.
    expect(fake.calls.filter((c) => c.method === 'PATCH')).toHaveLength(1);
  });

  it('tells a refused sign-in (not retried) from an outage or an unreachable server (retried)', async () => {
    fake.refuseLogin(true);
    await expect(createSalesforceClient(settings).upsertAll([item(7, 'A-107')])).rejects.toThrow(
      new SalesforceRefusal('Salesforce a refusé la connexion (authentication failure)'),
    );
    fake.refuseLogin(false);
    fake.failNext(1);
    await expect(createSalesforceClient(settings).upsertAll([item(7, 'A-107')])).rejects.toBeInstanceOf(SalesforceUnavailable);
    await expect(
      createSalesforceClient({ ...settings, loginUrl: 'http://127.0.0.1:1' }).upsertAll([item(7, 'A-107')]),
    ).rejects.toBeInstanceOf(SalesforceUnavailable);
  });
});
