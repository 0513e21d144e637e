import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { promotionBrokersQueryOptions } from '../api/promotion-brokers';
import { TaskForm } from './TaskForm';

const renderForm = (onSubmit = vi.fn()) => {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryData(promotionBrokersQueryOptions(4).queryKey, [
    { id: 7, full_name: 'Julie Favre', email: 'julie@test.ch', profile_picture: null, agency_id: 2 },
  ]);
  render(
    <QueryClientProvider client={client}>
      <TaskForm promotionId={4} defaultAssigneeId={7} submitLabel="Ajouter" pending={false} onSubmit={onSubmit} onCancel={() => {}} />
    </QueryClientProvider>,
  );
  return onSubmit;
};

describe('the add-task form (docs/product/validation.md#task-forms)', () => {
  afterEach(cleanup);

  it('keeps submit disabled while the title is empty, then sends the date read in Swiss time (UTC+1 in March)', async () => {
    const onSubmit = renderForm();
    const submit = screen.getByRole('button', { name: 'Ajouter' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Titre *'), { target: { value: '   ' } });
    expect(submit.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Titre *'), { target: { value: 'Rappeler le client' } });
    expect(submit.disabled).toBe(false);
    const date = screen.getByLabelText('Date et heure (heure suisse) *') as HTMLInputElement;
    expect(date.step).toBe('900');
    fireEvent.change(date, { target: { value: '2026-03-12T10:15' } });
    fireEvent.change(screen.getByLabelText('Type *'), { target: { value: '1' } });
    await act(async () => {
      fireEvent.click(submit);
    });
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith({
      title: 'Rappeler le client',
      end_at: '2026-03-12T09:15:00.000Z',
      type: 1,
      broker_id: 7,
      detail: null,
    });
  });

  it('refuses a time off the quarter hour', async () => {
    const onSubmit = renderForm();
    fireEvent.change(screen.getByLabelText('Titre *'), { target: { value: 'Visite' } });
    fireEvent.change(screen.getByLabelText('Date et heure (heure suisse) *'), { target: { value: '2026-03-12T10:07' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Ajouter' }));
    });
    expect(await screen.findByText("La date doit tomber sur un quart d'heure")).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
