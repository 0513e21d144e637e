import { Button } from './Button';
import { Spinner } from './Spinner';

/** The global loading overlay (docs/product/layout.md#global-interface-elements): a status with a close button. */
export const LoadingOverlay = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  if (!open) return null;
  return (
    <div className="fixed inset-0 z-[60] flex items-center justify-center bg-white/70 backdrop-blur-[1px]">
      <div
        role="status"
        aria-live="polite"
        className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3 shadow-lg"
      >
        <Spinner className="size-5 text-brand-700" />
        <span className="text-sm text-slate-800">Chargement…</span>
        <Button variant="ghost" size="sm" onClick={onClose}>
          Fermer
        </Button>
      </div>
    </div>
  );
};
