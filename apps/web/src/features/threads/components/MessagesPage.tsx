import { formatDateTime, THREAD_INTERLOCUTOR_LABELS, type ThreadListItem } from '@promovente/shared';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Avatar } from '../../../components/ui/Avatar';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { cn } from '../../../components/ui/cn';
import { InputField, SelectField } from '../../../components/ui/Field';
import { ListTotal, ResetFilterLink } from '../../../components/ui/ListSummary';
import { Pagination } from '../../../components/ui/Pagination';
import { Spinner } from '../../../components/ui/Spinner';
import { useUser } from '../../../lib/auth';
import { useDebouncedCallback } from '../../../lib/use-debounced-callback';
import { useThreads } from '../api/threads';
import { INTERLOCUTOR_CHOICES, introTextOf, listParamsOf, opensNewThread, startsThreads, withListChange } from '../messages-view';
import { NewThreadModal } from './NewThreadModal';
import { ThreadConversation } from './ThreadConversation';

/** A row of the list: title, interlocutor, the last message, its date and the unread count. */
const ThreadRow = ({ thread, active, href }: { thread: ThreadListItem; active: boolean; href: string }) => (
  <li>
    <Link
      to={href}
      aria-current={active ? 'page' : undefined}
      className={cn(
        'flex gap-3 rounded-md px-3 py-2 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-700',
        active && 'bg-brand-50 hover:bg-brand-50',
      )}
    >
      <Avatar name={thread.interlocutor.full_name} src={thread.interlocutor.profile_picture} size="sm" />
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline gap-2">
          <span className={cn('min-w-0 flex-1 truncate text-sm', thread.unread_count > 0 ? 'font-semibold' : 'font-medium')}>
            {thread.title}
          </span>
          {thread.unread_count > 0 && (
            <Badge tone="danger">
              <span className="sr-only">non lus : </span>
              {thread.unread_count}
            </Badge>
          )}
        </span>
        <span className="block truncate text-xs text-slate-600">
          {thread.is_participant ? thread.interlocutor.full_name : `${thread.created_by.full_name} → ${thread.to.full_name}`}
          {' · '}
          {THREAD_INTERLOCUTOR_LABELS[thread.interlocutor.type as keyof typeof THREAD_INTERLOCUTOR_LABELS] ?? ''}
        </span>
        <span className="block truncate text-xs text-slate-500">{thread.last_message.content}</span>
        <span className="block text-xs text-slate-500">
          <time dateTime={thread.last_message.created_at}>{formatDateTime(thread.last_message.created_at)}</time>
        </span>
      </span>
    </Link>
  </li>
);

/**
 * Messages (/messages and /messages/{id}, docs/product/messages.md#screens): the thread list,
 * searched (300 ms), filtered and paged in the URL, beside the open conversation; a candidate's
 * welcome text, a hint for the others; 'Nouvelle discussion', also opened by the route's
 * `openModal` query (for the `candidate` given).
 */
export const MessagesPage = () => {
  const { data: user } = useUser();
  const navigate = useNavigate();
  const { id } = useParams();
  const threadId = id && /^\d+$/.test(id) ? Number(id) : null;
  const [searchParams, setSearchParams] = useSearchParams();
  const promotionId = user?.preferences.selected_promotion ?? null;
  const params = listParamsOf(searchParams, promotionId);
  const threads = useThreads(params);
  const [composing, setComposing] = useState(() => opensNewThread(searchParams));
  const setSearchLater = useDebouncedCallback(
    (value: string) => setSearchParams((query) => withListChange(query, 'search', value), { replace: true }),
    300,
  );
  if (!user) return null;

  const change = (key: string, value: string) => setSearchParams((query) => withListChange(query, key, value));
  const listQuery = new URLSearchParams(searchParams);
  listQuery.delete('openModal');
  const suffix = listQuery.toString() ? `?${listQuery.toString()}` : '';
  const narrowed = params.candidate !== null || params.candidacy !== null;

  const handleCloseComposer = (open: boolean) => {
    setComposing(open);
    if (!open && opensNewThread(searchParams)) change('openModal', '');
  };

  return (
    <div className="mx-auto flex max-w-screen-2xl flex-col gap-4 p-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-xl font-semibold text-slate-900">Messages</h1>
        {startsThreads(user.type) && promotionId !== null && (
          <Button className="ml-auto" onClick={() => setComposing(true)}>
            <Plus className="size-4" aria-hidden="true" />
            Nouvelle discussion
          </Button>
        )}
      </div>
      <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700">{introTextOf(user.type)}</p>

      <div className="grid gap-4 lg:grid-cols-[26rem_minmax(0,1fr)]">
        <section aria-label="Discussions" className={cn('flex min-w-0 flex-col gap-3', threadId !== null && 'hidden lg:flex')}>
          <div className="flex flex-wrap items-end gap-2">
            <InputField
              label="Rechercher"
              type="search"
              className="min-w-40 flex-1 basis-48"
              defaultValue={params.search}
              placeholder="Titre, interlocuteur, message"
              onChange={(event) => setSearchLater(event.target.value)}
            />
            <SelectField
              label="Afficher"
              value={params.filter}
              onChange={(event) => change('filter', event.target.value === 'all' ? '' : event.target.value)}
            >
              <option value="all">Toutes</option>
              <option value="unread">Non lues</option>
            </SelectField>
            <SelectField label="Interlocuteur" value={params.interlocutor} onChange={(event) => change('interlocutor', event.target.value)}>
              <option value="">Tous</option>
              {INTERLOCUTOR_CHOICES.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </SelectField>
          </div>
          <div className="flex items-center gap-3">
            {narrowed && (
              <ResetFilterLink
                onReset={() =>
                  setSearchParams((query) => {
                    const next = withListChange(query, 'candidate', '');
                    next.delete('candidacy');
                    return next;
                  })
                }
              />
            )}
            <ListTotal total={threads.data?.total} singular="discussion" plural="discussions" />
          </div>
          {threads.isPending && promotionId !== null ? (
            <div className="flex justify-center p-6">
              <Spinner />
            </div>
          ) : threads.data && threads.data.data.length > 0 ? (
            <ul className="flex flex-col divide-y divide-slate-100 rounded-md border border-slate-200 bg-white">
              {threads.data.data.map((thread) => (
                <ThreadRow key={thread.id} thread={thread} active={thread.id === threadId} href={`/messages/${thread.id}${suffix}`} />
              ))}
            </ul>
          ) : (
            <p className="rounded-md border border-dashed border-slate-300 p-4 text-sm text-slate-600">Aucune discussion.</p>
          )}
          {threads.data && (
            <Pagination
              currentPage={threads.data.current_page}
              lastPage={threads.data.last_page}
              onPageChange={(page) => change('page', String(page))}
            />
          )}
        </section>

        <div className={cn('min-w-0 rounded-md border border-slate-200 bg-white p-4', threadId === null && 'hidden lg:block')}>
          {threadId !== null ? (
            <>
              <Link to={`/messages${suffix}`} className="mb-3 inline-block text-sm text-brand-700 underline lg:hidden">
                Retour aux discussions
              </Link>
              <ThreadConversation key={threadId} threadId={threadId} />
            </>
          ) : (
            <p className="text-sm text-slate-600">Choisissez une discussion pour la lire.</p>
          )}
        </div>
      </div>

      {composing && promotionId !== null && (
        <NewThreadModal
          open
          onOpenChange={handleCloseComposer}
          promotionId={promotionId}
          presetCandidateId={params.candidate ?? undefined}
          candidacyId={params.candidacy ?? undefined}
          onCreated={(thread) => navigate(`/messages/${thread.id}${suffix}`)}
        />
      )}
    </div>
  );
};
