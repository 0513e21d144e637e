import type { ThreadRecipientClass } from '@promovente/shared';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/Button';
import { Field, InputField } from '../../../components/ui/Field';
import { Modal } from '../../../components/ui/Modal';
import { useCreateThread } from '../api/create-thread';

type NewThreadModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  promotionId: number;
  /** The person written to; absent for a candidate, whose thread goes to his broker. */
  recipient?: { id: number; base_class: ThreadRecipientClass; full_name: string };
  candidacyId?: number;
};

/** 'Nouvelle discussion' (docs/product/validation.md#new-thread: title and content required, and a recipient unless the user is a candidate). */
export const NewThreadModal = ({ open, onOpenChange, promotionId, recipient, candidacyId }: NewThreadModalProps) => {
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const contentId = useId();
  const filesId = useId();
  const mutation = useCreateThread();
  const valid = title.trim().length > 0 && content.trim().length > 0;

  const handleOpenChange = (next: boolean) => {
    if (!next) {
      setTitle('');
      setContent('');
      setFiles([]);
    }
    onOpenChange(next);
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid || mutation.isPending) return;
    const result = await mutation
      .mutateAsync({ title: title.trim(), content, promotion: promotionId, recipient, candidacyId, files })
      .catch(() => null);
    if (!result) return;
    toast.success(result.message);
    handleOpenChange(false);
  };

  return (
    <Modal open={open} onOpenChange={handleOpenChange} title="Nouvelle discussion">
      <form noValidate onSubmit={handleSubmit} className="space-y-4">
        {recipient && <p className="text-sm text-slate-700">Destinataire : {recipient.full_name}</p>}
        <InputField label="Titre" required value={title} onChange={(event) => setTitle(event.target.value)} />
        <Field id={contentId} label="Message">
          <textarea
            id={contentId}
            required
            rows={6}
            value={content}
            onChange={(event) => setContent(event.target.value)}
            className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
          />
        </Field>
        <Field id={filesId} label="Pièces jointes">
          <input
            id={filesId}
            type="file"
            multiple
            onChange={(event) => setFiles(Array.from(event.target.files ?? []))}
            className="block text-sm"
          />
        </Field>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={() => handleOpenChange(false)}>
            Annuler
          </Button>
          <Button type="submit" disabled={!valid} loading={mutation.isPending}>
            Envoyer
          </Button>
        </div>
      </form>
    </Modal>
  );
};
