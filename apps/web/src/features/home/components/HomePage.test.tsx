import type { HomeData, UserType } from '@promovente/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userQueryKey } from '../../../lib/auth';
import { createQueryClient } from '../../../lib/query-client';
import { testUser } from '../../../lib/user.fixtures';
import { HomePage } from './HomePage';

const userOf = (type: UserType) => testUser({ type, preferences: { selected_promotion: 7 } });

const home = (extra: Partial<HomeData>): HomeData => ({
  promotion: { id: 7, title: 'Les Hauts de Rolle', logo: null },
  broker: { id: 3, full_name: 'Paul Principal', email: 'paul@agence.ch', phone: null, profile_picture: null, own: false },
  brochure: null,
  slides: [],
  applications: null,
  notary: null,
  status_cards: null,
  ...extra,
});

const renderHome = (type: UserType, data: HomeData) => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(data), { status: 200 })),
  );
  const client = createQueryClient();
  client.setQueryData(userQueryKey, userOf(type));
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <HomePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
};

describe('the broker card of the home (docs/product/home.md#screens)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows a candidate his broker as 'Votre courtier'", async () => {
    renderHome('candidate', home({ applications: [] }));
    expect(await screen.findByRole('region', { name: 'Votre courtier' })).toBeTruthy();
    expect(screen.getByText('Paul Principal')).toBeTruthy();
  });

  it.each([
    ['notary', home({ notary: { tasks: [], tasks_total: 0, signings: [] } })],
    ['investor', home({ status_cards: [] })],
  ] as const)("shows the %s the promotion's main broker as 'Courtier principal', never 'Votre courtier'", async (type, data) => {
    renderHome(type, data);
    expect(await screen.findByRole('region', { name: 'Courtier principal' })).toBeTruthy();
    expect(screen.getByText('Paul Principal')).toBeTruthy();
    expect(screen.queryByText('Votre courtier')).toBeNull();
  });
});
