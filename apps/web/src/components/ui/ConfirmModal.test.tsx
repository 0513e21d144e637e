import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmModal } from './ConfirmModal';

describe('ConfirmModal', () => {
  afterEach(cleanup);

  it('shows its title, its message and the default confirm label', () => {
    render(
      <ConfirmModal title="Supprimer le rapport" onConfirm={vi.fn()} onClose={vi.fn()}>
        <p>Voulez-vous vraiment supprimer ce rapport ?</p>
      </ConfirmModal>,
    );
    expect(screen.getByRole('dialog', { name: 'Supprimer le rapport' })).toBeTruthy();
    expect(screen.getByText('Voulez-vous vraiment supprimer ce rapport ?')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Supprimer' })).toBeTruthy();
  });

  it('calls onConfirm on the danger button and onClose on Annuler', () => {
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    render(<ConfirmModal title="Retirer de la promotion" confirmLabel="Retirer" onConfirm={onConfirm} onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Retirer' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('while pending, disables both buttons and cannot be closed', () => {
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    render(<ConfirmModal title="Supprimer la question" pending onConfirm={onConfirm} onClose={onClose} />);
    const confirm = screen.getByRole('button', { name: 'Supprimer' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Annuler' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(confirm);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Fermer' }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });
});
