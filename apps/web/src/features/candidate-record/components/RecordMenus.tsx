import {
  APPLICATION_STATUS_LABELS,
  type CandidacyDetail,
  type CandidateRecordDetail,
  FIELD_LABELS,
  formatDate,
  formatDateTime,
  MILESTONE_LABELS,
} from '@promovente/shared';
import { Check, FileText, MessageSquare, Pencil } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { cn } from '../../../components/ui/cn';
import { APPLICATION_STATUS_BADGE_CLASSES } from '../../applications';
import { displayValue, lotDetailsOf, milestonesOf } from '../record-view';

/** The fields of the informations menu, read only (docs/product/candidate-record.md#fields). */
const INFORMATION_FIELDS = [
  'gender',
  'first_name',
  'last_name',
  'email',
  'phone',
  'phone_private',
  'phone_pro',
  'address',
  'zip',
  'city',
  'birthday',
  'birthday_city',
  'place_origin',
  'establishment_permit',
  'already_swiss_owner',
  'job',
  'civil_status',
  'avs',
] as const;

const fieldText = (record: CandidateRecordDetail, field: (typeof INFORMATION_FIELDS)[number]) => {
  if (field === 'gender') return record.gender === 'F' ? 'Madame' : record.gender === 'M' ? 'Monsieur' : '-';
  if (field === 'birthday') return record.birthday ? formatDate(record.birthday) : '-';
  return displayValue(record[field]);
};

export const InformationsMenu = ({ record, onEdit }: { record: CandidateRecordDetail; onEdit?: () => void }) => (
  <section aria-label="Informations" className="space-y-4">
    {onEdit && (
      <div className="flex justify-end">
        <Button variant="secondary" onClick={onEdit}>
          <Pencil className="size-4" aria-hidden="true" />
          Modifier le candidat
        </Button>
      </div>
    )}
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-3">
      {INFORMATION_FIELDS.map((field) => (
        <div key={field} className="min-w-0">
          <dt className="text-xs font-medium text-slate-500">{FIELD_LABELS[field]}</dt>
          <dd className="text-sm break-words text-slate-900">{fieldText(record, field)}</dd>
        </div>
      ))}
    </dl>
  </section>
);

/** The five milestones: a check for each one reached. */
const Milestones = ({ application }: { application: CandidacyDetail['applications'][number] }) => (
  <ul className="flex flex-wrap gap-1.5" aria-label="Étapes">
    {milestonesOf(application).map(({ milestone, checked }) => (
      <li
        key={milestone}
        className={cn(
          'inline-flex items-center gap-1 rounded border px-1.5 py-0.5 text-xs font-medium',
          checked ? 'border-green-700 bg-green-50 text-green-800' : 'border-slate-300 text-slate-500',
        )}
      >
        {checked && <Check className="size-3" aria-hidden="true" />}
        {MILESTONE_LABELS[milestone]}
        <span className="sr-only">{checked ? ' : validé' : ' : non validé'}</span>
      </li>
    ))}
  </ul>
);

/** Each candidacy with its promotion and VIP flag, then its applications: status colour, lot and milestones. */
export const CandidaturesMenu = ({ record }: { record: CandidateRecordDetail }) =>
  record.candidacies.length === 0 ? (
    <p className="text-sm text-slate-600">Aucune candidature.</p>
  ) : (
    <div className="space-y-4">
      {record.candidacies.map((candidacy) => (
        <section
          key={candidacy.id}
          aria-label={`Candidature ${candidacy.promotion.title}`}
          className="rounded-lg border border-slate-200 bg-white"
        >
          <header className="flex flex-wrap items-center gap-2 border-b border-slate-100 px-4 py-3">
            <h3 className="text-sm font-semibold text-slate-900">{candidacy.promotion.title}</h3>
            {candidacy.vip && <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">VIP</span>}
            <span className="text-xs text-slate-600">{candidacy.status_text}</span>
            {candidacy.broker && <span className="ml-auto text-xs text-slate-600">Courtier : {candidacy.broker.full_name}</span>}
          </header>
          {candidacy.applications.length === 0 ? (
            <p className="px-4 py-3 text-sm text-slate-600">Aucun dossier de vente en cours.</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {candidacy.applications.map((application) => (
                <li key={application.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
                  <span
                    className={cn(
                      'inline-flex rounded px-2 py-0.5 text-xs leading-4 font-semibold',
                      APPLICATION_STATUS_BADGE_CLASSES[application.status],
                    )}
                  >
                    {application.status_text || APPLICATION_STATUS_LABELS[application.status]}
                  </span>
                  <div className="min-w-0 text-sm text-slate-900">
                    <p>
                      <span className="font-medium">{application.lot.reference}</span> {application.lot.title}
                    </p>
                    <dl className="mt-0.5 flex flex-wrap gap-x-3 text-xs text-slate-600">
                      {lotDetailsOf(application.lot).map((detail) => (
                        <div key={detail.label} className="flex gap-1">
                          <dt className="sr-only">{detail.label}</dt>
                          <dd>{detail.value}</dd>
                        </div>
                      ))}
                    </dl>
                  </div>
                  <Milestones application={application} />
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );

/** One line per candidacy with a button that opens the reused modal (documents or comments). */
export const CandidacyModalsMenu = ({
  record,
  kind,
  onOpen,
}: {
  record: CandidateRecordDetail;
  kind: 'documents' | 'commentaires';
  onOpen: (candidacy: CandidacyDetail) => void;
}) =>
  record.candidacies.length === 0 ? (
    <p className="text-sm text-slate-600">Aucune candidature.</p>
  ) : (
    <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
      {record.candidacies.map((candidacy) => {
        const count = kind === 'documents' ? candidacy.files_count : candidacy.comments_count;
        const label = kind === 'documents' ? `Documents (${count})` : `Commentaires (${count})`;
        return (
          <li key={candidacy.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
            <span className="text-sm font-medium text-slate-900">{candidacy.promotion.title}</span>
            <Button variant="secondary" size="sm" onClick={() => onOpen(candidacy)} aria-label={`${label} : ${candidacy.promotion.title}`}>
              {kind === 'documents' ? (
                <FileText className="size-4" aria-hidden="true" />
              ) : (
                <MessageSquare className="size-4" aria-hidden="true" />
              )}
              {label}
            </Button>
          </li>
        );
      })}
    </ul>
  );

/** The threads about the candidate the broker takes part in, each opening its conversation. */
export const MessagesMenu = ({ record, onNewThread }: { record: CandidateRecordDetail; onNewThread?: () => void }) => (
  <section aria-label="Messages" className="space-y-3">
    {onNewThread && (
      <div className="flex justify-end">
        <Button onClick={onNewThread}>Nouvelle discussion</Button>
      </div>
    )}
    {record.threads.length === 0 ? (
      <p className="text-sm text-slate-600">Aucune discussion.</p>
    ) : (
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
        {record.threads.map((thread) => (
          <li key={thread.id}>
            <Link to={`/messages/${thread.id}`} className="flex flex-wrap items-center gap-3 px-4 py-3 hover:bg-slate-50">
              <span className="min-w-0 flex-1">
                <span className="block text-sm font-medium text-slate-900">{thread.title}</span>
                <span className="block text-xs text-slate-600">
                  {thread.interlocutor ? `Avec ${thread.interlocutor.full_name} · ` : ''}
                  {formatDateTime(thread.last_message_at)}
                </span>
              </span>
              <span className="text-xs text-slate-600">
                {thread.messages_count} {thread.messages_count > 1 ? 'messages' : 'message'}
              </span>
              {thread.unread_count > 0 && (
                <span className="rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">
                  {thread.unread_count} non lu(s)
                </span>
              )}
            </Link>
          </li>
        ))}
      </ul>
    )}
  </section>
);
