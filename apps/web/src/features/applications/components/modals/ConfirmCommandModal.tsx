import { APPLICATION_ACTIONS, type ApplicationRow, formatDateTime, PIPELINE_MESSAGES, PROCESS_TASKS } from '@promovente/shared';
import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../../components/ui/Button';
import { Modal } from '../../../../components/ui/Modal';
import { type ApplicationCommand, useApplicationCommand } from '../../api/commands';
import { candidateNames } from './modal-helpers';
import { type ApplicationModalProps, ApplicationSummary, closeOnDismiss } from './modal-kit';

/** The steps a click confirms, without any field (docs/product/funnel.md#screens and docs/product/calls.md#command-dispatcher): the commands of CONFIRMATIONS. */
export type ConfirmAction = keyof typeof CONFIRMATIONS;

type Confirmation = {
  question: (application: ApplicationRow) => ReactNode;
  confirmLabel: string;
  /** An irreversible step: red button and warning. */
  danger?: boolean;
  /** The spec's own success text; otherwise the server's message. */
  successMessage?: string;
};

/** The call for funds' dates are shown in Swiss time, like every date (Europe/Zurich keeps the clock changes of the spec's Europe/Paris). */
const CallForFundsDetails = ({ application }: { application: ApplicationRow }) => {
  const task = application.tasks.find((t) => t.title === PROCESS_TASKS.send_call_for_funds.title && !t.done_at);
  return (
    <dl className="mt-3 space-y-1 text-sm">
      {application.act_of_purchase_at && (
        <div className="flex gap-2">
          <dt className="text-slate-600">Signature de l'acte prévue le</dt>
          <dd className="font-medium text-slate-900">{formatDateTime(application.act_of_purchase_at)} (heure suisse)</dd>
        </div>
      )}
      {task && (
        <div className="flex gap-2">
          <dt className="text-slate-600">Échéance de l'appel de fonds</dt>
          <dd className="font-medium text-slate-900">{formatDateTime(task.end_at)} (heure suisse)</dd>
        </div>
      )}
    </dl>
  );
};

const recipientsOf = (application: ApplicationRow) =>
  [application.candidacy1, application.candidacy2]
    .filter((candidacy) => candidacy !== null)
    .map(({ candidate }) => (candidate.email ? `${candidate.full_name} (${candidate.email})` : candidate.full_name))
    .join(', ');

export const CONFIRMATIONS = {
  advanceDepositReceived: {
    question: (a) =>
      `Confirmez-vous la réception de l'acompte de réservation pour le lot ${a.lot.reference} ? Le dossier passera au statut Réservé.`,
    confirmLabel: 'Confirmer le paiement',
    successMessage: PIPELINE_MESSAGES.depositPaid,
  },
  ClientSolvent: {
    question: (a) => `Confirmez-vous que ${candidateNames(a)} ${a.candidacy2 ? 'sont solvables' : 'est solvable'} ?`,
    confirmLabel: 'Confirmer',
  },
  clientNonSolvent: {
    question: (a) =>
      `Confirmez-vous que ${candidateNames(a)} ${a.candidacy2 ? 'ne sont pas solvables' : "n'est pas solvable"} ? Le courtier sera notifié.`,
    confirmLabel: 'Confirmer',
  },
  agreementFundsReceived: {
    question: (a) =>
      `Confirmez-vous la réception des fonds de la promesse pour le lot ${a.lot.reference} ? Le dossier passera au statut Promesse de vente.`,
    confirmLabel: 'Confirmer la réception',
  },
  draftActSent: {
    question: (a) => `Confirmez-vous l'envoi du projet d'acte pour le lot ${a.lot.reference} ?`,
    confirmLabel: "Confirmer l'envoi",
  },
  callForFundsSent: {
    question: (a) => (
      <>
        Confirmez-vous l'envoi de l'appel de fonds pour le lot {a.lot.reference} ?
        <CallForFundsDetails application={a} />
      </>
    ),
    confirmLabel: "Confirmer l'envoi",
  },
  actOfPurchaseSigned: {
    question: (a) =>
      `Confirmez-vous la signature de l'acte pour le lot ${a.lot.reference} ? Le dossier passera au statut Vendu et les autres dossiers en cours sur ce lot seront clôturés.`,
    confirmLabel: 'Confirmer la signature',
    successMessage: PIPELINE_MESSAGES.actSigned,
  },
  sendNewAccess: {
    question: (a) => `De nouveaux accès seront envoyés par e-mail à ${recipientsOf(a)}. Leur ancien mot de passe ne fonctionnera plus.`,
    confirmLabel: 'Envoyer les accès',
  },
  deleteApplication: {
    question: (a) =>
      `Le dossier de vente de ${candidateNames(a)} sur le lot ${a.lot.reference} sera supprimé et sa position sur le lot libérée. Cette action est irréversible.`,
    confirmLabel: 'Supprimer',
    danger: true,
  },
} satisfies { [Name in ApplicationCommand]?: Confirmation };

/** A step confirmed by one click; its success toast is the spec's text or the server's message. */
export const ConfirmCommandModal = ({ action, application, onClose }: ApplicationModalProps & { action: ConfirmAction }) => {
  const confirmation: Confirmation = CONFIRMATIONS[action];
  const command = useApplicationCommand(action, application.id, { onDone: onClose, successMessage: confirmation.successMessage });
  return (
    <Modal
      open
      onOpenChange={closeOnDismiss(onClose)}
      title={APPLICATION_ACTIONS[action].label}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Annuler
          </Button>
          <Button variant={confirmation.danger ? 'danger' : 'primary'} loading={command.isPending} onClick={() => command.mutate({})}>
            {confirmation.confirmLabel}
          </Button>
        </>
      }
    >
      <ApplicationSummary application={application} />
      <div
        className={
          confirmation.danger ? 'flex items-start gap-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-900' : 'text-sm text-slate-700'
        }
      >
        {confirmation.danger && <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />}
        <div>{confirmation.question(application)}</div>
      </div>
    </Modal>
  );
};
