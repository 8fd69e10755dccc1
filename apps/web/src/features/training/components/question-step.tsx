import { zodResolver } from '@hookform/resolvers/zod';
import { ANSWER_MAX } from '@vendai/contracts';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { FORM_OPTIONS } from '@/lib/form';
import { answerFormSchema, type AnswerForm } from '../lib/step-forms';

/**
 * One question at a time with its progress (key and refinement questions alike). The answer must
 * not be blank after trimming (docs/product/rules.md#validation); Ctrl/⌘+Enter also moves on.
 *
 * The wizard renders it with a `key` per question, so each question starts as a new form holding its
 * saved answer. Resetting one form in an effect when the question changed left a moment, after the new
 * question showed, in which what the owner typed was then wiped by the late reset.
 */
export function QuestionStep({
  eyebrow,
  index,
  total,
  question,
  help,
  example,
  value,
  onChange,
  onSubmit,
  onBack,
  canGoBack,
  submitLabel,
  footer,
}: {
  eyebrow: string;
  index: number;
  total: number;
  question: string;
  help?: ReactNode;
  example?: string;
  value: string;
  onChange: (text: string) => void;
  onSubmit: () => void;
  onBack: () => void;
  canGoBack: boolean;
  submitLabel: string;
  footer?: ReactNode;
}) {
  const id = useId();
  // The answer lives in the wizard's state (saved as a draft); the form validates it on submit.
  const { register, handleSubmit, clearErrors, formState } = useForm<AnswerForm>({
    ...FORM_OPTIONS,
    resolver: zodResolver(answerFormSchema),
    defaultValues: { answer: value },
  });
  const error = formState.errors.answer?.message;
  const input = useRef<HTMLTextAreaElement | null>(null);

  // The cursor in the field before the question is painted, so nothing typed goes elsewhere.
  useLayoutEffect(() => input.current?.focus({ preventScroll: true }), []);

  const { ref, ...answer } = register('answer', {
    onChange: (e: { target: HTMLTextAreaElement }) => {
      onChange(e.target.value);
      if (e.target.value.trim()) clearErrors('answer');
    },
  });
  const submit = handleSubmit(() => onSubmit());

  const percent = Math.round((index / total) * 100);
  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-7"
    >
      <div className="flex items-center justify-between gap-3 text-sm">
        <p className="font-semibold text-brand-800">{eyebrow}</p>
        <p className="text-slate-600" aria-live="polite">
          Pergunta {index + 1} de {total}
        </p>
      </div>
      <div
        className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100"
        role="progressbar"
        aria-label={`${eyebrow}: progresso`}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={index}
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-[width] duration-300"
          style={{ width: `${percent}%` }}
        />
      </div>

      <label htmlFor={id} className="mt-6 block text-lg font-semibold text-balance text-slate-900 sm:text-xl">
        {question}
      </label>
      {help ? <p className="mt-1.5 text-sm text-slate-600">{help}</p> : null}
      <textarea
        id={id}
        ref={(el) => {
          ref(el);
          input.current = el;
        }}
        {...answer}
        maxLength={ANSWER_MAX}
        rows={5}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void submit();
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : example ? `${id}-example` : undefined}
        placeholder="Escreva sua resposta aqui..."
        className={cn(
          'mt-4 block w-full resize-y rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-[15px] leading-relaxed text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/20 focus:outline-none',
          error && 'border-red-500 focus:ring-red-500/20',
        )}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm text-red-600">
          {error}
        </p>
      ) : example ? (
        <p id={`${id}-example`} className="mt-1.5 text-xs text-slate-500">
          {example}
        </p>
      ) : null}

      {footer}

      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button type="button" variant="secondary" onClick={onBack} disabled={!canGoBack}>
          <ArrowLeft aria-hidden />
          Voltar
        </Button>
        <Button type="submit">
          {submitLabel}
          <ArrowRight aria-hidden />
        </Button>
      </div>
    </form>
  );
}
