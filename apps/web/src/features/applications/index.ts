/** Application pieces other screens compose: the 'assign lot' modal (candidates and lots screens). */
export { attributionQueryKey } from './api/attribution';
export { attributionState, lotOptionLabel } from './attribution';
export { AttributeLotModal } from './components/AttributeLotModal';
export { AttributeLotToCandidacyModal } from './components/AttributeLotToCandidacyModal';
/** The funnel's four status colours (0 to 3), which the candidate record shows too. */
export { APPLICATION_STATUS_BADGE_CLASSES } from './funnel-view';
