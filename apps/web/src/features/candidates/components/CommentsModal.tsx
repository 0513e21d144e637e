import { type CandidacyComment, type CandidacyListRow, formatDateTime, MESSAGES } from '@promovente/shared';
import { Pencil } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { Modal } from '../../../components/ui/Modal';
import { Spinner } from '../../../components/ui/Spinner';
import { useCandidacy } from '../api/get-candidacy';
import { useSaveComment } from '../api/save-comment';

const textareaClasses =
  'block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs placeholder:text-slate-400';

/** A comment text area with its visible label; the button stays disabled while the text is only spaces. */
const CommentEditor = ({
  label,
  initial = '',
  submitLabel,
  pending,
  onSubmit,
  onCancel,
}: {
  label: string;
  initial?: string;
  submitLabel: string;
  pending: boolean;
  onSubmit: (text: string, reset: () => void) => void;
  onCancel?: () => void;
}) => {
  const id = useId();
  const [text, setText] = useState(initial);
  return (
    <form
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (text.trim()) onSubmit(text, () => setText(''));
      }}
    >
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea id={id} rows={3} className={textareaClasses} value={text} onChange={(event) => setText(event.target.value)} />
      <div className="flex justify-end gap-2">
        {onCancel && (
          <Button variant="secondary" size="sm" onClick={onCancel}>
            Annuler
          </Button>
        )}
        <Button type="submit" size="sm" disabled={text.trim() === ''} loading={pending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
};

const CommentItem = ({ comment, candidacyId }: { comment: CandidacyComment; candidacyId: number }) => {
  const [editing, setEditing] = useState(false);
  const save = useSaveComment(candidacyId);
  return (
    <li className="rounded-md border border-slate-200 p-3">
      <div className="mb-1 flex items-center justify-between gap-2 text-xs text-slate-500">
        <span>
          <span className="font-medium text-slate-700">{comment.created_by?.full_name ?? '-'}</span>, le{' '}
          {formatDateTime(comment.created_at)}
        </span>
        {comment.is_editable && !editing && (
          <Button variant="ghost" size="sm" onClick={() => setEditing(true)} aria-label="Modifier le commentaire">
            <Pencil className="size-3.5" aria-hidden="true" />
            Modifier
          </Button>
        )}
      </div>
      {editing ? (
        <CommentEditor
          label="Commentaire"
          initial={comment.comment}
          submitLabel="Enregistrer"
          pending={save.isPending}
          onCancel={() => setEditing(false)}
          onSubmit={(text) => save.mutate({ commentId: comment.id, comment: text }, { onSuccess: () => setEditing(false) })}
        />
      ) : (
        <p className="text-sm whitespace-pre-line text-slate-800">{comment.comment}</p>
      )}
    </li>
  );
};

/** The comments of a candidacy: the registration comment, the list with author and date, add and edit own (docs/product/validation.md#comment). */
export const CommentsModal = ({ row, onClose }: { row: CandidacyListRow; onClose: () => void }) => {
  const detail = useCandidacy(row.id);
  const save = useSaveComment(row.id);
  const data = detail.data;
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={`Commentaires de ${row.candidate.full_name}`} size="wide">
      {!data ? (
        <div className="flex justify-center py-10">{detail.isError ? null : <Spinner />}</div>
      ) : (
        <div className="space-y-5">
          <section aria-labelledby="registration-comment" className="rounded-md bg-slate-50 p-3">
            <h3 id="registration-comment" className="mb-1 text-sm font-medium text-slate-700">
              Commentaire d'inscription
            </h3>
            <p className="text-sm whitespace-pre-line text-slate-800">
              {data.comment?.trim() ? data.comment : MESSAGES.noRegistrationComment}
            </p>
          </section>
          {data.user_comments.length === 0 ? (
            <p className="text-sm text-slate-600">{MESSAGES.noComments}</p>
          ) : (
            <ul className="space-y-2" aria-label="Commentaires">
              {data.user_comments.map((comment) => (
                <CommentItem key={comment.id} comment={comment} candidacyId={row.id} />
              ))}
            </ul>
          )}
          <CommentEditor
            label="Nouveau commentaire"
            submitLabel="Ajouter"
            pending={save.isPending}
            onSubmit={(text, reset) => save.mutate({ comment: text }, { onSuccess: reset })}
          />
        </div>
      )}
    </Modal>
  );
};
