import { RANKED_POSITIONS } from '@promovente/shared';
import { sql } from 'drizzle-orm';

/**
 * The ranked positions of a lot (1-3, the shared rule of packages/shared/src/rules/positions.ts)
 * as an SQL list, `a.priority in ${RANKED_POSITIONS_SQL}`: written from the one constant, as a
 * literal rather than parameters so that the statement reads like a constant to the planner.
 */
export const RANKED_POSITIONS_SQL = sql.raw(`(${RANKED_POSITIONS.join(', ')})`);
