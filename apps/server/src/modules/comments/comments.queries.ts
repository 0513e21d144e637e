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

export type FoundComment = NonNullable<Awaited<ReturnType<typeof findComment>>>;

/**
 * A new comment, answered as findComment reads it, in one statement (the insert in a WITH, its
 * row joined to its author and candidate): each statement of a write is a round trip on which the
 * transaction waits for the server's turn (docs/performance.md, 'The second design').
 */
export const insertComment = async (db: Queryable, values: typeof comments.$inferInsert): Promise<FoundComment> => {
  const inserted = db.$with('inserted').as(db.insert(comments).values(values).returning());
  const [row] = await db
    .with(inserted)
    .select({
      comment: {
        id: inserted.id,
        promotionId: inserted.promotionId,
        candidacyId: inserted.candidacyId,
        comment: inserted.comment,
        createdById: inserted.createdById,
        createdAt: inserted.createdAt,
        updatedAt: inserted.updatedAt,
      },
      creator: { id: creators.id, firstName: creators.firstName, lastName: creators.lastName, picture: creators.profilePicture },
      candidate: { firstName: candidates.firstName, lastName: candidates.lastName },
    })
    .from(inserted)
    .leftJoin(creators, eq(creators.id, inserted.createdById))
    .leftJoin(candidacies, eq(candidacies.id, inserted.candidacyId))
    .leftJoin(candidates, eq(candidates.id, candidacies.candidateId));
  return row;
};
