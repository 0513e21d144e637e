import {
  type CreatedThread,
  newThreadMissingHint,
  THREAD_INTERLOCUTOR_LABELS,
  type ThreadRecipient,
  type ThreadRecipientClass,
  threadRecipientTypes,
} from '@promovente/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/Button';
import { Field, InputField, SelectField } from '../../../components/ui/Field';
import { Modal } from '../../../components/ui/Modal';
import { useUser } from '../../../lib/auth';
import { useDebouncedCallback } from '../../../lib/use-debounced-callback';
import { useCreateThread } from '../api/create-thread';
import { useRecipients } from '../api/threads';

type NewThreadModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  promotionId: number;
  /** The person written to by default (the screen's candidate); the user may still choose another among his classes. */
  recipient?: { id: number; base_class: ThreadRecipientClass; full_name: string };
  candidacyId?: number;
  /** A candidate record's id given without his name (the route's `candidate` query): he is looked up. */
  presetCandidateId?: number;
  /** After the thread is created (the Messages screen opens it). */
  onCreated?: (thread: CreatedThread) => void;
};

/** Who a role writes to: 'Nouvelle discussion' offers these classes (docs/product/messages.md#rules). */
export const recipientClassesOf = (type: Parameters<typeof threadRecipientTypes>[0]) =>
  threadRecipientTypes(type) as ThreadRecipientClass[];

/** The recipient pickers: the class (when the role has several), then the person, searched for candidates. */
const RecipientPicker = ({
  promotionId,
  classes,
  value,
  onChange,
  preset,
}: {
  promotionId: number;
  classes: ThreadRecipientClass[];
  value: { base_class: ThreadRecipientClass; id: number | null };
  onChange: (value: { base_class: ThreadRecipientClass; id: number | null }) => void;
  preset: ThreadRecipient | null;
}) => {
  const [search, setSearch] = useState('');
  const setSearchLater = useDebouncedCallback(setSearch, 300);
  const recipients = useRecipients(promotionId, value.base_class, search);
  const options = [...(recipients.data ?? [])];
  if (preset && preset.base_class === value.base_class && !options.some((o) => o.id === preset.id)) options.unshift(preset);
  return (
    <>
      {classes.length > 1 && (
        <SelectField
          label="Type de destinataire"
          value={value.base_class}
          onChange={(event) => {
            const next = event.target.value as ThreadRecipientClass;
            onChange({ base_class: next, id: preset?.base_class === next ? preset.id : null });
          }}
        >
          {classes.map((cls) => (
            <option key={cls} value={cls}>
              {THREAD_INTERLOCUTOR_LABELS[cls]}
            </option>
          ))}
        </SelectField>
      )}
      {value.base_class === 'candidate' && (
        <InputField label="Rechercher un candidat" type="search" defaultValue="" onChange={(event) => setSearchLater(event.target.value)} />
      )}
      <SelectField
        label="Destinataire *"
        value={value.id === null ? '' : String(value.id)}
        onChange={(event) => onChange({ base_class: value.base_class, id: event.target.value ? Number(event.target.value) : null })}
        aria-required
      >
        <option value="">{recipients.isPending ? 'Chargement…' : 'Choisir un destinataire'}</option>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.full_name}
          </option>
        ))}
      </SelectField>
    </>
  );
};

/**
 * 'Nouvelle discussion' (docs/product/validation.md#new-thread: title and content required, and a
 * recipient unless the user is a candidate). A candidate does not choose: his message goes to
 * his broker; the others choose among the classes their role may write to.
 */
export const NewThreadModal = ({
  open,
  onOpenChange,
  promotionId,
  recipient,
  candidacyId,
  presetCandidateId,
  onCreated,
}: NewThreadModalProps) => {
  const { data: user } = useUser();
  const queryClient = useQueryClient();
  const classes = user ? recipientClassesOf(user.type) : [];
  const chooses = user !== undefined && user.type !== 'candidate';
  const presetId = recipient?.id ?? presetCandidateId;
  const presetClass: ThreadRecipientClass | undefined = recipient?.base_class ?? (presetCandidateId ? 'candidate' : undefined);
  const initialClass = presetClass && classes.includes(presetClass) ? presetClass : (classes[0] ?? 'candidate');
  const [target, setTarget] = useState<{ base_class: ThreadRecipientClass; id: number | null }>({
    base_class: initialClass,
    id: presetClass === initialClass ? (presetId ?? null) : null,
  });
  // A candidate given by id only (the route's `candidate` query): his name comes from the picker's source.
  const looked = useRecipients(promotionId, presetCandidateId && !recipient ? 'candidate' : null, '', {
    id: presetCandidateId,
    enabled: chooses && classes.includes('candidate'),
  });
  const preset: ThreadRecipient | null = recipient ?? looked.data?.[0] ?? null;
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const contentId = useId();
  const filesId = useId();
  const hintId = useId();
  const mutation = useCreateThread();
  const hasRecipient = !chooses || target.id !== null;
  const valid = title.trim().length > 0 && content.trim().length > 0 && hasRecipient;
  // 'Envoyer' waits for these: said beside it, not only greyed (a role that may not write sees its own text above).
  const missingHint =
    chooses && classes.length === 0
      ? null
      : newThreadMissingHint({ recipient: !hasRecipient, title: title.trim() === '', content: content.trim() === '' });

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
      .mutateAsync({
        title: title.trim(),
        content,
        promotion: promotionId,
        recipient: chooses && target.id !== null ? { id: target.id, base_class: target.base_class } : undefined,
        candidacyId,
        files,
      })
      .catch(() => null);
    if (!result) return;
    toast.success(result.message);
    await queryClient.invalidateQueries({ queryKey: ['threads', 'list'] });
    handleOpenChange(false);
    onCreated?.(result.data);
  };

  return (
    <Modal open={open} onOpenChange={handleOpenChange} title="Nouvelle discussion">
      <form noValidate onSubmit={handleSubmit} className="space-y-4">
        {user?.type === 'candidate' && <p className="text-sm text-slate-700">Votre message sera envoyé à votre courtier.</p>}
        {chooses && classes.length === 0 && (
          <p className="text-sm text-slate-700">
            Votre rôle ne permet pas d'ouvrir une discussion : répondez à celles qui vous sont adressées.
          </p>
        )}
        {chooses && classes.length > 0 && (
          <RecipientPicker promotionId={promotionId} classes={classes} value={target} onChange={setTarget} preset={preset} />
        )}
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
        <div className="flex flex-wrap items-center justify-end gap-2">
          {missingHint && (
            <p id={hintId} className="mr-auto text-sm text-slate-600">
              {missingHint}
            </p>
          )}
          <Button type="button" variant="secondary" onClick={() => handleOpenChange(false)}>
            Annuler
          </Button>
          <Button type="submit" disabled={!valid} loading={mutation.isPending} aria-describedby={missingHint ? hintId : undefined}>
            Envoyer
          </Button>
        </div>
      </form>
    </Modal>
  );
};
