import type { ApplicationAction, ApplicationRow } from '@promovente/shared';
import { useQuery } from '@tanstack/react-query';
import { type ComponentType, useEffect } from 'react';
import { applicationQueryOptions } from '../../api/applications';
import { ApplicationDatesModal, NegotiatePriceModal, UpdateStatusesModal } from './ApplicationFieldsModals';
import {
  AddApplicationTaskModal,
  ApplicationCommentsModal,
  ApplicationFilesModal,
  ApplicationNewThreadModal,
  ApplicationTasksHistoryModal,
  DeleteApplicationCandidateModal,
  EditApplicationCandidateModal,
} from './ComposedModals';
import { type ConfirmAction, ConfirmCommandModal } from './ConfirmCommandModal';
import type { ApplicationModalProps } from './modal-kit';
import { AddCandidacyModal, DetachCandidacyModal } from './PartnerModals';
import { PriorityModal } from './PriorityModal';
import { SendReservationFormModal, UnvalidateReservationFormModal, ValidateReservationFormModal } from './ReservationFormModals';
import { PlanActOfPurchaseModal, ScheduleAgreementModal } from './SigningModals';

/** The actions of the funnel's menu that open a modal (history and the PDF do not). */
export type ModalAction = Exclude<ApplicationAction, 'history' | 'downloadPdf'>;

export type ApplicationActionModalProps = {
  action: ModalAction;
  application: ApplicationRow;
  onClose: () => void;
};

const confirm = (action: ConfirmAction) => (props: ApplicationModalProps) => <ConfirmCommandModal action={action} {...props} />;

/** One modal per action of docs/product/funnel.md#screens. */
const MODALS: Record<ModalAction, ComponentType<ApplicationModalProps>> = {
  sendReservationForm: SendReservationFormModal,
  resendReservationForm: (props) => <SendReservationFormModal resend {...props} />,
  validateReservationForm: ValidateReservationFormModal,
  unvalidateReservationForm: UnvalidateReservationFormModal,
  advanceDepositReceived: confirm('advanceDepositReceived'),
  ClientSolvent: confirm('ClientSolvent'),
  clientNonSolvent: confirm('clientNonSolvent'),
  scheduleAgreement: ScheduleAgreementModal,
  draftActSent: confirm('draftActSent'),
  agreementFundsReceived: confirm('agreementFundsReceived'),
  planActOfPurchase: PlanActOfPurchaseModal,
  callForFundsSent: confirm('callForFundsSent'),
  actOfPurchaseSigned: confirm('actOfPurchaseSigned'),
  negotiatePrice: NegotiatePriceModal,
  updateStatuses: UpdateStatusesModal,
  applicationDates: ApplicationDatesModal,
  updatePriority: PriorityModal,
  addCandidacy: AddCandidacyModal,
  detachCandidacy: DetachCandidacyModal,
  sendNewAccess: confirm('sendNewAccess'),
  deleteApplication: confirm('deleteApplication'),
  addTask: AddApplicationTaskModal,
  tasksHistory: ApplicationTasksHistoryModal,
  comments: ApplicationCommentsModal,
  files: ApplicationFilesModal,
  editCandidate: EditApplicationCandidateModal,
  deleteCandidate: DeleteApplicationCandidateModal,
  newThread: ApplicationNewThreadModal,
};

/**
 * The modal of one funnel action (docs/product/funnel.md#screens): opens when an action is set, closes when
 * cleared. Keyed by action and row, so a new action starts from a fresh form.
 */
export const ApplicationActionModal = ({ action, application, onClose }: ApplicationActionModalProps) => {
  const Selected = MODALS[action];
  return <Selected key={`${action}-${application.id}`} application={application} onClose={onClose} />;
};

/**
 * The modal of an action chosen on a row of the funnel's page. The page's rows are lean (FunnelRow,
 * issue 20): the modal reads the whole application when it opens (GET /applications/:id, read
 * again at each opening, so a form starts from what the application is now), and opens once it
 * has it. A failed read closes it (the call already told the user), and so does Escape before then.
 */
export const FunnelActionModal = ({
  action,
  applicationId,
  onClose,
}: {
  action: ModalAction;
  applicationId: number;
  onClose: () => void;
}) => {
  const query = useQuery({ ...applicationQueryOptions(applicationId), refetchOnMount: 'always' });
  const ready = query.data !== undefined && query.isFetchedAfterMount;
  useEffect(() => {
    if (query.isError) onClose();
  }, [query.isError, onClose]);
  // Escape before the modal has opened cancels it, as it would close it once open.
  useEffect(() => {
    if (ready) return;
    const cancel = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', cancel);
    return () => document.removeEventListener('keydown', cancel);
  }, [ready, onClose]);
  if (!ready || !query.data) return null;
  return <ApplicationActionModal action={action} application={query.data} onClose={onClose} />;
};
