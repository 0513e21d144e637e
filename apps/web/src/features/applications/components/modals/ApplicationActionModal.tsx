import type { ApplicationAction, ApplicationRow } from '@promovente/shared';

/** The actions of the funnel's menu that open a modal (history and the PDF do not). */
export type ModalAction = Exclude<ApplicationAction, 'history' | 'downloadPdf'>;

export type ApplicationActionModalProps = {
  action: ModalAction;
  application: ApplicationRow;
  onClose: () => void;
};

/** The modal of one funnel action (spec part 2, 2.2): opens when an action is set, closes when cleared. */
export const ApplicationActionModal = (_props: ApplicationActionModalProps) => null;
