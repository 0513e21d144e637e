import { MESSAGES } from '@promovente/shared';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PasswordForm } from './PasswordForm';

const input = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;

/** Answers `reply` to every call and keeps the bodies sent. */
const stubApi = (reply: { status: number; body: unknown }) => {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      sent.push(JSON.parse(String(init.body)));
      return new Response(JSON.stringify(reply.body), { status: reply.status });
    }),
  );
  return sent;
};

const fill = (fields: Record<string, string>) => {
  for (const [label, value] of Object.entries(fields)) fireEvent.change(input(label), { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: 'Modifier le mot de passe' }));
};

describe('PasswordForm', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks for the current password, labelled, and sends it with the new one', async () => {
    const sent = stubApi({ status: 200, body: { code: '200', message: MESSAGES.passwordChanged } });
    const onChanged = vi.fn();
    render(<PasswordForm asksCurrent onChanged={onChanged} />);
    expect(input('Mot de passe actuel').type).toBe('password');
    expect(input('Mot de passe actuel').autocomplete).toBe('current-password');

    fill({ 'Mot de passe': 'nouveau-secret-1', 'Confirmation du mot de passe': 'nouveau-secret-1' });
    expect(await screen.findByText(MESSAGES.currentPasswordRequired)).toBeTruthy();
    expect(sent).toEqual([]);

    fill({ 'Mot de passe actuel': 'ancien-secret-1' });
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(sent).toEqual([
      { current_password: 'ancien-secret-1', password: 'nouveau-secret-1', password_confirmation: 'nouveau-secret-1' },
    ]);
  });

  it("shows the server's refusal of a wrong current password under the field", async () => {
    stubApi({ status: 400, body: { message: MESSAGES.currentPasswordWrong } });
    const onChanged = vi.fn();
    render(<PasswordForm asksCurrent onChanged={onChanged} />);
    fill({ 'Mot de passe actuel': 'pas-le-bon', 'Mot de passe': 'nouveau-secret-1', 'Confirmation du mot de passe': 'nouveau-secret-1' });
    expect(await screen.findByText(MESSAGES.currentPasswordWrong)).toBeTruthy();
    expect(input('Mot de passe actuel').getAttribute('aria-invalid')).toBe('true');
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('hides the current password on the forced first change and sends only the new one', async () => {
    const sent = stubApi({ status: 200, body: { code: '200', message: MESSAGES.passwordChanged } });
    const onChanged = vi.fn();
    render(<PasswordForm asksCurrent={false} onChanged={onChanged} />);
    expect(screen.queryByLabelText('Mot de passe actuel')).toBeNull();
    fill({ 'Mot de passe': 'nouveau-secret-1', 'Confirmation du mot de passe': 'nouveau-secret-1' });
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(sent).toEqual([{ password: 'nouveau-secret-1', password_confirmation: 'nouveau-secret-1' }]);
  });
});
