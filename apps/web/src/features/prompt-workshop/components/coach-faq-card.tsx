import { MessageCircleQuestion } from 'lucide-react';
import type { CoachMessage } from '../lib/coach-chat';
import { CoachCardActions } from './coach-card-actions';

/**
 * The coach's suggestion to keep a business fact as a FAQ entry (Conhecimento) instead of changing the
 * prompt: the question and answer, with 'Aplicar' (saves the entry) and 'Descartar'. The prompt never
 * changes here.
 */
export function CoachFaqCard({
  faq,
  actions,
  outcome,
  applying,
  onApply,
  onDiscard,
}: {
  faq: { question: string; answer: string };
  actions: boolean;
  outcome: CoachMessage['outcome'];
  applying: boolean;
  onApply: () => void;
  onDiscard: () => void;
}) {
  return (
    <section
      aria-label="Sugestão: nova pergunta frequente"
      className="w-full space-y-2 rounded-xl bg-white p-3 text-sm ring-1 ring-slate-200"
      data-testid="coach-faq-suggestion"
    >
      <p className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-brand-700 uppercase">
        <MessageCircleQuestion className="size-3.5" aria-hidden />
        Nova pergunta frequente em Conhecimento
      </p>
      <dl className="space-y-1.5 [overflow-wrap:anywhere]">
        <div>
          <dt className="text-xs text-slate-500">Pergunta do cliente</dt>
          <dd className="font-medium text-slate-900">{faq.question}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Resposta</dt>
          <dd className="whitespace-pre-wrap text-slate-800">{faq.answer}</dd>
        </div>
      </dl>
      <CoachCardActions
        actions={actions}
        outcome={outcome}
        applying={applying}
        appliedText="✓ Salva em Conhecimento. O prompt não mudou."
        onApply={onApply}
        onDiscard={onDiscard}
      />
    </section>
  );
}
