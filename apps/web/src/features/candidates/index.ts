/** Candidate pieces other screens compose (the sales funnel's candidacy actions, spec part 2, 2.2). */
export { candidacyKeys } from './api/get-candidacies';
export { useCandidacy } from './api/get-candidacy';
export { CandidateFormModal } from './components/CandidateFormModal';
export { CommentsModal } from './components/CommentsModal';
export { DeleteCandidacyModal } from './components/DeleteCandidacyModal';
export { FilesModal } from './components/FilesModal';
