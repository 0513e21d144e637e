import { PROMOTION_ARCHIVE_MESSAGES, type PromotionRecord } from '@promovente/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../../lib/query-client';
import { InformationsMenu } from './InformationsMenu';

const record: PromotionRecord = {
  id: 7,
  title: 'Les Hauts de Rolle',
  url: 'www.hauts-de-rolle.ch',
  logo: null,
  agencies: [{ id: 1, name: 'Agence du Léman' }],
  broker_id: 3,
  main_broker: { id: 3, full_name: 'Julien Favre' },
  token: 'c0ffee00-0000-4000-8000-000000000001',
  is_demo: false,
  prestige: false,
  gtm: null,
  external_report_url: null,
  start_at: null,
  end_at: null,
  share_new_candidates: false,
  reservation_timeout: null,
  multi_agency: false,
  crm_updated_at: null,
  archived_at: null,
};

/** The API: the record, the registration link, and the settings save answering the saved record. */
const serve = (current: PromotionRecord) => {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === `/api/promotions/${current.id}/settings` && init?.method === 'POST') {
      const form = init.body as FormData;
      return new Response(JSON.stringify({ data: { ...current, title: String(form.get('title')) } }), { status: 200 });
    }
    if (url === `/api/promotions/${current.id}/archive` && init?.method === 'PUT') {
      const archived = { ...current, archived_at: '2026-11-26T08:30:00.000Z' };
      return new Response(JSON.stringify({ message: 'Promotion archivée', data: archived }), { status: 200 });
    }
    if (url === `/api/promotions/${current.id}`) return new Response(JSON.stringify({ data: current }), { status: 200 });
    if (url.endsWith('/registration-link')) return new Response(JSON.stringify({ data: null }), { status: 200 });
    return new Response(JSON.stringify({ data: null }), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
};

const renderMenu = (admin: boolean, current = record) => {
  const fetchMock = serve(current);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <InformationsMenu promotionId={current.id} admin={admin} />
    </QueryClientProvider>,
  );
  return fetchMock;
};

describe('the Informations menu (docs/product/promotion-administration.md#informations-menu)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("says no 'Heure suisse' under the start and end dates: they are days, without a time", { timeout: 20_000 }, async () => {
    renderMenu(true);
    const start = await screen.findByLabelText('Date de début');
    const end = screen.getByLabelText('Date de fin');
    expect([start.getAttribute('type'), end.getAttribute('type')]).toEqual(['date', 'date']);
    expect(start.getAttribute('aria-describedby')).toBeNull();
    expect(end.getAttribute('aria-describedby')).toBeNull();
    expect(screen.queryByText(/heure suisse/i)).toBeNull();
  });

  it('offers the save only after a change, and not again after a successful save', async () => {
    const fetchMock = renderMenu(true);
    const title = (await screen.findByLabelText(/^Titre/)) as HTMLInputElement;
    const save = screen.getByRole('button', { name: 'Enregistrer' });
    expect(save).toHaveProperty('disabled', true);
    fireEvent.change(title, { target: { value: 'Les Hauts de Rolle II' } });
    await waitFor(() => expect(save).toHaveProperty('disabled', false));
    fireEvent.click(save);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/promotions/7/settings', expect.objectContaining({ method: 'POST' })));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Enregistrer' })).toHaveProperty('disabled', true));
    expect(title.value).toBe('Les Hauts de Rolle II');
  });

  it('names the main broker and the agencies', async () => {
    renderMenu(false);
    expect(await screen.findByText('Julien Favre')).toBeTruthy();
    expect(screen.getByText('Agence du Léman')).toBeTruthy();
  });

  it('opens the url with a protocol prefix when it has none', async () => {
    renderMenu(true);
    const link = await screen.findByRole('link', { name: 'Tester le lien' });
    expect(link.getAttribute('href')).toBe('https://www.hauts-de-rolle.ch');
  });

  it('shows the reservation timeout in days only for a multi-agency promotion', async () => {
    renderMenu(true, { ...record, multi_agency: true, reservation_timeout: 5 });
    expect(((await screen.findByLabelText(/Délai de réservation/)) as HTMLInputElement).value).toBe('5');
    cleanup();
    renderMenu(true);
    await screen.findByLabelText(/^Titre/);
    expect(screen.queryByLabelText(/Délai de réservation/)).toBeNull();
  });

  it('shows the same fields read-only to a broker without the admin flag, without a save', async () => {
    renderMenu(false);
    const title = (await screen.findByLabelText(/^Titre/)) as HTMLInputElement;
    expect(title.closest('fieldset')?.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).toBeNull();
    expect(screen.queryByLabelText('Logo')).toBeNull();
  });

  it("asks before archiving ('Êtes-vous sûr ...'), then shows the date, the restore, and the form read-only", async () => {
    const fetchMock = renderMenu(true);
    fireEvent.click(await screen.findByRole('button', { name: PROMOTION_ARCHIVE_MESSAGES.archive }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Êtes-vous sûr de vouloir archiver la promotion « Les Hauts de Rolle » ?');
    expect(dialog.textContent).toContain(PROMOTION_ARCHIVE_MESSAGES.archiveConsequences);
    fireEvent.click(screen.getByRole('button', { name: 'Archiver' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/promotions/7/archive', expect.objectContaining({ method: 'PUT' })));
    expect(await screen.findByText('Archivée le 26/11/2026 09:30')).toBeTruthy();
    expect(screen.getByRole('button', { name: PROMOTION_ARCHIVE_MESSAGES.restore })).toBeTruthy();
    const title = (await screen.findByLabelText(/^Titre/)) as HTMLInputElement;
    expect(title.closest('fieldset')?.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).toBeNull();
  });

  it('offers no archiving to a broker without the admin flag', async () => {
    renderMenu(false);
    await screen.findByLabelText(/^Titre/);
    expect(screen.queryByRole('button', { name: PROMOTION_ARCHIVE_MESSAGES.archive })).toBeNull();
  });
});
