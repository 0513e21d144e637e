import { FAQ_MESSAGES, type FaqQuestion } from '@promovente/shared';
import { ChevronDown, FileText, Info, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useMatches } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { ConfirmModal } from '../../../components/ui/ConfirmModal';
import { cn } from '../../../components/ui/cn';
import { Spinner } from '../../../components/ui/Spinner';
import { useUser } from '../../../lib/auth';
import { titleOfMatches } from '../../../lib/route-handle';
import { isDemoMode } from '../../../lib/storage';
import { useDeleteQuestion, useOpenQuestionFile, useQuestions } from '../api/questions';
import { deleteConfirmation, faqAbilities } from '../faq-view';
import { AddQuestionModal } from './AddQuestionModal';

/** One question: its number, the question as a button that expands the answer, the file link and the delete icon. */
const QuestionItem = ({ question, number, onDelete }: { question: FaqQuestion; number: number; onDelete?: () => void }) => {
  const [open, setOpen] = useState(false);
  const openFile = useOpenQuestionFile();
  const answerId = `faq-answer-${question.id}`;
  return (
    <li className="rounded-lg border border-slate-200 bg-white">
      <div className="flex items-start gap-3 p-3">
        <span
          aria-hidden="true"
          className="inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-semibold text-white"
        >
          {number}
        </span>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={answerId}
          onClick={() => setOpen((value) => !value)}
          className="flex min-w-0 flex-1 items-start justify-between gap-2 text-left text-sm font-medium text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          <span className="min-w-0 break-words">
            <span className="sr-only">Question {number} : </span>
            {question.question}
          </span>
          <ChevronDown
            className={cn('mt-0.5 size-4 shrink-0 text-slate-500 transition-transform', open && 'rotate-180')}
            aria-hidden="true"
          />
        </button>
        {onDelete && (
          <button
            type="button"
            onClick={onDelete}
            aria-label={`Supprimer la question ${number}`}
            className="rounded p-1 text-slate-500 hover:bg-red-50 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-brand-700"
          >
            <Trash2 className="size-4" aria-hidden="true" />
          </button>
        )}
      </div>
      {open && (
        <div id={answerId} className="space-y-2 border-t border-slate-100 px-3 pt-2 pb-3 pl-13 text-sm text-slate-700">
          <p className="whitespace-pre-line break-words">{question.answer}</p>
          {question.file && (
            <button
              type="button"
              onClick={() => question.file && openFile.mutate(question.file.uuid)}
              className="inline-flex items-center gap-1 font-medium text-brand-700 underline"
            >
              <FileText className="size-4" aria-hidden="true" />
              {FAQ_MESSAGES.seeFile}
            </button>
          )}
        </div>
      )}
    </li>
  );
};

/** The confirmation of a deletion (docs/product/faq.md#messages). */
const DeleteQuestionModal = ({ promotionId, question, onClose }: { promotionId: number; question: FaqQuestion; onClose: () => void }) => {
  const remove = useDeleteQuestion(promotionId);
  return (
    <ConfirmModal
      title="Supprimer la question"
      pending={remove.isPending}
      onConfirm={() => remove.mutate(question.id, { onSuccess: onClose })}
      onClose={onClose}
    >
      <p className={cn('text-sm', question.global ? 'rounded-md bg-red-50 px-3 py-2 text-red-900' : 'text-slate-700')}>
        {deleteConfirmation(question)}
      </p>
    </ConfirmModal>
  );
};

/** The FAQ (docs/product/faq.md#screens): the current promotion's questions and the global ones. */
export const FaqPage = () => {
  const title = titleOfMatches(useMatches());
  const { data: user } = useUser();
  const promotionId = user?.promotion?.id ?? null;
  const questions = useQuestions(promotionId);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<FaqQuestion | null>(null);
  const abilities = user ? faqAbilities(user, isDemoMode()) : { add: false, attachFile: false, addGlobal: false };

  return (
    <div className="mx-auto max-w-4xl space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
        {abilities.add && promotionId !== null && (
          <Button onClick={() => setAdding(true)}>
            <Plus className="size-4" aria-hidden="true" />
            {FAQ_MESSAGES.add}
          </Button>
        )}
      </div>
      <p role="note" className="flex items-start gap-2 rounded-md border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-900">
        <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {FAQ_MESSAGES.banner}
      </p>
      {questions.isPending && promotionId !== null ? (
        <Spinner />
      ) : questions.data && questions.data.length > 0 ? (
        <ol className="space-y-2" aria-label="Questions fréquentes">
          {questions.data.map((question, index) => (
            <QuestionItem
              key={question.id}
              question={question}
              number={index + 1}
              onDelete={question.can_delete ? () => setDeleting(question) : undefined}
            />
          ))}
        </ol>
      ) : (
        <p className="text-sm text-slate-600">{FAQ_MESSAGES.empty}</p>
      )}
      {adding && promotionId !== null && (
        <AddQuestionModal
          promotionId={promotionId}
          attachFile={abilities.attachFile}
          addGlobal={abilities.addGlobal}
          onClose={() => setAdding(false)}
        />
      )}
      {deleting && promotionId !== null && (
        <DeleteQuestionModal promotionId={promotionId} question={deleting} onClose={() => setDeleting(null)} />
      )}
    </div>
  );
};
