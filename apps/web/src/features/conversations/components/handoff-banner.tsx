import type { ConversationDto } from '@vendai/contracts';
import { UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useUpdateConversationAi } from '../api/update-conversation-ai';
import { useNow } from '../hooks/use-now';
import { resumeLabel } from '../lib/resume-label';
import { AI_SWITCH_FAILED } from './ai-switch';

const LATER = [
  { value: '1', label: 'Voltar em 1 h' },
  { value: '3', label: 'Voltar em 3 h' },
  { value: '12', label: 'Voltar em 12 h' },
  { value: '24', label: 'Voltar em 24 h' },
  { value: 'never', label: 'Só quando eu religar' },
];

/**
 * A conversation in Manual after a takeover or a handoff (docs/decisions/015-handoff.md): why the AI
 * handed it over, when it comes back by itself ('IA volta em 3 h'), and the owner's choices:
 * resume now, or change when it comes back.
 */
export function HandoffBanner({ conversation }: { conversation: ConversationDto }) {
  const update = useUpdateConversationAi();
  const now = useNow(30_000);
  if (conversation.type !== 'chat' || conversation.agenteAtivo || conversation.optedOut || conversation.neverAnswer)
    return null;
  if (!conversation.handoffReason && !conversation.aiResumesAt) return null;
  const label = resumeLabel(conversation.aiResumesAt, now.getTime()) ?? 'A IA só volta quando você religar';
  const change = (agenteAtivo: boolean, resumeInHours?: number | null) =>
    update.mutate(
      { id: conversation.id, agenteAtivo, resumeInHours },
      {
        onSuccess: () => toast.success(agenteAtivo ? 'A IA voltou a responder nesta conversa.' : 'Tempo alterado.'),
        onError: () => toast.error(AI_SWITCH_FAILED),
      },
    );
  return (
    <div
      className="flex shrink-0 flex-col gap-2 border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-950 sm:flex-row sm:items-center sm:gap-3"
      data-testid="handoff-banner"
    >
      <p className="flex min-w-0 flex-1 items-start gap-2">
        <UserRound className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden />
        <span className="min-w-0">
          {conversation.handoffReason ? (
            <>
              <span className="font-semibold">A IA passou a conversa para você:</span> {conversation.handoffReason}{' '}
            </>
          ) : (
            <span className="font-semibold">Você assumiu esta conversa. </span>
          )}
          <span className="whitespace-nowrap" data-testid="ai-resumes-label">
            {label}.
          </span>
          {conversation.handoffReason ? (
            <span className="block text-xs text-amber-900" data-testid="handoff-learn-hint">
              Sua resposta vira uma sugestão de pergunta frequente para a IA aprender —{' '}
              <Link to={paths.knowledge.getHref()} className="font-semibold underline underline-offset-2">
                revise em Conhecimento
              </Link>
              .
            </span>
          ) : null}
        </span>
      </p>
      <span className="flex shrink-0 items-center gap-2">
        <select
          aria-label="Quando a IA volta"
          value=""
          disabled={update.isPending}
          onChange={(e) => e.target.value && change(false, e.target.value === 'never' ? null : Number(e.target.value))}
          className="h-8 rounded-lg border border-amber-300 bg-white px-2 text-xs font-medium text-slate-800"
        >
          <option value="">Adiar…</option>
          {LATER.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        <Button size="sm" disabled={update.isPending} onClick={() => change(true)}>
          Retomar IA agora
        </Button>
      </span>
    </div>
  );
}
