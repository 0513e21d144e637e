import { and, eq } from 'drizzle-orm';
import { comments } from '../../db/schema/index.js';
import { forbidden, notFound } from '../../platform/errors.js';
import { toComment } from '../candidacies/candidacies.service.js';
import type { CommandHandlers } from '../commands/index.js';
import { fullName } from '../users/index.js';
import { findComment, insertComment } from './comments.queries.js';

/** Comments on a candidacy (docs/product/validation.md#comment and docs/product/access.md#who-may-do-what): visible to brokers, notaries, bankers and promoters. */
export const COMMENT_MESSAGES = {
  added: 'Commentaire ajouté',
  updated: 'Commentaire modifié',
} as const;

/** The candidate's name of a comment's candidacy, the history line's subject. */
const candidateNameOf = (comment: Awaited<ReturnType<typeof findComment>>) => (comment?.candidate ? fullName(comment.candidate) : '');

/** The comment commands; their entity, input and roles are in the shared command catalogue. */
export const COMMENT_COMMANDS = {
  async createComment({ tx, actor, target }, input) {
    const created = await insertComment(tx, {
      promotionId: target.promotionId,
      candidacyId: target.id,
      comment: input.comment,
      createdById: actor.id,
    });
    return {
      data: toComment(actor, created),
      message: COMMENT_MESSAGES.added,
      log: { onTitle: candidateNameOf(created), title: COMMENT_MESSAGES.added, candidacyId: target.id },
    };
  },

  /** Only its author may edit a comment; the comment must belong to the command's candidacy. */
  async updateComment({ tx, actor, target }, input) {
    const [existing] = await tx
      .select({ id: comments.id, createdById: comments.createdById })
      .from(comments)
      .where(and(eq(comments.id, input.comment_id), eq(comments.candidacyId, target.id)))
      .for('update');
    if (!existing) throw notFound();
    if (existing.createdById !== actor.id) throw forbidden();
    await tx.update(comments).set({ comment: input.comment, updatedAt: new Date() }).where(eq(comments.id, existing.id));
    const updated = await findComment(tx, existing.id);
    return {
      data: updated ? toComment(actor, updated) : null,
      message: COMMENT_MESSAGES.updated,
      log: { onTitle: candidateNameOf(updated), title: COMMENT_MESSAGES.updated, candidacyId: target.id },
    };
  },
} satisfies Partial<CommandHandlers>;
