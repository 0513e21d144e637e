import type { UserType } from '@promovente/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userQueryKey } from '../../../lib/auth';
import { createQueryClient } from '../../../lib/query-client';
import { testUser } from '../../../lib/user.fixtures';
import { NewThreadModal } from './NewThreadModal';

const userOf = (type: UserType) => testUser({ type, preferences: { selected_promotion: 7 } });

/** The server: the pickers' lists by path, and the created thread; every sent form is kept. */
const serve = () => {
  const sent: FormData[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = String(url);
      const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
      if (path.startsWith('/api/threads/recipients?class=notary'))
        return json({ data: [{ id: 30, full_name: 'Claire Jaquier', base_class: 'notary' }] });
      if (path.startsWith('/api/threads/recipients'))
        return json({ data: [{ id: 12, full_name: 'Anne Meylan', base_class: 'candidate' }] });
      if (path.startsWith('/api/investors')) return json({ data: [{ id: 40, full_name: 'Irène Investit' }] });
      if (path === '/api/threads' && init?.method === 'POST') {
        sent.push(init.body as FormData);
        return json({ data: { id: 99, title: 'T' }, message: 'Message envoyé' });
      }
      return json({ data: [] });
    }),
  );
  return sent;
};

const open = (type: UserType, props: Partial<Parameters<typeof NewThreadModal>[0]> = {}) => {
  const client = createQueryClient();
  client.setQueryData(userQueryKey, userOf(type));
  render(
    <QueryClientProvider client={client}>
      <NewThreadModal open onOpenChange={() => {}} promotionId={7} {...props} />
    </QueryClientProvider>,
  );
};

const write = () => {
  fireEvent.change(screen.getByLabelText('Titre'), { target: { value: 'Votre dossier' } });
  fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Bonjour' } });
};

describe("'Nouvelle discussion' and its recipients by role (docs/product/messages.md#rules)", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lets a candidate write without choosing: the message goes to his broker', async () => {
    const sent = serve();
    open('candidate');
    expect(screen.getByText('Votre message sera envoyé à votre courtier.')).toBeTruthy();
    expect(screen.queryByLabelText('Destinataire *')).toBeNull();
    write();
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].get('to_id')).toBeNull();
  });

  it('lets a broker keep the candidate of the screen, or choose a notary about the same candidacy', async () => {
    const sent = serve();
    open('broker', { recipient: { id: 12, base_class: 'candidate', full_name: 'Anne Meylan' }, candidacyId: 5 });
    const kind = screen.getByLabelText('Type de destinataire') as HTMLSelectElement;
    expect([...kind.options].map((o) => o.text)).toEqual(['Candidat', 'Notaire']);
    expect((screen.getByLabelText('Destinataire *') as HTMLSelectElement).value).toBe('12');
    fireEvent.change(kind, { target: { value: 'notary' } });
    write();
    const send = screen.getByRole('button', { name: 'Envoyer' }) as HTMLButtonElement;
    // A recipient is required: none is chosen yet among the notaries.
    expect(send.disabled).toBe(true);
    await screen.findByRole('option', { name: 'Claire Jaquier' });
    fireEvent.change(screen.getByLabelText('Destinataire *'), { target: { value: '30' } });
    fireEvent.click(send);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect([sent[0].get('to_id'), sent[0].get('to_base_class'), sent[0].get('candidacy_id')]).toEqual(['30', 'notary', '5']);
  });

  it("says beside the greyed 'Envoyer' what it waits for, until everything is there", async () => {
    serve();
    open('broker');
    const send = screen.getByRole('button', { name: 'Envoyer' }) as HTMLButtonElement;
    const hint = () => document.getElementById(send.getAttribute('aria-describedby') ?? '')?.textContent;
    expect(send.disabled).toBe(true);
    expect(hint()).toBe('Pour envoyer, choisissez un destinataire et saisissez un titre et un message.');
    fireEvent.change(screen.getByLabelText('Titre'), { target: { value: 'Votre dossier' } });
    expect(hint()).toBe('Pour envoyer, choisissez un destinataire et saisissez un message.');
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Bonjour' } });
    expect(hint()).toBe('Pour envoyer, choisissez un destinataire.');
    await screen.findByRole('option', { name: 'Anne Meylan' });
    fireEvent.change(screen.getByLabelText('Destinataire *'), { target: { value: '12' } });
    expect(send.disabled).toBe(false);
    expect(send.getAttribute('aria-describedby')).toBeNull();
    expect(screen.queryByText(/^Pour envoyer/)).toBeNull();
  });

  it('tells a candidate only what to type: he does not choose a recipient', () => {
    serve();
    open('candidate');
    expect(screen.getByText('Pour envoyer, saisissez un titre et un message.')).toBeTruthy();
  });

  it('lets a pilot choose among the investors only', async () => {
    serve();
    open('pilot');
    expect(screen.queryByLabelText('Type de destinataire')).toBeNull();
    expect(await screen.findByRole('option', { name: 'Irène Investit' })).toBeTruthy();
  });
});
