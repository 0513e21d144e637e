import { formatDateTime, MAIL_STATUS_LABELS, type MailStatus, OUTBOX_MESSAGES, type OutboxMail } from '@promovente/shared';
import { useMatches, useSearchParams } from 'react-router';
import { Badge } from '../../../components/ui/Badge';
import { ListTotal } from '../../../components/ui/ListSummary';
import { Pagination } from '../../../components/ui/Pagination';
import { RecordsTable } from '../../../components/ui/RecordsTable';
import { titleOfMatches } from '../../../lib/route-handle';
import { useOutbox } from '../api/get-outbox';
import { MAIL_FRAME_SANDBOX, mailFrameDocument } from '../mail-frame';

const STATUS_TONES: Record<MailStatus, 'neutral' | 'success' | 'warning' | 'danger'> = {
  pending: 'warning',
  sent: 'success',
  kept: 'neutral',
  failed: 'danger',
};

const pageFrom = (value: string | null) => {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
};

/** One e-mail: who, when, its state, then its body (the HTML part in a sandboxed frame on the local mailbox, else the text). */
const MailReader = ({ mail }: { mail: OutboxMail }) => (
  <article aria-labelledby="mail-subject" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
    <h2 id="mail-subject" className="text-base font-semibold text-slate-900">
      {mail.subject}
    </h2>
    <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
      <dt className="text-slate-500">À</dt>
      <dd className="break-all text-slate-900">{mail.to.join(', ')}</dd>
      {mail.cc.length > 0 && (
        <>
          <dt className="text-slate-500">Copie</dt>
          <dd className="break-all text-slate-900">{mail.cc.join(', ')}</dd>
        </>
      )}
      <dt className="text-slate-500">Date</dt>
      <dd className="text-slate-900">{formatDateTime(mail.created_at)}</dd>
      <dt className="text-slate-500">Statut</dt>
      <dd className="text-slate-900">
        {MAIL_STATUS_LABELS[mail.status]}
        {mail.last_error && <span className="block text-red-700">{mail.last_error}</span>}
      </dd>
    </dl>
    {mail.html !== null ? (
      <iframe
        title={OUTBOX_MESSAGES.body}
        sandbox={MAIL_FRAME_SANDBOX}
        srcDoc={mailFrameDocument(mail.html)}
        className="h-96 w-full rounded border border-slate-200"
      />
    ) : (
      <section aria-label={OUTBOX_MESSAGES.body}>
        <pre className="rounded bg-slate-50 p-3 text-sm whitespace-pre-wrap break-words text-slate-800">{mail.text}</pre>
      </section>
    )}
  </article>
);

/**
 * The admins' 'E-mails' screen (docs/product/mails.md): the e-mails the product sent or kept,
 * newest first, a page at a time, the one chosen shown below the list; page and e-mail in the
 * URL. On the local mailbox an e-mail comes whole and its links work; otherwise its secrets are
 * masked, as the server answers them.
 */
export const MailsPage = () => {
  const title = titleOfMatches(useMatches());
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params.get('page'));
  const chosenId = Number(params.get('mail'));
  const outbox = useOutbox(page);
  const data = outbox.data;
  const chosen = data?.data.find((mail) => mail.id === chosenId) ?? null;

  const setQuery = (next: { page?: number; mail?: number | null }) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next.page !== undefined) {
        if (next.page > 1) updated.set('page', String(next.page));
        else updated.delete('page');
        updated.delete('mail');
      }
      if (next.mail !== undefined) {
        if (next.mail === null) updated.delete('mail');
        else updated.set('mail', String(next.mail));
      }
      return updated;
    });

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-baseline gap-x-4 gap-y-2">
        <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
        <ListTotal total={data?.total} singular="e-mail" plural="e-mails" />
      </div>
      {data && (
        <p role="status" className="rounded-md border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-900">
          {data.local_mailbox ? OUTBOX_MESSAGES.localMailbox : OUTBOX_MESSAGES.masked}
        </p>
      )}
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white p-3">
        <RecordsTable
          pending={!data && !outbox.isError}
          rows={data?.data ?? []}
          rowKey={(mail) => mail.id}
          empty={OUTBOX_MESSAGES.empty}
          columns={[
            // On a phone the date may take two lines and a subject break inside a word: the table never scrolls sideways.
            { label: 'Date', cell: (mail) => formatDateTime(mail.created_at), className: 'sm:whitespace-nowrap' },
            { label: 'Destinataire', cell: (mail) => mail.to.join(', '), className: 'break-all' },
            {
              label: 'Objet',
              cell: (mail) => (
                <button
                  type="button"
                  aria-current={mail.id === chosen?.id ? 'true' : undefined}
                  onClick={() => setQuery({ mail: mail.id })}
                  className="text-left text-brand-700 underline-offset-2 [overflow-wrap:anywhere] hover:underline aria-[current=true]:font-semibold"
                >
                  {mail.subject}
                </button>
              ),
            },
            {
              label: 'Statut',
              cell: (mail) => <Badge tone={STATUS_TONES[mail.status]}>{MAIL_STATUS_LABELS[mail.status]}</Badge>,
              className: 'whitespace-nowrap',
            },
          ]}
        />
      </div>
      {data && <Pagination currentPage={data.current_page} lastPage={data.last_page} onPageChange={(next) => setQuery({ page: next })} />}
      {chosen ? (
        <MailReader mail={chosen} />
      ) : (
        data && data.data.length > 0 && <p className="text-sm text-slate-600">{OUTBOX_MESSAGES.choose}</p>
      )}
    </div>
  );
};
