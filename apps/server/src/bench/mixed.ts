/**
 * The mixed phase of `npm run bench` (docs/performance.md, 'The mixed phase'): the sales floor of
 * a firm at once, 50 users of 20 promotions (the biggest and typical ones), each on his own
 * connection, reading the screens of his promotion (lots, candidates, funnel, dashboard, his
 * account, sorted and paged) with 1 request in 10 a write (a comment on a candidacy of his
 * agency, through the command pipeline), which raises his promotion's version: the reads after it
 * run their SQL again. Reported: req/s, p50, p95, p99, and the answer cache's hit rate.
 */

/** A staff member of a promotion, as the bench server picks them. */
export type FloorMember = { email: string; promotionId: number; candidacyId: number };

/**
 * Deals `users` seats over the promotions, one member per promotion in turn (biggest first), so
 * that every promotion has readers and the biggest has as many as the typical ones; a promotion
 * short of members gives its seat to the next.
 */
export const dealSeats = (membersByPromotion: FloorMember[][], users: number): FloorMember[] => {
  const seats: FloorMember[] = [];
  const taken = new Set<string>();
  for (let round = 0; seats.length < users; round++) {
    let dealt = false;
    for (const members of membersByPromotion) {
      if (seats.length >= users) break;
      const member = members[round];
      if (!member) continue;
      const key = `${member.email}|${member.promotionId}`;
      if (taken.has(key)) continue;
      taken.add(key);
      seats.push(member);
      dealt = true;
    }
    if (!dealt) break;
  }
  return seats;
};

/** What one user of the floor reads in his promotion: the main screens, sorted and paged. */
export const readsOf = (
  promotionId: number,
  sorts: { lots: readonly string[]; candidacies: readonly string[]; applications: readonly string[] },
) => {
  const p = promotionId;
  const paths = [`/api/lots?promotion=${p}`, `/api/candidacies?promotion=${p}`, `/api/applications?promotion=${p}`];
  paths.push(`/api/analytics/dashboard?promotion=${p}`, '/api/user', `/api/actions?promotion=${p}`);
  for (const [route, columns] of [
    ['/api/lots', sorts.lots],
    ['/api/candidacies', sorts.candidacies],
    ['/api/applications', sorts.applications],
  ] as const) {
    for (const column of columns.slice(0, 3)) paths.push(`${route}?promotion=${p}&orderBy=${column}&order=desc`);
    paths.push(`${route}?promotion=${p}&page=2`);
  }
  return paths;
};

/** The value at or below which `share` of the samples fall (nearest rank). */
export const percentile = (samples: readonly number[], share: number) => {
  if (samples.length === 0) return 0;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil(share * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
};

/**
 * A small deterministic generator, mulberry32 (the same run twice makes the same requests); even
 * seeds 1, 2, 3 give well-spread draws from the first one.
 */
export const seededRandom = (seed: number) => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
};
