import { EMAIL_NOTIFICATION_MESSAGES } from '@promovente/shared';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UnsubscribePage } from './UnsubscribePage';

const TOKEN = '3f0c6a86-3e0b-4d53-9a55-4b1e3f0d2a11';

const renderPage = (status: number, message: string) => {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push(`${init.method} ${url}`);
      return new Response(JSON.stringify({ message }), { status });
    }),
  );
  const router = createMemoryRouter([{ path: '/unsubscribe/:token', element: <UnsubscribePage /> }], {
    initialEntries: [`/unsubscribe/${TOKEN}`],
  });
  render(<RouterProvider router={router} />);
  return calls;
};

describe('the unsubscribe page of the notification e-mails (/unsubscribe/{token})', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks first, changing nothing on opening, then confirms in French once the button is pressed', async () => {
    const calls = renderPage(200, EMAIL_NOTIFICATION_MESSAGES.unsubscribed);
    expect(screen.getByText(EMAIL_NOTIFICATION_MESSAGES.question)).toBeTruthy();
    expect(calls).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: EMAIL_NOTIFICATION_MESSAGES.confirm }));
    expect((await screen.findByRole('status')).textContent).toBe(EMAIL_NOTIFICATION_MESSAGES.unsubscribed);
    expect(calls).toEqual([`POST /api/unsubscribe/${TOKEN}`]);
  });

  it('says so when the link is not valid', async () => {
    renderPage(404, EMAIL_NOTIFICATION_MESSAGES.invalidLink);
    fireEvent.click(screen.getByRole('button', { name: EMAIL_NOTIFICATION_MESSAGES.confirm }));
    expect((await screen.findByRole('alert')).textContent).toBe(EMAIL_NOTIFICATION_MESSAGES.invalidLink);
  });
});
