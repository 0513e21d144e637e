import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from './cn';

type ModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
  footer?: ReactNode;
  /** 'wide' is the list modals' maximum width (5xl, docs/product/constants.md#defaults). */
  size?: 'md' | 'wide';
};

/** A keyboard-operable modal (focus trap, Escape closes) on Radix Dialog. */
export const Modal = ({ open, onOpenChange, title, description, children, footer, size = 'md' }: ModalProps) => (
  <Dialog.Root open={open} onOpenChange={onOpenChange}>
    <Dialog.Portal>
      <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
      <Dialog.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-5 shadow-xl',
          size === 'wide' ? 'max-w-5xl' : 'max-w-lg',
        )}
      >
        <div className="mb-4 flex items-start justify-between gap-4">
          <Dialog.Title className="text-base font-semibold text-slate-900">{title}</Dialog.Title>
          <Dialog.Close className="rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800" aria-label="Fermer">
            <X className="size-4" aria-hidden="true" />
          </Dialog.Close>
        </div>
        {description ? (
          <Dialog.Description className="mb-4 text-sm text-slate-600">{description}</Dialog.Description>
        ) : (
          <Dialog.Description className="sr-only">{title}</Dialog.Description>
        )}
        {children}
        {footer && <div className="mt-5 flex justify-end gap-2">{footer}</div>}
      </Dialog.Content>
    </Dialog.Portal>
  </Dialog.Root>
);
