import { and, eq, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { faqQuestions, files } from '../../db/schema/index.js';

/** The question's file, read by its id (a subquery: one index probe per question, never a join over files). */
const fileOf = sql<{ uuid: string; name: string; storage_key: string } | null>`(
  select json_build_object('uuid', f.uuid, 'name', f.name, 'storage_key', f.storage_key)
  from ${files} f where f.id = ${faqQuestions.fileId})`;

const questionColumns = {
  id: faqQuestions.id,
  promotionId: faqQuestions.promotionId,
  question: faqQuestions.question,
  answer: faqQuestions.answer,
  global: faqQuestions.global,
  createdAt: faqQuestions.createdAt,
  fileId: faqQuestions.fileId,
  file: fileOf,
};

export type FaqQuestionRow = {
  id: number;
  promotionId: number;
  question: string;
  answer: string;
  global: boolean;
  createdAt: Date;
  fileId: number | null;
  file: { uuid: string; name: string; storage_key: string } | null;
};

/**
 * The promotion's own questions and the global ones, oldest first (the badges' numbers): one
 * statement, each half read through its own index.
 */
export const findQuestionsOf = (db: Queryable, promotionId: number): Promise<FaqQuestionRow[]> =>
  db
    .select(questionColumns)
    .from(faqQuestions)
    .where(and(eq(faqQuestions.promotionId, promotionId), eq(faqQuestions.global, false)))
    .unionAll(db.select(questionColumns).from(faqQuestions).where(eq(faqQuestions.global, true)))
    .orderBy(sql`id`);

/** One question as the promotion shows it (its own, or a global one); null otherwise. */
export const findQuestionIn = async (db: Queryable, promotionId: number, questionId: number): Promise<FaqQuestionRow | null> => {
  const [row] = await db
    .select(questionColumns)
    .from(faqQuestions)
    .where(and(eq(faqQuestions.id, questionId), or(eq(faqQuestions.promotionId, promotionId), eq(faqQuestions.global, true))))
    .limit(1);
  return row ?? null;
};

/** The question a stored file belongs to (maySeeFile's `faq` case). */
export const findQuestionOfFile = async (db: Queryable, fileId: number) => {
  const [row] = await db
    .select({ promotionId: faqQuestions.promotionId, global: faqQuestions.global })
    .from(faqQuestions)
    .where(eq(faqQuestions.fileId, fileId))
    .limit(1);
  return row ?? null;
};
