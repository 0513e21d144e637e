import { OUTBOX_MESSAGES, type OutboxMail, type OutboxPage } from '@promovente/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { MailsPage } from './MailsPage';

const mail = (local: boolean): OutboxMail => ({
  id: 12,
  to: ['claire.morel@notaires.ch'],
  cc: [],
  subject: 'Promovente : votre accès à la promotion Les Hauts de Rolle',
  text: local
    ? 'Ouvrez ce lien :\nhttp://localhost:3000/password/update/abc?email=claire.morel%40notaires.ch'
    : 'Ouvrez ce lien :\nhttp://localhost:3000/password/update/[masqué]?email=claire.morel%40notaires.ch',
  html: local
    ? '<div>Ouvrez ce lien :<br><a href="http://localhost:3000/password/update/abc?email=claire.morel%40notaires.ch">lien</a></div>'
    : null,
  status: 'kept',
  attempts: 0,
  last_error: null,
  // 24 November 2026, 06:10 UTC: 07:10 in Zurich (winter time).
  created_at: '2026-11-24T06:10:00.000Z',
  sent_at: null,
});

const renderPage = (local: boolean) => {
  const answer: OutboxPage = { data: [mail(local)], current_page: 1, last_page: 1, from: 1, to: 1, total: 1, local_mailbox: local };
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(answer), { status: 200 })),
  );
  const router = createMemoryRouter([{ path: '/admin/mails', element: <MailsPage />, handle: { title: 'E-mails' } }], {
    initialEntries: ['/admin/mails'],
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
};

describe("the admins' e-mails screen (docs/product/mails.md)", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists the e-mails with their date in Swiss time, and shows the chosen one whole in a sandboxed frame on the local mailbox', async () => {
    renderPage(true);
    expect(await screen.findByText(OUTBOX_MESSAGES.localMailbox)).toBeTruthy();
    expect(screen.getByText('24/11/2026 07:10')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /votre accès à la promotion/ }));
    const frame = (await screen.findByTitle(OUTBOX_MESSAGES.body)) as HTMLIFrameElement;
    expect(frame.tagName).toBe('IFRAME');
    // No scripts, no same-origin rights: only links that open a new tab out of the sandbox.
    expect(frame.getAttribute('sandbox')).toBe('allow-popups allow-popups-to-escape-sandbox');
    const document = frame.getAttribute('srcdoc') ?? '';
    expect(document).toContain(`content="default-src 'none'; style-src 'unsafe-inline'"`);
    expect(document).toContain('<base target="_blank">');
    expect(document).toContain('href="http://localhost:3000/password/update/abc?email=claire.morel%40notaires.ch"');
  });

  it('shows the masked text, without a frame, when the mailbox is not local', async () => {
    renderPage(false);
    expect(await screen.findByText(OUTBOX_MESSAGES.masked)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /votre accès à la promotion/ }));
    const body = await screen.findByLabelText(OUTBOX_MESSAGES.body);
    expect(body.querySelector('pre')).toBeTruthy();
    expect(body.textContent).toContain('/password/update/[masqué]');
    expect(screen.queryByTitle(OUTBOX_MESSAGES.body)).toBeNull();
  });
});
