import { zodResolver } from '@hookform/resolvers/zod';
import {
  FEEDBACK_REQUIRED_MESSAGE,
  FEEDBACK_TYPE_LABELS,
  FEEDBACK_TYPES,
  LIMITS,
  TIMING,
  feedbackSchema,
  type FeedbackInput,
  type FeedbackType,
} from '@vendai/contracts';
import { Bug, CheckCircle2, Lightbulb, MessageCircle, Sparkles, type LucideIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { PageHeader } from '@/components/layouts/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useMe } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { useSendFeedback } from '../api/send-feedback';

const ICONS: Record<FeedbackType, LucideIcon> = {
  sugestao: Lightbulb,
  bug: Bug,
  nova_funcionalidade: Sparkles,
  geral: MessageCircle,
};
const HINTS: Record<FeedbackType, string> = {
  sugestao: 'Uma ideia para melhorar algo que já existe.',
  bug: 'Algo não funcionou como deveria.',
  nova_funcionalidade: 'Um recurso que ainda não existe.',
  geral: 'Qualquer outro comentário.',
};

const isFeedbackType = (v: string | null): v is FeedbackType =>
  !!v && (FEEDBACK_TYPES as readonly string[]).includes(v);

/**
 * "Ajude A Melhorar" (/dashboard/feedback, docs/product/rules.md#states-and-transitions, docs/product/rules.md#validation): type, optional e-mail
 * (the account's, editable), message with the n/1000 counter; '?type=bug' preselects bug. After
 * sending, a thank-you screen and /dashboard 3 seconds later.
 */
export function FeedbackPage() {
  const me = useMe();
  const [search] = useSearchParams();
  const preselected = search.get('type');
  const send = useSendFeedback();
  const [sent, setSent] = useState(false);
  const form = useForm<FeedbackInput, unknown, z.output<typeof feedbackSchema>>({
    resolver: zodResolver(feedbackSchema),
    defaultValues: {
      tipo: isFeedbackType(preselected) ? preselected : undefined,
      email: me.data?.user.email ?? '',
      sugestao: '',
    },
  });
  const { errors, isSubmitted } = form.formState;
  const tipo = useWatch({ control: form.control, name: 'tipo' });
  const message = useWatch({ control: form.control, name: 'sugestao' }) ?? '';
  const requiredMissing = !!errors.tipo || !!errors.sugestao;

  if (sent) return <ThankYou />;

  const onSubmit = form.handleSubmit((input) => {
    send.mutate(input, { onSuccess: () => setSent(true) });
  });

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6">
      <PageHeader
        title="Ajude A Melhorar"
        description="Conte o que podemos melhorar no VendAI. Lemos cada mensagem, e se você deixar seu e-mail podemos responder."
      />
      <form
        onSubmit={onSubmit}
        noValidate
        className="mt-8 space-y-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
      >
        <fieldset aria-invalid={!!errors.tipo} aria-describedby={errors.tipo ? 'feedback-required' : undefined}>
          <legend className="text-sm font-medium text-slate-700">Tipo de feedback</legend>
          <div className="mt-2 grid gap-3 sm:grid-cols-2">
            {FEEDBACK_TYPES.map((value) => {
              const Icon = ICONS[value];
              const checked = tipo === value;
              return (
                <label
                  key={value}
                  className={cn(
                    'flex cursor-pointer items-start gap-3 rounded-xl border p-4 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-700',
                    checked ? 'border-brand-600 bg-brand-50' : 'border-slate-200 hover:bg-slate-50',
                  )}
                >
                  <input type="radio" value={value} className="sr-only" {...form.register('tipo')} />
                  <span
                    className={cn(
                      'flex size-9 shrink-0 items-center justify-center rounded-lg',
                      checked ? 'bg-brand-700 text-white' : 'bg-slate-100 text-slate-600',
                    )}
                  >
                    <Icon className="size-5" aria-hidden />
                  </span>
                  <span>
                    <span className="block text-sm font-semibold text-slate-900">{FEEDBACK_TYPE_LABELS[value]}</span>
                    <span className="block text-xs text-slate-600">{HINTS[value]}</span>
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>

        <Field
          id="feedback-email"
          label="E-mail para resposta (opcional)"
          error={errors.email?.message}
          hint="Deixe em branco se não quiser resposta."
        >
          <Input
            id="feedback-email"
            type="email"
            autoComplete="email"
            aria-invalid={!!errors.email}
            aria-describedby={errors.email ? 'feedback-email-error' : undefined}
            {...form.register('email')}
          />
        </Field>

        <div className="space-y-1.5">
          <div className="flex items-baseline justify-between gap-3">
            <label htmlFor="feedback-message" className="block text-sm font-medium text-slate-700">
              Sua mensagem
            </label>
            <span
              id="feedback-counter"
              className={cn(
                'text-xs tabular-nums',
                message.length > LIMITS.feedbackCounter ? 'font-semibold text-amber-700' : 'text-slate-500',
              )}
            >
              {message.length}/{LIMITS.feedbackCounter}
            </span>
          </div>
          <textarea
            id="feedback-message"
            rows={7}
            placeholder="Descreva com detalhes. Se for um bug, conte o que você fez e o que aconteceu."
            aria-invalid={!!errors.sugestao}
            aria-describedby="feedback-counter"
            className="block w-full resize-y rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-[15px] text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/20 focus:outline-none aria-[invalid=true]:border-red-500"
            {...form.register('sugestao')}
          />
        </div>

        {isSubmitted && requiredMissing ? (
          <div id="feedback-required">
            <Alert tone="error">{FEEDBACK_REQUIRED_MESSAGE}</Alert>
          </div>
        ) : null}
        {send.error ? <Alert tone="error">{sendErrorMessage(send.error)}</Alert> : null}

        <div className="flex justify-end">
          <Button type="submit" size="lg" disabled={send.isPending} className="w-full sm:w-auto">
            {send.isPending ? 'Enviando...' : 'Enviar feedback'}
          </Button>
        </div>
      </form>
    </div>
  );
}

/** docs/product/messages.md: the duplicate and rate-limit answers are shown as the server words them. */
function sendErrorMessage(error: Error): string {
  if (error instanceof ApiError && error.status > 0 && error.status < 500) return error.message;
  return `Erro ao enviar feedback: ${error.message} Tente novamente.`;
}

function ThankYou() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(
      () => void navigate(paths.conversations.getHref(), { replace: true }),
      TIMING.feedbackRedirectMs,
    );
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col items-center px-4 py-16 text-center sm:px-6">
      <span className="flex size-16 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <CheckCircle2 className="size-9" aria-hidden />
      </span>
      <h1 className="mt-6 text-2xl font-bold tracking-tight text-slate-900">Obrigado pelo seu feedback!</h1>
      <p role="status" className="mt-2 text-slate-600">
        Sua mensagem chegou à nossa equipe. Voltando para o painel em instantes...
      </p>
    </div>
  );
}
