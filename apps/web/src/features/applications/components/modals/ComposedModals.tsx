import { APPLICATION_ACTIONS, type CandidacyDetail, can } from '@promovente/shared';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button } from '../../../../components/ui/Button';
import { Modal } from '../../../../components/ui/Modal';
import { Spinner } from '../../../../components/ui/Spinner';
import { actorOf, inDemoMode, useUser } from '../../../../lib/auth';
import { CandidateFormModal, CommentsModal, DeleteCandidacyModal, FilesModal, useCandidacy } from '../../../candidates';
import { AddTaskModal, TaskHistoryModal } from '../../../tasks';
import { NewThreadModal } from '../../../threads';
import { invalidateAfterApplicationCommand } from '../../api/commands';
import { type ApplicationModalProps, closeOnDismiss } from './modal-kit';

/**
 * The funnel's second menu column acts on the row's main candidacy and reuses the candidates,
 * tasks and threads screens' own modals (docs/product/funnel.md#screens).
 */

/** 'Candidat – lot A12', in the task modals' titles. */
const subjectOf = ({ application }: Pick<ApplicationModalProps, 'application'>) =>
  `${application.candidacy1.candidate.full_name} – lot ${application.lot.reference}`;

/** Loads the main candidacy the candidates' modals need, then renders them. */
const WithCandidacy = ({
  application,
  title,
  onClose,
  children,
}: ApplicationModalProps & { title: string; children: (candidacy: CandidacyDetail) => ReactNode }) => {
  const candidacy = useCandidacy(application.candidacy1.id);
  if (candidacy.data) return children(candidacy.data);
  return (
    <Modal open onOpenChange={closeOnDismiss(onClose)} title={title}>
      <div className="flex justify-center py-6">
        {candidacy.isError ? (
          <Button variant="secondary" onClick={onClose}>
            Fermer
          </Button>
        ) : (
          <Spinner />
        )}
      </div>
    </Modal>
  );
};

/** Refreshes the funnel after a change made in another screen's modal (names, tasks, deletion). */
const useCloseAndRefresh = (onClose: () => void) => {
  const queryClient = useQueryClient();
  return () => {
    onClose();
    void invalidateAfterApplicationCommand(queryClient);
  };
};

export const AddApplicationTaskModal = ({ application, onClose }: ApplicationModalProps) => {
  const refresh = useCloseAndRefresh(onClose);
  return (
    <AddTaskModal
      open
      onOpenChange={closeOnDismiss(onClose)}
      promotionId={application.promotion_id}
      target="application"
      targetId={application.id}
      onAdded={refresh}
    />
  );
};

export const ApplicationTasksHistoryModal = ({ application, onClose }: ApplicationModalProps) => (
  <TaskHistoryModal
    open
    onOpenChange={closeOnDismiss(onClose)}
    target="application"
    targetId={application.id}
    subject={subjectOf({ application })}
  />
);

export const ApplicationCommentsModal = ({ application, onClose }: ApplicationModalProps) => (
  <WithCandidacy application={application} onClose={onClose} title={APPLICATION_ACTIONS.comments.label}>
    {(candidacy) => <CommentsModal row={candidacy} onClose={onClose} />}
  </WithCandidacy>
);

export const ApplicationFilesModal = ({ application, onClose }: ApplicationModalProps) => {
  const user = useUser().data;
  const canUpload = Boolean(user && can(actorOf(user), 'file.upload')) && !inDemoMode(user);
  return (
    <WithCandidacy application={application} onClose={onClose} title={APPLICATION_ACTIONS.files.label}>
      {(candidacy) => <FilesModal row={candidacy} canUpload={canUpload} onClose={onClose} />}
    </WithCandidacy>
  );
};

/** Offered only to a broker of the candidacy's agency (the shared menu rule), so the form is editable. */
export const EditApplicationCandidateModal = ({ application, onClose }: ApplicationModalProps) => {
  const refresh = useCloseAndRefresh(onClose);
  return <CandidateFormModal mode="edit" candidacyId={application.candidacy1.id} readOnly={false} onClose={refresh} />;
};

export const DeleteApplicationCandidateModal = ({ application, onClose }: ApplicationModalProps) => {
  const refresh = useCloseAndRefresh(onClose);
  return (
    <WithCandidacy application={application} onClose={onClose} title={APPLICATION_ACTIONS.deleteCandidate.label}>
      {(candidacy) => <DeleteCandidacyModal row={candidacy} onClose={refresh} />}
    </WithCandidacy>
  );
};

/** 'Nouvelle discussion' with the main candidate, about his candidacy. */
export const ApplicationNewThreadModal = ({ application, onClose }: ApplicationModalProps) => {
  const { candidate } = application.candidacy1;
  return (
    <NewThreadModal
      open
      onOpenChange={closeOnDismiss(onClose)}
      promotionId={application.promotion_id}
      candidacyId={application.candidacy1.id}
      recipient={{ id: candidate.id, base_class: 'candidate', full_name: candidate.full_name }}
    />
  );
};
