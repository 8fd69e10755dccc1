import { COACH_PARTIAL_WARNING } from '@vendai/contracts';
import { AlertTriangle, Check, RotateCcw, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import type { CoachMessage } from '../lib/coach-chat';
import { CoachCatalogueCard } from './coach-catalogue-card';
import { CoachFaqCard } from './coach-faq-card';
import { DiffView } from './diff-view';

/** One message of the coach chat: the owner's instruction, or the coach's answer with its suggestion and actions. */
export function CoachBubble({
  message: m,
  accepting,
  onAccept,
  onApplyFaq,
  onApplyCatalogue,
  onReject,
  onGenerateFull,
}: {
  message: CoachMessage;
  accepting: boolean;
  onAccept: (m: CoachMessage) => void;
  onApplyFaq: (m: CoachMessage) => void;
  onApplyCatalogue: (m: CoachMessage) => void;
  onReject: (m: CoachMessage) => void;
  onGenerateFull: (m: CoachMessage) => void;
}) {
  if (m.role === 'user') {
    return (
      <li className="flex justify-end">
        <p className="max-w-[85%] rounded-2xl rounded-br-md bg-brand-700 px-3.5 py-2 text-sm whitespace-pre-wrap text-white [overflow-wrap:anywhere]">
          {m.text}
        </p>
      </li>
    );
  }
  const isUpdate = m.mode === 'update' && m.updatedPrompt;
  return (
    <li className="flex flex-col items-start gap-2" data-testid="coach-reply">
      <p
        className={cn(
          'max-w-[92%] rounded-2xl rounded-bl-md px-3.5 py-2 text-sm whitespace-pre-wrap [overflow-wrap:anywhere]',
          m.failed ? 'bg-red-50 text-red-800 ring-1 ring-red-100' : 'bg-slate-100 text-slate-800',
        )}
      >
        {m.text}
      </p>
      {m.mode === 'faq' && m.faq ? (
        <CoachFaqCard
          faq={m.faq}
          actions={!!m.actions}
          outcome={m.outcome}
          applying={accepting}
          onApply={() => onApplyFaq(m)}
          onDiscard={() => onReject(m)}
        />
      ) : null}
      {m.mode === 'catalogue' && m.catalogue ? (
        <CoachCatalogueCard
          change={m.catalogue}
          actions={!!m.actions}
          outcome={m.outcome}
          applying={accepting}
          onApply={() => onApplyCatalogue(m)}
          onDiscard={() => onReject(m)}
        />
      ) : null}
      {isUpdate ? (
        <div className="w-full space-y-2">
          <DiffView before={m.basePrompt ?? ''} after={m.updatedPrompt!} label="Sugestão: prompt atual × proposto" />
          {m.partial && m.outcome !== 'superseded' ? (
            <p
              role="alert"
              className="flex gap-2 rounded-lg bg-amber-50 px-3 py-2 text-xs text-amber-900 ring-1 ring-amber-200"
            >
              <AlertTriangle className="mt-0.5 size-3.5 shrink-0" aria-hidden />
              {COACH_PARTIAL_WARNING}
            </p>
          ) : null}
          {m.actions ? (
            <div className="flex flex-wrap gap-2">
              {m.partial ? (
                <Button type="button" size="sm" onClick={() => onGenerateFull(m)}>
                  <RotateCcw aria-hidden />
                  Gerar completo
                </Button>
              ) : (
                <Button type="button" size="sm" onClick={() => onAccept(m)} disabled={accepting}>
                  <Check aria-hidden />
                  {accepting ? 'Aplicando...' : 'Aceitar'}
                </Button>
              )}
              <Button type="button" size="sm" variant="secondary" onClick={() => onReject(m)} disabled={accepting}>
                <X aria-hidden />
                Rejeitar
              </Button>
            </div>
          ) : m.outcome ? (
            <p className="text-xs font-medium text-slate-500">
              {m.outcome === 'accepted'
                ? '✓ Sugestão aceita e salva no prompt.'
                : m.outcome === 'rejected'
                  ? 'Sugestão rejeitada: o prompt não mudou.'
                  : 'Pedida a versão completa.'}
            </p>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
