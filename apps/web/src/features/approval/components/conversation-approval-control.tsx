import { ShieldCheck } from 'lucide-react';
import { toast } from 'sonner';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { usePermission } from '@/lib/permissions';
import { useConversationApproval, useSetConversationApproval } from '../api/approval-api';

type Choice = 'agent' | 'on' | 'off';
const toMode = (c: Choice): boolean | null => (c === 'agent' ? null : c === 'on');
const toChoice = (mode: boolean | null): Choice => (mode === null ? 'agent' : mode ? 'on' : 'off');
const CHOICES: [Choice, string][] = [
  ['agent', 'Como o agente'],
  ['on', 'Ligada'],
  ['off', 'Desligada'],
];

/**
 * The chat header's 'Aprovação' (docs/decisions/045-approval-mode.md): this conversation's own choice, on
 * or off, or the agent's ('Como o agente'). Amber while answers wait for approval here; the name and the
 * tooltip say whether it is on and what the agent does. A choice that would switch approval off here is
 * the owner's, or an attendant's the owner allowed (docs/decisions/052-attendant-permissions-and-number-claims.md):
 * otherwise it is disabled and the tooltip says why.
 */
export function ConversationApprovalControl({ convId }: { convId: string }) {
  const approval = useConversationApproval(convId);
  const set = useSetConversationApproval(convId);
  const override = usePermission('approvalOverride');
  if (!approval.data) return null;
  const { agent_mode, effective } = approval.data;
  // Without the owner's leave, an attendant cannot pick a choice that turns approval off here.
  const locked = (c: Choice) => !override.allowed && effective && !(toMode(c) ?? agent_mode);
  const value = set.isPending && set.variables !== undefined ? toChoice(set.variables) : toChoice(approval.data.mode);
  const id = `approval-${convId}`;
  return (
    <span
      className={cn(
        'inline-flex h-8 shrink-0 items-center gap-1 rounded-lg border pl-2 text-sm',
        effective ? 'border-amber-300 bg-amber-50 text-amber-900' : 'border-slate-300 bg-white text-slate-700',
      )}
      title={`Aprovação ${effective ? 'ligada' : 'desligada'} nesta conversa (o agente: ${agent_mode ? 'ligada' : 'desligada'}). A IA sugere, você aprova antes de o cliente receber.${override.reason && effective ? ` ${override.reason}` : ''}`}
    >
      <ShieldCheck className="size-4 shrink-0" aria-hidden />
      <span className="hidden font-semibold lg:inline" aria-hidden>
        Aprovação
      </span>
      <select
        id={id}
        aria-label={`Aprovar respostas da IA nesta conversa (agora ${effective ? 'ligada' : 'desligada'})`}
        value={value}
        disabled={set.isPending}
        onChange={(e) =>
          set.mutate(toMode(e.target.value as Choice), {
            onSuccess: (data) =>
              toast.success(
                data.effective
                  ? 'Nesta conversa, as respostas da IA esperam a sua aprovação.'
                  : 'Nesta conversa, a IA responde direto.',
              ),
            onError: (err) =>
              toast.error(err instanceof ApiError && err.status < 500 ? err.message : 'Não foi possível salvar.'),
          })
        }
        className="h-full cursor-pointer rounded-r-lg bg-transparent pr-1 text-sm font-medium focus:outline-none focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-wait"
      >
        {CHOICES.map(([c, label]) => (
          <option key={c} value={c} disabled={locked(c)}>
            {locked(c) ? `${label} (só o dono)` : label}
          </option>
        ))}
      </select>
    </span>
  );
}
