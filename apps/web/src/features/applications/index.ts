/** Application pieces other screens compose: the 'assign lot' modal (candidates and lots screens). */
export { attributionQueryKey } from './api/attribution';
export { attributionState, lotOptionLabel } from './attribution';
export { AttributeLotModal } from './components/AttributeLotModal';
export { AttributeLotToCandidacyModal } from './components/AttributeLotToCandidacyModal';
