import type { User } from '@promovente/shared';
import { can, FAQ_MESSAGES, type FaqQuestion } from '@promovente/shared';
import { actorOf, inDemoMode } from '../../lib/auth';

/** What the FAQ offers the user: add (brokers), and in the add modal the file and the global option. */
export const faqAbilities = (user: User, storedDemoMode: boolean) => {
  const actor = actorOf(user);
  const demo = inDemoMode(user, storedDemoMode);
  const add = can(actor, 'faq.add');
  return {
    add,
    attachFile: add && !demo,
    addGlobal: add && !demo && can(actor, 'faq.manageGlobal'),
  };
};

/** The confirmation of a deletion: a global question warns that every promotion loses it. */
export const deleteConfirmation = (question: Pick<FaqQuestion, 'global'>) =>
  question.global ? FAQ_MESSAGES.confirmDeleteGlobal : FAQ_MESSAGES.confirmDelete;
