import { formatDateTime, THREAD_INTERLOCUTOR_LABELS, type ThreadDetail, type ThreadRecipientClass } from '@promovente/shared';
import { Paperclip } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { Avatar } from '../../../components/ui/Avatar';
import { Button } from '../../../components/ui/Button';
import { cn } from '../../../components/ui/cn';
import { Field } from '../../../components/ui/Field';
import { Spinner } from '../../../components/ui/Spinner';
import { useMarkThreadRead, useOpenAttachment, useReplyToThread, useThread } from '../api/threads';

const roleOf = (type: string) => THREAD_INTERLOCUTOR_LABELS[type as ThreadRecipientClass] ?? '';

/** The reply form: 'Envoyer' stays disabled while the message is empty; after a reply the form is reset (docs/product/messages.md#screens). */
const ReplyForm = ({ thread }: { thread: ThreadDetail }) => {
  const [content, setContent] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  // A new key empties the file input after a reply.
  const [filesKey, setFilesKey] = useState(0);
  const contentId = useId();
  const filesId = useId();
  const reply = useReplyToThread();

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!content.trim() || reply.isPending) return;
    const answer = await reply.mutateAsync({ threadId: thread.id, promotion: thread.promotion_id, content, files }).catch(() => null);
    if (!answer) return;
    toast.success(answer.message);
    setContent('');
    setFiles([]);
    setFilesKey((key) => key + 1);
  };

  return (
    <form noValidate onSubmit={handleSubmit} className="space-y-3 border-t border-slate-200 pt-4">
      <Field id={contentId} label="Votre réponse">
        <textarea
          id={contentId}
          rows={4}
          value={content}
          onChange={(event) => setContent(event.target.value)}
          className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
        />
      </Field>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <Field id={filesId} label="Pièces jointes">
          <input
            key={filesKey}
            id={filesId}
            type="file"
            multiple
            onChange={(event) => setFiles(Array.from(event.target.files ?? []))}
            className="block max-w-full text-sm"
          />
        </Field>
        <Button type="submit" disabled={!content.trim()} loading={reply.isPending}>
          Envoyer
        </Button>
      </div>
    </form>
  );
};

/** The conversation of /messages/{id}: its messages oldest first, marked read on open, and the reply form. */
export const ThreadConversation = ({ threadId }: { threadId: number }) => {
  const thread = useThread(threadId);
  const markRead = useMarkThreadRead();
  const openAttachment = useOpenAttachment();
  const loadedId = thread.data?.id;
  const { mutate: markAsRead } = markRead;

  // Opening a thread reads it (docs/product/messages.md#states: GET threads/{id}, then marked read); the badges follow.
  useEffect(() => {
    if (loadedId !== undefined) markAsRead(loadedId);
  }, [loadedId, markAsRead]);

  if (thread.isPending) {
    return (
      <div className="flex justify-center p-8">
        <Spinner />
      </div>
    );
  }
  if (!thread.data) return <p className="p-4 text-sm text-slate-600">Cette discussion n'est pas disponible.</p>;
  const data = thread.data;
  return (
    <section aria-labelledby={`thread-${data.id}`} className="flex flex-col gap-4">
      <header>
        <h2 id={`thread-${data.id}`} className="text-lg font-semibold text-slate-900">
          {data.title}
        </h2>
        <p className="text-sm text-slate-600">
          {data.is_participant
            ? `Avec ${data.interlocutor.full_name} (${roleOf(data.interlocutor.type)})`
            : `Entre ${data.created_by.full_name} et ${data.to.full_name}`}
        </p>
      </header>
      <ol aria-label="Messages" className="flex flex-col gap-3">
        {data.messages.map((message) => (
          <li key={message.id} className={cn('flex gap-2', message.is_from_me && 'flex-row-reverse')}>
            <Avatar name={message.sender.full_name} src={message.sender.profile_picture} size="sm" />
            <div
              className={cn(
                'min-w-0 max-w-[85%] rounded-lg px-3 py-2 text-sm',
                message.is_from_me ? 'bg-brand-50 text-slate-900' : 'bg-slate-100 text-slate-900',
              )}
            >
              <p className="text-xs text-slate-600">
                <span className="font-medium">{message.is_from_me ? 'Vous' : message.sender.full_name}</span>
                {' · '}
                <time dateTime={message.created_at}>{formatDateTime(message.created_at)}</time>
              </p>
              <p className="mt-1 break-words whitespace-pre-line">{message.content}</p>
              {message.files.length > 0 && (
                <ul className="mt-2 flex flex-wrap gap-2">
                  {message.files.map((file) => (
                    <li key={file.id} className="min-w-0 max-w-full">
                      <button
                        type="button"
                        onClick={() => openAttachment.mutate(file.uuid)}
                        className="inline-flex max-w-full items-start gap-1 text-left text-brand-700 underline"
                      >
                        <Paperclip className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
                        <span className="break-all">{file.name}</span>
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </li>
        ))}
      </ol>
      <ReplyForm key={data.id} thread={data} />
    </section>
  );
};
