import type { RouteDef } from '@promovente/shared';
import type { UIMatch } from 'react-router';

/** What each route carries: its screen title, and for the guarded table routes their definition. */
export type RouteHandle = { title: string; route?: RouteDef };

const handleOf = (match: UIMatch) => match.handle as RouteHandle | undefined;

/** The deepest route's screen title. */
export const titleOfMatches = (matches: UIMatch[]): string => {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const title = handleOf(matches[i])?.title;
    if (title) return title;
  }
  return '';
};

/** The deepest route's definition from the shared table, if it has one. */
export const routeOfMatches = (matches: UIMatch[]): RouteDef | null => {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const route = handleOf(matches[i])?.route;
    if (route) return route;
  }
  return null;
};
