import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userQueryKey } from '../../../lib/auth';
import { createQueryClient } from '../../../lib/query-client';
import { testUser } from '../../../lib/user.fixtures';
import { PromotionSettingsPage } from './PromotionSettingsPage';

const user = testUser({
  preferences: { selected_promotion: 4 },
  promotion: { id: 4, title: 'Les Hauts de Rolle', logo: null, multi_agency: false, unread_messages: 0, archived: false },
});

const open = (address: string) => {
  // Every read stays pending: the test is about which menu opens, not its content.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>(() => {})),
  );
  const client = createQueryClient();
  client.setQueryData(userQueryKey, user);
  const router = createMemoryRouter([{ path: '/promotion', element: <PromotionSettingsPage /> }], { initialEntries: [address] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
};
const current = () => screen.getByRole('navigation', { name: 'Menus de la promotion' }).querySelector('[aria-current="page"]')?.textContent;

describe('the promotion record opens the menu the address names (docs/product/promotion-administration.md#promotion-record)', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it("opens 'Lots' on a lot's link in a fresh browser (nothing remembered)", () => {
    open('/promotion?building=5&lot=102');
    expect(current()).toBe('Lots');
  });

  it('lets the address win over the remembered menu', () => {
    localStorage.setItem('promotion-record-menu', 'notaries');
    open('/promotion?building=5');
    expect(current()).toBe('Lots');
  });

  it('opens the remembered menu, else Informations, when the address names no lot', () => {
    open('/promotion');
    expect(current()).toBe('Informations');
    cleanup();
    localStorage.setItem('promotion-record-menu', 'lots');
    open('/promotion');
    expect(current()).toBe('Lots');
  });

  it("leaves the lot's address when another menu is chosen", async () => {
    const router = open('/promotion?building=5&lot=102&tab=x');
    fireEvent.click(screen.getByRole('button', { name: 'Informations' }));
    expect(current()).toBe('Informations');
    await waitFor(() => expect(router.state.location.search).toBe('?tab=x'));
  });
});
