import { z } from 'zod';
import { formatNumber } from '../format.js';
import { idOf, requiredText } from './common.js';

/**
 * The FAQ (docs/product/faq.md): the current promotion's questions and the global ones, which
 * every promotion shows.
 *
 *   GET    /promotions/:id/questions            faq.read     { data: FaqQuestion[] }
 *   POST   /promotions/:id/question             faq.add      multipart: question, answer, file, global  { data: FaqQuestion, message }
 *   DELETE /promotions/:id/questions/:qid       faq.delete   { message }
 */

/** A question as the FAQ lists it; `file` is the stored file's uuid (GET file-url/{uuid} opens it). */
export const faqQuestionSchema = z.object({
  id: z.number(),
  question: z.string(),
  answer: z.string(),
  file: z.object({ uuid: z.string(), name: z.string() }).nullable(),
  global: z.boolean(),
  created_at: z.string(),
  /** Whether the caller may delete it (a broker; a global question: an admin broker, docs/decisions/018-faq-global-questions-and-demo-mode.md). */
  can_delete: z.boolean(),
});
export type FaqQuestion = z.infer<typeof faqQuestionSchema>;

export const FAQ_LIMITS = {
  questionLength: 500,
  answerLength: 10_000,
  fileBytes: 20 * 1024 * 1024,
  /** The answer box of the add modal (docs/product/faq.md#fields). */
  answerRows: 10,
} as const;

export const FAQ_MESSAGES = {
  banner: 'Vous retrouverez ici les questions fréquentes. Cliquez sur une question afin de visualiser les conseils proposés.',
  empty: "Aucune question pour l'instant.",
  add: 'Ajouter une question',
  addGlobal: 'Ajouter pour toutes les promotions',
  seeFile: 'Voir le fichier',
  confirmDelete: 'Voulez-vous vraiment supprimer cette Question ?',
  confirmDeleteGlobal: 'Attention : Si vous supprimez cette question, elle sera supprimée pour toutes les autres promotions',
  questionRequired: 'Question requise',
  answerRequired: 'Réponse requise',
  questionTooLong: `La question ne peut pas dépasser ${FAQ_LIMITS.questionLength} caractères`,
  answerTooLong: `La réponse ne peut pas dépasser ${formatNumber(FAQ_LIMITS.answerLength)} caractères`,
  fileTooBig: `Fichier trop volumineux : ${FAQ_LIMITS.fileBytes / 1024 / 1024} Mo au maximum`,
  added: 'Question ajoutée',
  deleted: 'Question supprimée',
  notFound: 'Question introuvable',
  failure: 'Une erreur est survenue',
} as const;

export const faqParamsSchema = z.object({ id: idOf() });
export const faqQuestionParamsSchema = z.object({ id: idOf(), qid: idOf('Question invalide') });

/** A check box of a multipart form: '1', 'true' or 'on' is checked; missing or anything else is not. */
const flagSchema = z
  .union([z.boolean(), z.string()])
  .optional()
  .transform((value) => value === true || value === '1' || value === 'true' || value === 'on');

/** The add modal's fields (question and answer not empty, docs/product/faq.md#rules); the file comes as a file part. */
export const faqQuestionInputSchema = z.object({
  question: requiredText(FAQ_MESSAGES.questionRequired)
    .transform((v) => v.trim())
    .pipe(z.string().max(FAQ_LIMITS.questionLength, FAQ_MESSAGES.questionTooLong)),
  answer: requiredText(FAQ_MESSAGES.answerRequired)
    .transform((v) => v.trim())
    .pipe(z.string().max(FAQ_LIMITS.answerLength, FAQ_MESSAGES.answerTooLong)),
  global: flagSchema,
});
export type FaqQuestionInput = z.infer<typeof faqQuestionInputSchema>;
