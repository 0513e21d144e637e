import { MARKETING_MESSAGES } from '@promovente/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReportFormModal } from './ReportFormModal';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ReportFormModal (docs/product/marketing.md#messages)', () => {
  it("shows the server's reason when the screenshot is refused, and stays open", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ message: MARKETING_MESSAGES.screenshotUnreadable }), { status: 422 })),
    );
    const error = vi.spyOn(toast, 'error');
    const onClose = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ReportFormModal promotionId={4} minimum={0} onClose={onClose} />
      </QueryClientProvider>,
    );
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])], 'capture.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Capture des visites (PNG ou JPG)'), { target: { files: [file] } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith(MARKETING_MESSAGES.screenshotUnreadable));
    expect(error).not.toHaveBeenCalledWith('Une erreur est survenue');
    expect(onClose).not.toHaveBeenCalled();
  });
});
