import { can, FAQ_MESSAGES, type FaqQuestion, type FaqQuestionInput } from '@promovente/shared';
import { eq } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.js';
import { faqQuestions, files } from '../../db/schema/index.js';
import { assertMemberOf, isMemberOf } from '../../platform/access.js';
import { assertMayAddFiles, type RequestActor } from '../../platform/auth.js';
import { forbidden, notFound } from '../../platform/errors.js';
import { assertStorageQuota } from '../../platform/storage-quota.js';
import { acceptUpload, DOCUMENT_UPLOADS, type Upload } from '../../platform/uploads.js';
import { runWrite, type WriteDeps } from '../commands/index.js';
import { type FaqQuestionRow, findQuestionIn, findQuestionOfFile, findQuestionsOf } from './faq.queries.js';

/**
 * The FAQ (docs/product/faq.md): the promotion's questions and the global ones. Who may add and
 * delete what, and what demo mode refuses: docs/decisions/018-faq-global-questions-and-demo-mode.md.
 */

/** Who may delete a question: a broker; a global one, an admin broker (it disappears from every promotion). */
export const canDeleteQuestion = (actor: Pick<RequestActor, 'type' | 'admin'>, question: { global: boolean }) =>
  can(actor, 'faq.delete') && (!question.global || can(actor, 'faq.manageGlobal'));

const toQuestion = (actor: RequestActor, row: FaqQuestionRow): FaqQuestion => ({
  id: row.id,
  question: row.question,
  answer: row.answer,
  file: row.file ? { uuid: row.file.uuid, name: row.file.name } : null,
  global: row.global,
  created_at: row.createdAt.toISOString(),
  can_delete: canDeleteQuestion(actor, row),
});

/** GET promotions/{id}/questions. */
export const listQuestions = async (db: Db, actor: RequestActor, promotionId: number): Promise<FaqQuestion[]> => {
  await assertMemberOf(db, actor, promotionId);
  const rows = await findQuestionsOf(db, promotionId);
  return rows.map((row) => toQuestion(actor, row));
};

/**
 * POST promotions/{id}/question: the question and its optional file in one write (runWrite); the
 * promotion is checked before the file is read, the stored content removed again when the write
 * does not commit. A demo account may neither attach a file nor write for every promotion (403),
 * like the modal hides both.
 */
export const addQuestion = async (
  deps: WriteDeps,
  actor: RequestActor,
  promotionId: number,
  input: FaqQuestionInput,
  upload: Upload | null,
): Promise<FaqQuestion> => {
  await assertMemberOf(deps.db, actor, promotionId);
  if (input.global && (!can(actor, 'faq.manageGlobal') || actor.is_demo)) throw forbidden();
  if (upload) assertMayAddFiles(actor);
  const mime = upload ? (await acceptUpload(DOCUMENT_UPLOADS, upload)).mime : null;
  const key = upload ? await deps.storage.put(upload.content) : null;
  try {
    const id = await runWrite(
      deps,
      actor,
      promotionId,
      async ({ tx }) => {
        let fileId: number | null = null;
        if (upload && key && mime) {
          await assertStorageQuota(tx, deps.storage, promotionId, upload.content.length);
          const [file] = await tx
            .insert(files)
            .values({
              name: fileName(upload.filename),
              mime,
              size: upload.content.length,
              storageKey: key,
              owner: 'faq',
              promotionId,
              createdById: actor.id,
            })
            .returning({ id: files.id });
          fileId = file.id;
        }
        const [row] = await tx
          .insert(faqQuestions)
          .values({ promotionId, question: input.question, answer: input.answer, global: input.global, fileId, createdById: actor.id })
          .returning({ id: faqQuestions.id });
        return { data: row.id, log: null };
      },
      notFound,
    );
    const row = await findQuestionIn(deps.db, promotionId, id);
    if (!row) throw notFound(FAQ_MESSAGES.notFound);
    return toQuestion(actor, row);
  } catch (error) {
    if (key) await deps.storage.remove(key).catch(() => undefined);
    throw error;
  }
};

/** The stored name: the last path part, without control characters, never used as a path. */
const fileName = (original: string) =>
  original
    .split(/[\\/]/)
    .pop()!
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200) || 'document';

/**
 * DELETE promotions/{id}/questions/{qid}: a question of this promotion, or a global one (which
 * leaves every promotion), read in the write's transaction (runWrite); its file row goes with
 * it, its content after commit.
 */
export const deleteQuestion = async (deps: WriteDeps, actor: RequestActor, promotionId: number, questionId: number) => {
  await runWrite(
    deps,
    actor,
    promotionId,
    async ({ tx, afterCommit }) => {
      const row = await findQuestionIn(tx, promotionId, questionId);
      if (!row) throw notFound(FAQ_MESSAGES.notFound);
      if (!canDeleteQuestion(actor, row)) throw forbidden();
      await tx.delete(faqQuestions).where(eq(faqQuestions.id, row.id));
      if (row.fileId !== null) await tx.delete(files).where(eq(files.id, row.fileId));
      const { file } = row;
      if (file) afterCommit(() => deps.storage.remove(file.storage_key));
      return { data: null, log: null };
    },
    notFound,
  );
};

/**
 * Who may open a FAQ file (the `faq` case of maySeeFile): the FAQ's readers of its promotion;
 * a global question's, the FAQ's readers of every promotion, since every FAQ shows it.
 */
export const maySeeFaqFile = async (db: Queryable, actor: RequestActor, fileId: number): Promise<boolean> => {
  if (!can(actor, 'faq.read')) return false;
  const question = await findQuestionOfFile(db, fileId);
  if (!question) return false;
  return question.global || (await isMemberOf(db, actor, question.promotionId));
};
