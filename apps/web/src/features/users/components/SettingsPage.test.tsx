import type { User } from '@promovente/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { userQueryKey } from '../../../lib/auth';
import { createQueryClient } from '../../../lib/query-client';
import { SettingsPage } from './SettingsPage';

const makeUser = (overrides: Partial<User>) =>
  ({
    id: 12,
    type: 'candidate',
    admin: false,
    preferences: { selected_promotion: 3 },
    promotion: { id: 3, title: 'Les Terrasses', logo: null, multi_agency: false, unread_messages: 0, archived: false },
    promotions_count: 1,
    agency: null,
    restricted_access: 0,
    profile_picture: null,
    full_name: 'Marc Rochat',
    first_name: 'Marc',
    last_name: 'Rochat',
    email: 'marc@test.ch',
    number_connections: 4,
    unread_messages_count: 0,
    assistants: [],
    is_demo: false,
    email_notifications: true,
    ...overrides,
  }) satisfies User;

const renderSettings = (user: User, path = '/settings') => {
  const client = createQueryClient();
  client.setQueryData(userQueryKey, user);
  const router = createMemoryRouter([{ path: '/settings', element: <SettingsPage /> }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
};

const currentPasswordField = () => screen.queryByLabelText('Mot de passe actuel', { selector: 'input' });

describe('SettingsPage password block', () => {
  afterEach(cleanup);

  it('asks a user who chose his own password for the current one', () => {
    renderSettings(makeUser({}));
    expect(currentPasswordField()).not.toBeNull();
  });

  it("does not ask it on a candidate's forced first change", () => {
    renderSettings(makeUser({ number_connections: 0 }), '/settings?password=true');
    expect(currentPasswordField()).toBeNull();
  });

  it('asks it of a demo account, which is never forced to change', () => {
    renderSettings(makeUser({ number_connections: 0, is_demo: true }));
    expect(currentPasswordField()).not.toBeNull();
  });
});
