import type { QueryClient } from '@tanstack/react-query';

/**
 * The roots of the query keys of the sales floor: what a sale step (an attribution, a command on
 * an application, a candidacy's move) can change besides its own row: the lot's status and
 * positions, the candidacy's status, the funnel, the process tasks and the positions the 'assign
 * lot' modals offer. Each feature's keys start with its root; the step refreshes every root, so a
 * screen opened next never shows what was true before it (a candidate still 'Prospect' after his
 * lot was attributed from the lots screen).
 */
export const SALES_QUERY_ROOTS = {
  applications: ['applications'],
  lots: ['lots'],
  candidacies: ['candidacies'],
  tasks: ['tasks'],
  attribution: ['attribution'],
} as const;

/** Refreshes every screen of the sales floor after a sale step. */
export const invalidateSalesQueries = (queryClient: QueryClient) =>
  Promise.all(Object.values(SALES_QUERY_ROOTS).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
