import type { ReactNode } from 'react';
import { Button } from './Button';
import { Modal } from './Modal';

type ConfirmModalProps = {
  title: string;
  /** A short line under the title, read as the dialog's accessible description. */
  description?: string;
  /** The message: what the action does and on what. */
  children?: ReactNode;
  confirmLabel?: string;
  /** True while the call runs: the confirm button shows its loader, nothing else can be pressed. */
  pending?: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** The one confirmation dialog of a deletion or a removal: 'Annuler' and a danger button. */
export const ConfirmModal = ({
  title,
  description,
  children,
  confirmLabel = 'Supprimer',
  pending = false,
  onConfirm,
  onClose,
}: ConfirmModalProps) => (
  <Modal
    open
    onOpenChange={(open) => !open && !pending && onClose()}
    title={title}
    description={description}
    footer={
      <>
        <Button variant="secondary" disabled={pending} onClick={onClose}>
          Annuler
        </Button>
        <Button variant="danger" loading={pending} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </>
    }
  >
    {children}
  </Modal>
);
