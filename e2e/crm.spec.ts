import type { APIRequestContext } from '@playwright/test';
import { CRM_MESSAGES } from '@promovente/shared';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, expect, signIn, test } from './support/fixtures.js';
import { stackOf } from './support/stacks.js';

/** The recording fake Salesforce of the test's stack. */
const salesforceUrl = () => `http://127.0.0.1:${stackOf(test.info().parallelIndex).salesforcePort}`;

type RecordedCall = {
  method: string;
  path: string;
  body: { grant_type?: string; client_id?: string; records?: Record<string, unknown>[] };
};

/**
 * A promotion of its own for this scenario: once a promotion is sent, its CRM agency's brokers
 * choose only CRM-validated candidacies (choosesCrmValidatedPartnersOnly), which would change
 * what the other scenarios see on the demo promotions. The admin is put back on his promotion.
 */
const ownPromotion = async (request: APIRequestContext) => {
  const login = await request.post('/api/login', { data: { email: DEMO_ACCOUNTS.admin, password: DEMO_PASSWORD } });
  const headers = { authorization: `Bearer ${(await login.json()).token}` };
  const { data: admin } = await (await request.get('/api/user', { headers })).json();
  const created = await request.post('/api/promotions', {
    headers,
    multipart: { title: `Zénith CRM ${Date.now().toString(36)}`, url: 'www.zenith-crm.ch', broker_id: String(admin.id) },
  });
  expect(created.ok()).toBe(true);
  const { data: promotion } = await created.json();
  expect((await request.put('/api/user/promotion', { headers, data: { promotion: promotion.id } })).ok()).toBe(true);
  const previous = admin.preferences.selected_promotion as number;
  return {
    title: promotion.title as string,
    restore: async () => {
      expect((await request.put('/api/user/promotion', { headers, data: { promotion: previous } })).ok()).toBe(true);
    },
  };
};

// docs/product/promotion-administration.md#crm-send, docs/decisions/011-crm-connection-per-promotion.md
test('an admin connects a promotion to the CRM, sends it to Salesforce and sees the date of the send', async ({ page, request }) => {
  const own = await ownPromotion(request);
  // The admin's selected promotion is put back whatever happens: the next files of the worker read it.
  try {
    await signIn(page, DEMO_ACCOUNTS.admin);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/promotion');
    const block = page.getByRole('region', { name: 'CRM' });
    const connected = block.getByRole('checkbox', { name: 'Promotion connectée au CRM' });
    await expect(connected).not.toBeChecked();
    await expect(block.getByRole('button', { name: CRM_MESSAGES.button })).toHaveCount(0);

    await connected.check();
    await expect(block.getByText('Pas encore sur Salesforce')).toBeVisible();
    await block.getByRole('button', { name: CRM_MESSAGES.button }).click();

    await expect(page.getByText('Promotion bien envoyée')).toBeVisible();
    await expect(block.getByTestId('crm-last-send')).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    await expect(block.getByRole('button', { name: CRM_MESSAGES.button })).toBeEnabled();

    // What Salesforce received: a client-credentials token request, then the promotion in an sObject
    // Collections upsert by external id (up to 200 records a call).
    const calls = (await (await request.get(`${salesforceUrl()}/__recorded`)).json()) as RecordedCall[];
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/services/oauth2/token',
      body: { grant_type: 'client_credentials', client_id: 'promovente-e2e' },
    });
    const promotionCalls = calls.filter((c) => c.path.endsWith('/composite/sobjects/Promotion__c/Promovente_Id__c'));
    expect(promotionCalls).toHaveLength(1);
    expect(promotionCalls[0].method).toBe('PATCH');
    const [record] = promotionCalls[0].body.records ?? [];
    // The record sent is the promotion on screen.
    await expect(page.getByRole('heading', { level: 1, name: String(record.Name) })).toBeVisible();
    expect(record.Name).toBe(own.title);
    // A new promotion has no lot and no candidacy yet (the server tests send both: modules/crm).
    expect(calls.some((c) => c.path.includes('/Lot__c/'))).toBe(false);

    // The date stays after a reload: it is the promotion's last send.
    await page.reload();
    await expect(page.getByRole('region', { name: 'CRM' }).getByTestId('crm-last-send')).toHaveText(
      /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/,
    );
  } finally {
    await own.restore();
  }
});
