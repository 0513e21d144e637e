/**
 * The displayed lot status (docs/sales-process.md#2-lots-built): the highest live application decides it
 * (0 -> 2 Optionné, 1 -> 3 Réservé, 2 or 3 -> 4 Signé); with none, the raw status shows.
 */
export const deriveLotStatus = (rawStatus: number, liveApplicationStatuses: readonly number[]): number => {
  if (liveApplicationStatuses.length === 0) return rawStatus;
  const highest = Math.max(...liveApplicationStatuses);
  if (highest >= 2) return 4;
  return highest === 1 ? 3 : 2;
};

/** Candidacy status from its best live application (docs/sales-process.md#3-positions-and-4-the-application-lifecycle-built). */
export const candidacyStatusForApplication = (applicationStatus: number | null): number =>
  applicationStatus === null ? 0 : applicationStatus + 3;

/**
 * Candidacy status follows the best application, only upward; 'Non retenu' (1) and
 * 'Non retenu CP' (2) are set by hand and left alone while there is no live application.
 */
export const deriveCandidacyStatus = (current: number, bestLiveApplicationStatus: number | null): number => {
  if (bestLiveApplicationStatus === null) return current;
  const derived = candidacyStatusForApplication(bestLiveApplicationStatus);
  if (current === 1 || current === 2) return derived;
  return Math.max(current, derived);
};
