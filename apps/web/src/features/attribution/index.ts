/**
 * The 'assign lot' modals (docs/product/validation.md#assign-lot), from a candidacy (candidates
 * screen) or from a lot (lots screen), and the partner list and priority choices the funnel's
 * modals read too; the server's `modules/attribution`. Below the candidates, lots and
 * applications features, so that each may open them.
 */
export { attributionQueryKey, usePartners } from './api/attribution';
export { PRIORITY_OPTIONS } from './attribution';
export { AttributeLotModal } from './components/AttributeLotModal';
export { AttributeLotToCandidacyModal } from './components/AttributeLotToCandidacyModal';
