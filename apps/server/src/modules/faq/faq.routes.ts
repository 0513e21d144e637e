import { FAQ_API, FAQ_MESSAGES } from '@promovente/shared';
import { faqQuestions, files, promotions } from '../../db/schema/index.js';
import { readsOf } from '../../platform/answer-reads.js';
import { handlersOf, uploadOf } from '../../platform/routes.js';
import { addQuestion, deleteQuestion, listQuestions } from './faq.service.js';

/** The FAQ's calls (docs/product/faq.md#calls), as catalogued in packages/shared/src/api/faq.ts. */
export const FAQ_HANDLERS = handlersOf(FAQ_API, {
  listFaqQuestions: async ({ deps, actor, params }) => ({ data: await listQuestions(deps.db, actor, params.id) }),
  addFaqQuestion: async ({ deps, actor, params, form }) => {
    const data = await addQuestion(deps, actor, params.id, form.fields, uploadOf(form, 'file'));
    return { data, message: FAQ_MESSAGES.added };
  },
  deleteFaqQuestion: async ({ deps, actor, params }) => {
    await deleteQuestion(deps, actor, params.id, params.qid);
    return { message: FAQ_MESSAGES.deleted };
  },
});

/** The tables its cached routes read (platform/answer-reads.ts). */
export const FAQ_READS = readsOf(FAQ_API, {
  listFaqQuestions: [faqQuestions, files, promotions],
});
