import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { REGISTRATION_LINK_LABEL, RegistrationLinkField } from './RegistrationLinkField';

const renderWith = (data: unknown) => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ data }), { status: 200 })),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RegistrationLinkField promotionId={7} />
      <p>Chargé</p>
    </QueryClientProvider>,
  );
};

describe('RegistrationLinkField (docs/product/registration.md#registration-link)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows the promotion's public link", async () => {
    const url = 'http://localhost:3000/candidate/register/2f1c5a9e-0d7b-4c1e-9a59-6f3b8d2e4c10';
    renderWith({ token: '2f1c5a9e-0d7b-4c1e-9a59-6f3b8d2e4c10', path: '/candidate/register/x', url });
    expect(((await screen.findByLabelText(REGISTRATION_LINK_LABEL)) as HTMLInputElement).value).toBe(url);
    expect(screen.getByRole('link', { name: 'Ouvrir' }).getAttribute('href')).toBe(url);
  });

  it('is hidden for a demo promotion', async () => {
    renderWith(null);
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalledWith('/api/promotions/7/registration-link', expect.anything()));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByLabelText(REGISTRATION_LINK_LABEL)).toBeNull();
  });
});
