import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PersonFormModal } from './PersonFormModal';

describe('the create forms (docs/product/promotion-administration.md#validation)', () => {
  afterEach(cleanup);

  it("asks an architect's names, e-mail and office in French before any call", async () => {
    const onSubmit = vi.fn(async () => ({ message: 'Invitation envoyée' }));
    render(<PersonFormModal kind="architects" onClose={() => {}} onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Le prénom est requis')).toBeTruthy();
    expect(screen.getByText('Le nom est requis')).toBeTruthy();
    expect(screen.getByText('E-mail requis')).toBeTruthy();
    expect(screen.getByText('Le nom du bureau est requis')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends a notary with every field, trimmed, and empty optional fields as none', async () => {
    const onSubmit = vi.fn(async () => ({}));
    render(<PersonFormModal kind="notaries" onClose={() => {}} onSubmit={onSubmit} />);
    fireEvent.change(screen.getByLabelText('Prénom'), { target: { value: ' Claire ' } });
    fireEvent.change(screen.getByLabelText('Nom'), { target: { value: 'Morel' } });
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'Claire@Notaires.ch' } });
    fireEvent.change(screen.getByLabelText('NPA'), { target: { value: '1180' } });
    fireEvent.change(screen.getByLabelText('Civilité de la secrétaire'), { target: { value: 'F' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        first_name: 'Claire',
        email: 'claire@notaires.ch',
        zip: '1180',
        secretary_gender: 'F',
        iban: null,
        city: null,
      }),
    );
  });
});
