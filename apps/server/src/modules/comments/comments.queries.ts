import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client.js';
import { comments, users } from '../../db/schema/index.js';

const creators = alias(users, 'creator');

export const findComment = async (db: Queryable, id: number) => {
  const [row] = await db
    .select({
      comment: comments,
      creator: { id: creators.id, firstName: creators.firstName, lastName: creators.lastName, picture: creators.profilePicture },
    })
    .from(comments)
    .leftJoin(creators, eq(creators.id, comments.createdById))
    .where(eq(comments.id, id));
  return row ?? null;
};
