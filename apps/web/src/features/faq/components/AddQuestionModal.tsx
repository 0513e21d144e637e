import { FAQ_LIMITS, FAQ_MESSAGES, faqQuestionInputSchema } from '@promovente/shared';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '../../../components/ui/Button';
import { cn } from '../../../components/ui/cn';
import { CharacterCount, Checkbox, describedBy, InputField } from '../../../components/ui/Field';
import { Modal } from '../../../components/ui/Modal';
import { schemaResolver } from '../../../lib/schema-resolver';
import { useAddQuestion } from '../api/questions';

type FormValues = { question: string; answer: string; global: boolean };

type Props = {
  promotionId: number;
  /** Not in demo mode. */
  attachFile: boolean;
  /** An admin broker, not in demo mode. */
  addGlobal: boolean;
  onClose: () => void;
};

/** 'Ajouter une question' (docs/product/faq.md#screens): question, answer of 10 rows, optional file and global option. */
export const AddQuestionModal = ({ promotionId, attachFile, addGlobal, onClose }: Props) => {
  const answerId = useId();
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const add = useAddQuestion(promotionId);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<FormValues>({
    resolver: schemaResolver<FormValues>(faqQuestionInputSchema),
    defaultValues: { question: '', answer: '', global: false },
  });
  // The limits are said (a counter, then the error on submit), never enforced by cutting the text.
  const [question, answer] = useWatch({ control, name: ['question', 'answer'] });
  const answerCounter = { length: answer.trim().length, max: FAQ_LIMITS.answerLength };

  const save = (values: FormValues) =>
    add.mutate(
      { question: values.question, answer: values.answer, global: addGlobal && values.global, file: attachFile ? file : null },
      { onSuccess: onClose },
    );

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={FAQ_MESSAGES.add}>
      <form noValidate onSubmit={handleSubmit(save)} className="space-y-4" aria-label={FAQ_MESSAGES.add}>
        <InputField
          label="Question"
          required
          counter={{ length: question.trim().length, max: FAQ_LIMITS.questionLength }}
          error={errors.question?.message}
          {...register('question')}
        />
        <div className="space-y-1">
          <label htmlFor={answerId} className="block text-sm font-medium text-slate-700">
            Réponse
          </label>
          <textarea
            id={answerId}
            rows={FAQ_LIMITS.answerRows}
            required
            aria-invalid={errors.answer ? true : undefined}
            aria-describedby={describedBy(answerId, { error: errors.answer?.message, counter: answerCounter })}
            className={cn(
              'block w-full rounded-md border bg-white px-3 py-2 text-sm text-slate-900 shadow-xs',
              errors.answer ? 'border-red-600' : 'border-slate-300',
            )}
            {...register('answer')}
          />
          <div className="flex items-start gap-3">
            {errors.answer ? (
              <p id={`${answerId}-error`} className="text-sm text-red-700">
                {errors.answer.message}
              </p>
            ) : null}
            <CharacterCount id={answerId} {...answerCounter} />
          </div>
        </div>
        {attachFile && (
          <div className="space-y-1">
            <label htmlFor={fileId} className="block text-sm font-medium text-slate-700">
              Fichier (facultatif)
            </label>
            <input
              id={fileId}
              type="file"
              className="text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm"
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
          </div>
        )}
        {addGlobal && <Checkbox label={FAQ_MESSAGES.addGlobal} {...register('global')} />}
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={onClose}>
            Annuler
          </Button>
          <Button type="submit" loading={add.isPending}>
            Ajouter
          </Button>
        </div>
      </form>
    </Modal>
  );
};
