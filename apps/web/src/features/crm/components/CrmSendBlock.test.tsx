import { CRM_MESSAGES, type CrmSendStatus, type CrmState } from '@promovente/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { crmQueryKey } from '../api/crm';
import { CrmSendBlock, lastSendText } from './CrmSendBlock';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const STATE: CrmState = { configured: true, connected: true, crm_updated_at: null, last_send: null };
const send = (id: number, status: CrmSendStatus, error: string | null = null) => ({
  id,
  status,
  error,
  lots_sent: 0,
  candidacies_sent: 0,
  refused: [],
  resume_at: null,
  requested_at: '2026-01-12T09:00:00.000Z',
  finished_at: null,
});

/** The server: each answer in turn for the calls the block makes (GET, PUT, GET...). */
const serve = (...answers: CrmState[]) => {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push(`${init.method} ${url}`);
      const next = answers.length > 1 ? answers.shift() : answers[0];
      return new Response(JSON.stringify(next), { status: 200 });
    }),
  );
  return calls;
};

const renderBlock = (admin: boolean, initial?: CrmState) => {
  const client = createQueryClient();
  if (initial) client.setQueryData(crmQueryKey(3), initial);
  render(
    <QueryClientProvider client={client}>
      <CrmSendBlock promotionId={3} admin={admin} />
    </QueryClientProvider>,
  );
};

describe('CrmSendBlock (docs/product/promotion-administration.md#crm-send)', () => {
  beforeEach(() => {
    toast.success.mockReset();
    toast.error.mockReset();
    toast.warning.mockReset();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows the last send as dd/MM/yyyy HH:mm:ss in Swiss time, or 'Pas encore sur Salesforce'", () => {
    expect(lastSendText(null)).toBe('Pas encore sur Salesforce');
    expect(lastSendText('2026-07-01T08:05:09.000Z')).toBe('01/07/2026 10:05:09');
  });

  it('sends, keeps the button disabled while the send runs, then toasts the success and shows the date', async () => {
    const calls = serve(
      STATE,
      { ...STATE, last_send: send(8, 'queued') },
      { ...STATE, last_send: send(8, 'running') },
      { ...STATE, crm_updated_at: '2026-01-12T09:00:07.000Z', last_send: send(8, 'succeeded') },
    );
    renderBlock(false);
    const button = await screen.findByRole('button', { name: CRM_MESSAGES.button });
    expect(screen.getByText(CRM_MESSAGES.neverSent)).toBeTruthy();
    fireEvent.click(button);
    await waitFor(() => expect((screen.getByRole('button', { name: CRM_MESSAGES.button }) as HTMLButtonElement).disabled).toBe(true));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Promotion bien envoyée'), { timeout: 5000 });
    expect(screen.getByText('12/01/2026 10:00:07')).toBeTruthy();
    expect((screen.getByRole('button', { name: CRM_MESSAGES.button }) as HTMLButtonElement).disabled).toBe(false);
    expect(calls[1]).toBe('PUT /api/promotions/3/send-to-crm');
  });

  it("toasts 'Impossible d'envoyer la promotion à Salesforce' followed by the error", async () => {
    serve(
      STATE,
      { ...STATE, last_send: send(9, 'queued') },
      { ...STATE, last_send: send(9, 'failed', 'Salesforce a refusé le lot A-101') },
    );
    renderBlock(false);
    fireEvent.click(await screen.findByRole('button', { name: CRM_MESSAGES.button }));
    await waitFor(
      () => expect(toast.error).toHaveBeenCalledWith("Impossible d'envoyer la promotion à Salesforce : Salesforce a refusé le lot A-101"),
      { timeout: 5000 },
    );
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('lists the records Salesforce refused under the button, after a warning toast naming how many', async () => {
    const refused = [
      { record: 'le lot A-102', error: 'FIELD_CUSTOM_VALIDATION_EXCEPTION : Le prix doit être renseigné' },
      { record: 'la candidature Anne Meylan', error: 'INVALID_EMAIL_ADDRESS : Email: adresse invalide' },
    ];
    serve(
      STATE,
      { ...STATE, last_send: send(10, 'queued') },
      { ...STATE, crm_updated_at: '2026-01-12T09:00:07.000Z', last_send: { ...send(10, 'succeeded'), refused } },
    );
    renderBlock(false);
    fireEvent.click(await screen.findByRole('button', { name: CRM_MESSAGES.button }));
    await waitFor(() => expect(toast.warning).toHaveBeenCalledWith('Promotion envoyée, mais Salesforce a refusé 2 enregistrements :'), {
      timeout: 5000,
    });
    expect(toast.success).not.toHaveBeenCalled();
    expect(screen.getByText('le lot A-102 : FIELD_CUSTOM_VALIDATION_EXCEPTION : Le prix doit être renseigné')).toBeTruthy();
    expect(screen.getByText('la candidature Anne Meylan : INVALID_EMAIL_ADDRESS : Email: adresse invalide')).toBeTruthy();
  });

  it("says when a send held back by Salesforce's daily API limit resumes, the button still disabled, and toasts nothing yet", async () => {
    serve({ ...STATE, last_send: { ...send(11, 'waiting'), resume_at: '2026-11-26T10:00:00.000Z' } });
    renderBlock(false);
    expect((await screen.findByRole('status')).textContent).toBe(
      "La limite quotidienne d'appels à Salesforce de votre organisation est atteinte : l'envoi reprendra automatiquement le 26/11/2026 11:00.",
    );
    expect((screen.getByRole('button', { name: CRM_MESSAGES.button }) as HTMLButtonElement).disabled).toBe(true);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('says the CRM is not configured and disables the button', async () => {
    serve({ ...STATE, configured: false });
    renderBlock(false);
    expect(((await screen.findByRole('button', { name: CRM_MESSAGES.button })) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(CRM_MESSAGES.notConfigured)).toBeTruthy();
  });

  it('shows nothing to a broker for a promotion not connected; an admin sees the setting and connects it', async () => {
    serve({ ...STATE, connected: false });
    renderBlock(false, { ...STATE, connected: false });
    expect(screen.queryByRole('button', { name: CRM_MESSAGES.button })).toBeNull();
    cleanup();

    const calls: string[] = [];
    let connected = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push(`${init.method} ${url}`);
        if (init.method === 'PUT') connected = true;
        return new Response(JSON.stringify({ ...STATE, connected }), { status: 200 });
      }),
    );
    renderBlock(true, { ...STATE, connected: false });
    const toggle = screen.getByRole('checkbox', { name: 'Promotion connectée au CRM' }) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    expect(screen.queryByRole('button', { name: CRM_MESSAGES.button })).toBeNull();
    fireEvent.click(toggle);
    // At once, as a browser's check() reads it, not when the query cache tells a moment later.
    expect(toggle.checked).toBe(true);
    expect(await screen.findByRole('button', { name: CRM_MESSAGES.button })).toBeTruthy();
    expect(calls).toContain('PUT /api/promotions/3/crm');
  });
});
