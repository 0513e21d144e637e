import {
  FAQ_LIMITS,
  FAQ_MESSAGES,
  faqParamsSchema,
  faqQuestionInputSchema,
  faqQuestionParamsSchema,
  faqQuestionSchema,
} from '../contracts/faq.js';
import { dataAndMessageOf, dataOf, defineRoutes, messageSchema } from './route.js';

/** The FAQ's calls (docs/product/faq.md#calls): its readers list, brokers add and delete. */
export const FAQ_API = defineRoutes({
  listFaqQuestions: {
    method: 'GET',
    path: '/promotions/:id/questions',
    summary: 'Questions de la FAQ de la promotion et questions communes',
    access: 'faq.read',
    cache: true,
    params: faqParamsSchema,
    response: dataOf(faqQuestionSchema.array()),
  },
  addFaqQuestion: {
    method: 'POST',
    path: '/promotions/:id/question',
    summary: 'Ajouter une question (avec un fichier facultatif)',
    access: 'faq.add',
    params: faqParamsSchema,
    form: { fields: faqQuestionInputSchema, files: 2, fileBytes: FAQ_LIMITS.fileBytes, messages: { fileTooBig: FAQ_MESSAGES.fileTooBig } },
    response: dataAndMessageOf(faqQuestionSchema),
  },
  deleteFaqQuestion: {
    method: 'DELETE',
    path: '/promotions/:id/questions/:qid',
    summary: 'Supprimer une question',
    access: 'faq.delete',
    params: faqQuestionParamsSchema,
    response: messageSchema,
  },
});
