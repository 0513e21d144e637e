import {
  formatCHF,
  formatDateTime,
  formatPercent,
  HOME_MESSAGES,
  type HomeApplicationProgress,
  type HomeData,
  homeBrokerTitle,
  routeByName,
} from '@promovente/shared';
import { Check, FileText, Mail, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/Avatar';
import { Carousel } from '../../../components/ui/Carousel';
import { Spinner } from '../../../components/ui/Spinner';
import { useUser } from '../../../lib/auth';
import { useHome } from '../api/home';

const Card = ({ title, children, className }: { title: string; children: React.ReactNode; className?: string }) => (
  <section aria-label={title} className={`rounded-lg border border-slate-200 bg-white p-4 ${className ?? ''}`}>
    <h2 className="mb-3 text-sm font-semibold text-slate-800">{title}</h2>
    {children}
  </section>
);

/** One application's five milestones, its next step and the reservation form's link (docs/product/home.md#screens). */
const ApplicationProgress = ({ application }: { application: HomeApplicationProgress }) => (
  <div className="space-y-3">
    <p className="text-sm text-slate-700">
      Lot <strong>{application.lot}</strong> · {application.status_text}
    </p>
    <ol className="grid grid-cols-1 gap-1 sm:grid-cols-5" aria-label="Étapes du dossier">
      {application.milestones.map((milestone) => (
        <li
          key={milestone.key}
          className={`flex items-center gap-2 rounded px-2 py-1 text-xs ${milestone.done ? 'bg-emerald-50 text-emerald-900' : 'bg-slate-50 text-slate-600'}`}
        >
          {milestone.done ? (
            <Check className="size-3.5 shrink-0" aria-label="Franchie" />
          ) : (
            <span className="size-3.5 shrink-0" aria-hidden="true" />
          )}
          <span>
            <span className="font-semibold">{milestone.key}</span> {milestone.label}
          </span>
        </li>
      ))}
    </ol>
    <p className="text-sm text-slate-800">
      {application.next_step ? (
        <>
          {HOME_MESSAGES.nextStep} : <strong>{application.next_step.label}</strong>
          {application.next_step.date && <> , prévue le {formatDateTime(application.next_step.date)}</>}
        </>
      ) : (
        HOME_MESSAGES.allDone
      )}
    </p>
    {application.reservation_form_path && (
      <Link
        to={application.reservation_form_path}
        className="inline-block rounded-md bg-sky-700 px-3 py-2 text-sm font-medium text-white hover:bg-sky-800"
      >
        {application.reservation_form_state === 'filled' ? HOME_MESSAGES.reservationFormEdit : HOME_MESSAGES.reservationFormOpen}
      </Link>
    )}
  </div>
);

/** What each reader came for first (docs/product/home.md#rules). */
const ReaderBlock = ({ data }: { data: HomeData }) => {
  if (data.applications) {
    return (
      <Card title={HOME_MESSAGES.progressTitle}>
        {data.applications.length === 0 ? (
          <p className="text-sm text-slate-600">{HOME_MESSAGES.noApplication}</p>
        ) : (
          <div className="space-y-5">
            {data.applications.map((application) => (
              <ApplicationProgress key={application.id} application={application} />
            ))}
          </div>
        )}
      </Card>
    );
  }
  if (data.notary) {
    return (
      <div className="grid gap-4 md:grid-cols-2">
        <Card title={HOME_MESSAGES.tasksTitle}>
          {data.notary.tasks.length === 0 ? (
            <p className="text-sm text-slate-600">{HOME_MESSAGES.noTasks}</p>
          ) : (
            <ul className="space-y-2 text-sm">
              {data.notary.tasks.map((task) => (
                <li key={task.id}>
                  <span className="font-medium">{task.title}</span>
                  {task.candidate && <> · {task.candidate}</>} · {formatDateTime(task.end_at)}
                </li>
              ))}
            </ul>
          )}
          {data.notary.tasks_total > data.notary.tasks.length && (
            <Link to={routeByName('tasks').path} className="mt-2 inline-block text-sm text-sky-700 underline">
              Toutes mes actions ({data.notary.tasks_total})
            </Link>
          )}
        </Card>
        <Card title={HOME_MESSAGES.signingsTitle}>
          {data.notary.signings.length === 0 ? (
            <p className="text-sm text-slate-600">{HOME_MESSAGES.noSignings}</p>
          ) : (
            <ul className="space-y-2 text-sm">
              {data.notary.signings.map((signing) => (
                <li key={`${signing.kind}-${signing.application_id}`}>
                  {formatDateTime(signing.date)} · {signing.kind === 'act' ? 'Acte de vente' : 'Promesse de vente'} · lot {signing.lot} ·{' '}
                  {signing.candidate}
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    );
  }
  if (data.status_cards) {
    return (
      <Card title={HOME_MESSAGES.figuresTitle}>
        <ul className="grid grid-cols-2 gap-3 md:grid-cols-4">
          {data.status_cards.map((card) => (
            <li key={card.key} className="rounded-md bg-slate-50 p-3">
              <p className="text-xs font-medium text-slate-600">{card.label}</p>
              <p className="text-lg font-semibold text-slate-900">{card.count}</p>
              <p className="text-xs text-slate-600">
                {formatCHF(card.amount)} · {formatPercent(card.percentage)}
              </p>
            </li>
          ))}
        </ul>
      </Card>
    );
  }
  return null;
};

/**
 * The home of candidates, notaries and investors (docs/product/home.md#screens): the promotion
 * header, the reader's own block, the carousel of the albums marked for the home page, the broker
 * card and the brochure card. It works on a 390 px phone.
 */
export const HomePage = () => {
  const user = useUser().data;
  const home = useHome(user?.preferences.selected_promotion ?? null);
  if (!user?.preferences.selected_promotion) return <p className="text-sm text-slate-600">Aucune promotion sélectionnée.</p>;
  const data = home.data;
  if (!data) return <Spinner />;
  return (
    <div className="mx-auto max-w-5xl space-y-4">
      <header className="flex items-center gap-3">
        {data.promotion.logo && (
          <img src={data.promotion.logo} alt={`Logo ${data.promotion.title}`} className="size-14 rounded object-contain" />
        )}
        <h1 className="text-xl font-semibold text-slate-900">{data.promotion.title}</h1>
      </header>
      <ReaderBlock data={data} />
      {/* One column on a phone whose width never grows with its content (a long name, a long e-mail). */}
      <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
        <Card title={HOME_MESSAGES.carouselTitle} className="min-w-0 md:col-span-2">
          {data.slides.length === 0 ? (
            <p className="text-sm text-slate-600">{HOME_MESSAGES.noSlides}</p>
          ) : (
            <Carousel slides={data.slides} />
          )}
        </Card>
        <div className="min-w-0 space-y-4">
          <Card title={homeBrokerTitle(user.type)}>
            {data.broker ? (
              <div className="flex items-start gap-3">
                <Avatar name={data.broker.full_name} src={data.broker.profile_picture} />
                <div className="min-w-0 text-sm">
                  <p className="font-medium wrap-anywhere text-slate-900">{data.broker.full_name}</p>
                  <a href={`mailto:${data.broker.email}`} className="flex items-center gap-1 break-all text-sky-700 underline">
                    <Mail className="size-3.5 shrink-0" aria-hidden="true" />
                    {data.broker.email}
                  </a>
                  {data.broker.phone && (
                    <a href={`tel:${data.broker.phone.replace(/\s/g, '')}`} className="flex items-center gap-1 text-sky-700 underline">
                      <Phone className="size-3.5 shrink-0" aria-hidden="true" />
                      {data.broker.phone}
                    </a>
                  )}
                </div>
              </div>
            ) : (
              <p className="text-sm text-slate-600">{HOME_MESSAGES.noBroker}</p>
            )}
          </Card>
          <Card title={HOME_MESSAGES.brochureTitle}>
            {data.brochure ? (
              <a
                href={data.brochure.url}
                target="_blank"
                rel="noopener noreferrer"
                className="flex items-center gap-2 text-sm text-sky-700 underline"
              >
                <FileText className="size-4" aria-hidden="true" />
                {HOME_MESSAGES.brochureOpen}
              </a>
            ) : (
              <p className="text-sm text-slate-600">{HOME_MESSAGES.noBrochure}</p>
            )}
          </Card>
        </div>
      </div>
    </div>
  );
};
