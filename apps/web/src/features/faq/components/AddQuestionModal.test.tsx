import { FAQ_MESSAGES } from '@promovente/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AddQuestionModal } from './AddQuestionModal';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const open = () => {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify({ data: { id: 1 }, message: 'Question ajoutée' }), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AddQuestionModal promotionId={4} attachFile={false} addGlobal={false} onClose={() => {}} />
    </QueryClientProvider>,
  );
  return fetchMock;
};

describe("'Ajouter une question' (docs/product/faq.md#rules)", () => {
  it('counts the question against its 500 characters and refuses a longer one in French instead of cutting it', async () => {
    const fetchMock = open();
    const question = screen.getByLabelText('Question') as HTMLInputElement;
    expect(question.maxLength).toBe(-1);
    expect(screen.getByText('0 / 500')).toBeTruthy();
    fireEvent.change(question, { target: { value: 'q'.repeat(501) } });
    expect(question.value).toHaveLength(501);
    expect(screen.getByText('501 / 500')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Réponse'), { target: { value: 'Oui.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter' }));
    expect(await screen.findByText(FAQ_MESSAGES.questionTooLong)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("counts the answer against its 10'000 characters, the counter named by the box", async () => {
    const fetchMock = open();
    const answer = screen.getByLabelText('Réponse');
    expect(screen.getByText("0 / 10'000")).toBeTruthy();
    fireEvent.change(answer, { target: { value: 'r'.repeat(10_001) } });
    const counter = screen.getByText("10'001 / 10'000");
    expect(answer.getAttribute('aria-describedby')).toContain(counter.id);
    fireEvent.change(screen.getByLabelText('Question'), { target: { value: 'Quand ?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter' }));
    expect(await screen.findByText(FAQ_MESSAGES.answerTooLong)).toBeTruthy();
    fireEvent.change(answer, { target: { value: 'Au printemps.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
  });
});
