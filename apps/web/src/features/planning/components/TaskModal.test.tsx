import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TaskModal } from './TaskModal';

describe('the planning task modal (docs/product/planning.md#rules)', () => {
  afterEach(cleanup);

  it("enables 'Valider' only once title, category, start and end are filled; details stay optional", async () => {
    const onSubmit = vi.fn(async () => ({ message: 'Tâche ajoutée' }));
    const onClose = vi.fn();
    render(<TaskModal promotionId={7} onClose={onClose} onSubmit={onSubmit} />);
    const submit = screen.getByRole('button', { name: 'Valider' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Titre *'), { target: { value: ' Gros œuvre ' } });
    fireEvent.change(screen.getByLabelText('Catégorie *'), { target: { value: '4' } });
    fireEvent.change(screen.getByLabelText('Date de début *'), { target: { value: '2026-09-01' } });
    expect(submit.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Date de fin *'), { target: { value: '2027-03-31' } });
    await waitFor(() => expect(submit.disabled).toBe(false));
    fireEvent.click(submit);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({
      title: 'Gros œuvre',
      category: 4,
      dateFrom: '2026-09-01',
      dateTo: '2027-03-31',
      details: null,
      promotion_id: 7,
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('counts the title against its 200 characters and refuses a longer one in French instead of cutting it', async () => {
    const onSubmit = vi.fn(async () => ({}));
    render(<TaskModal promotionId={7} onClose={() => {}} onSubmit={onSubmit} />);
    const title = screen.getByLabelText('Titre *') as HTMLInputElement;
    expect(title.maxLength).toBe(-1);
    expect(screen.getByText('0 / 200')).toBeTruthy();
    fireEvent.change(title, { target: { value: 'a'.repeat(201) } });
    expect(title.value).toHaveLength(201);
    expect(screen.getByText('201 / 200')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Catégorie *'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Date de début *'), { target: { value: '2026-09-01' } });
    fireEvent.change(screen.getByLabelText('Date de fin *'), { target: { value: '2026-09-30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Valider' }));
    expect(await screen.findByText('Le titre ne peut pas dépasser 200 caractères')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses an end before the start in French, without a call', async () => {
    const onSubmit = vi.fn(async () => ({}));
    render(
      <TaskModal
        promotionId={7}
        task={{ id: 1, title: 'Enquête', category: 2, dateFrom: '2026-03-02', dateTo: '2026-04-01', details: null, promotion_id: 7 }}
        onClose={() => {}}
        onSubmit={onSubmit}
        onDelete={() => {}}
      />,
    );
    fireEvent.change(screen.getByLabelText('Date de fin *'), { target: { value: '2026-03-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Valider' }));
    expect(await screen.findByText('La date de fin ne peut pas précéder la date de début')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Supprimer' })).toBeTruthy();
  });
});
