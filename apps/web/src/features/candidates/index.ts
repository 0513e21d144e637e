/** Candidate pieces other screens compose (the sales funnel's candidacy actions, docs/product/funnel.md#screens). */
export { candidacyKeys } from './api/get-candidacies';
export { useCandidacy } from './api/get-candidacy';
export { CandidateFormModal } from './components/CandidateFormModal';
export { CommentsModal } from './components/CommentsModal';
export { DeleteCandidacyModal } from './components/DeleteCandidacyModal';
export { FilesModal } from './components/FilesModal';
