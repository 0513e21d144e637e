import { MARKETING_MESSAGES, MESSAGES } from '@promovente/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CampaignFormModal } from './CampaignFormModal';

/** Records what the form sends and answers 200 with a campaign. */
const stubApi = (status = 200) => {
  const sent: { url: string; method: string; body: BodyInit | null | undefined }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({ url, method: init.method ?? 'GET', body: init.body });
      const body = status === 200 ? { message: MESSAGES.changesSaved, data: { id: 1 } } : { message: 'Refusé' };
      return new Response(JSON.stringify(body), { status });
    }),
  );
  return sent;
};

const renderForm = (onClose = vi.fn()) => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CampaignFormModal promotionId={4} campaign={null} onClose={onClose} />
    </QueryClientProvider>,
  );
  return onClose;
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('CampaignFormModal (docs/product/marketing.md#rules)', () => {
  it("keeps 'Enregistrer' inactive while 'Titre *' is empty", () => {
    stubApi();
    renderForm();
    const save = screen.getByRole('button', { name: 'Enregistrer' });
    expect(save).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText('Titre *'), { target: { value: '   ' } });
    expect(save).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText('Titre *'), { target: { value: 'Radio' } });
    expect(save).toHaveProperty('disabled', false);
  });

  it('bounds the pickers: the end not before the start, the start not after the end', () => {
    stubApi();
    renderForm();
    fireEvent.change(screen.getByLabelText('Début'), { target: { value: '2026-03-01' } });
    expect(screen.getByLabelText('Fin').getAttribute('min')).toBe('2026-03-01');
    fireEvent.change(screen.getByLabelText('Fin'), { target: { value: '2026-03-31' } });
    expect(screen.getByLabelText('Début').getAttribute('max')).toBe('2026-03-31');
  });

  it('sends the campaign as multipart, price 0 by default and dates as year-month-day', async () => {
    const sent = stubApi();
    const onClose = renderForm();
    expect(screen.getByLabelText('Prix (CHF)')).toHaveProperty('value', '0');
    fireEvent.change(screen.getByLabelText('Titre *'), { target: { value: ' Affichage gare ' } });
    fireEvent.change(screen.getByLabelText('Début'), { target: { value: '2026-03-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent[0].url).toContain('/api/promotions/4/campaigns');
    const body = sent[0].body as FormData;
    expect(body.get('title')).toBe('Affichage gare');
    expect(body.get('price')).toBe('0');
    expect(body.get('start_at')).toBe('2026-03-01');
    expect(body.get('end_at')).toBeNull();
  });

  it('shows the rule and sends nothing when the start is after the end', async () => {
    const sent = stubApi();
    renderForm();
    fireEvent.change(screen.getByLabelText('Titre *'), { target: { value: 'Radio' } });
    fireEvent.change(screen.getByLabelText('Début'), { target: { value: '2026-04-02' } });
    fireEvent.change(screen.getByLabelText('Fin'), { target: { value: '2026-04-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(MARKETING_MESSAGES.datesOrder)).toBeTruthy();
    expect(sent).toHaveLength(0);
  });
});
