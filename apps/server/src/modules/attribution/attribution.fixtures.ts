import type { Db } from '../../db/client.js';
import { applications, candidacies, candidates } from '../../db/schema/index.js';

let counter = 0;

/** A candidate and his candidacy in a promotion (tests of this module and of tasks). */
export const createCandidacy = async (
  db: Db,
  promotionId: number,
  values: Partial<typeof candidacies.$inferInsert> & { firstName?: string; lastName?: string } = {},
) => {
  counter += 1;
  const { firstName = 'Marie', lastName = `Rochat${counter}`, ...rest } = values;
  const [candidate] = await db
    .insert(candidates)
    .values({ promotionId, firstName, lastName, email: `candidat${counter}-${Date.now()}@test.ch` })
    .returning();
  const [candidacy] = await db
    .insert(candidacies)
    .values({ promotionId, candidateId: candidate.id, ...rest })
    .returning();
  return { candidate, candidacy };
};

export const createApplication = async (db: Db, values: typeof applications.$inferInsert) => {
  const [row] = await db.insert(applications).values(values).returning();
  return row;
};
