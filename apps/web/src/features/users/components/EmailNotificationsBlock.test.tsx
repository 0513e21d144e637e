import { EMAIL_NOTIFICATION_MESSAGES, type User } from '@promovente/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userQueryKey } from '../../../lib/auth';
import { createQueryClient } from '../../../lib/query-client';
import { EmailNotificationsBlock } from './EmailNotificationsBlock';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const USER = { id: 12, email_notifications: true } as User;

const renderBlock = (status: number) => {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ method: String(init.method), url, body: JSON.parse(String(init.body)) });
      const body = status === 200 ? { email_notifications: false, message: 'Changements enregistrés' } : { message: 'Erreur' };
      return new Response(JSON.stringify(body), { status });
    }),
  );
  const client = createQueryClient();
  client.setQueryData(userQueryKey, USER);
  render(
    <QueryClientProvider client={client}>
      <EmailNotificationsBlock user={USER} />
    </QueryClientProvider>,
  );
  return { calls, client };
};

describe("'Recevoir les notifications par e-mail' on 'Mon compte'", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the preference, and a click saves the new one with PUT user/notifications', async () => {
    const { calls, client } = renderBlock(200);
    const box = screen.getByRole('checkbox', { name: EMAIL_NOTIFICATION_MESSAGES.toggle }) as HTMLInputElement;
    expect(box.checked).toBe(true);
    fireEvent.click(box);
    // At once, as the browser test's check() reads it: not a tick later when the cache tells.
    expect(box.checked).toBe(false);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({ method: 'PUT', url: '/api/user/notifications', body: { email_notifications: false } });
    await waitFor(() => expect(client.getQueryData<User>(userQueryKey)?.email_notifications).toBe(false));
  });

  it('puts the box back when the server refuses the change', async () => {
    const { calls, client } = renderBlock(500);
    const box = screen.getByRole('checkbox', { name: EMAIL_NOTIFICATION_MESSAGES.toggle }) as HTMLInputElement;
    fireEvent.click(box);
    expect(box.checked).toBe(false);
    await waitFor(() => expect(calls).toHaveLength(1));
    await waitFor(() => expect(client.getQueryData<User>(userQueryKey)?.email_notifications).toBe(true));
    await waitFor(() => expect(box.checked).toBe(true));
  });
});
