/**
 * The statuses module's public entry (docs/architecture.md, 'Module boundaries'): the lot and
 * candidacy statuses derived from the live applications, recomputed in the transaction of a
 * change by the pipeline, the attribution, the reservation form, lots and candidacies.
 */
export { recomputeCandidacyStatuses, recomputeLotStatuses } from './statuses.service.js';
