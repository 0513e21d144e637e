import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client.js';
import { candidacies, candidates, comments, users } from '../../db/schema/index.js';

const creators = alias(users, 'creator');

/**
 * A comment as the commands answer it, with its author and the name of its candidacy's candidate
 * (the history line's subject), in one statement: a comment is the floor's most frequent write, and
 * each statement of its transaction holds a connection of the pool while the server waits.
 */
export const findComment = async (db: Queryable, id: number) => {
  const [row] = await db
    .select({
      comment: comments,
      creator: { id: creators.id, firstName: creators.firstName, lastName: creators.lastName, picture: creators.profilePicture },
      candidate: { firstName: candidates.firstName, lastName: candidates.lastName },
    })
    .from(comments)
    .leftJoin(creators, eq(creators.id, comments.createdById))
    .leftJoin(candidacies, eq(candidacies.id, comments.candidacyId))
    .leftJoin(candidates, eq(candidates.id, candidacies.candidateId))
    .where(eq(comments.id, id));
  return row ?? null;
};
