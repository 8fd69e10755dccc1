import { ShieldCheck } from 'lucide-react';
import { toast } from 'sonner';
import { ApiError } from '@/lib/api-client';
import { DropdownMenu } from 'radix-ui';
import { MenuTick, menuItemClass, menuLabelClass } from '@/components/ui/more-menu';
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

/** The choice as it shows while a change is on its way, and whether each choice is the attendant's to make. */
function useApprovalChoice(convId: string) {
  const approval = useConversationApproval(convId);
  const set = useSetConversationApproval(convId);
  const override = usePermission('approvalOverride');
  if (!approval.data) return null;
  const { agent_mode, effective } = approval.data;
  // Without the owner's leave, an attendant cannot pick a choice that turns approval off here.
  const locked = (c: Choice) => !override.allowed && effective && !(toMode(c) ?? agent_mode);
  const value = set.isPending && set.variables !== undefined ? toChoice(set.variables) : toChoice(approval.data.mode);
  const choose = (c: Choice) =>
    set.mutate(toMode(c), {
      onSuccess: (data) =>
        toast.success(
          data.effective
            ? 'Nesta conversa, as respostas da IA esperam a sua aprovação.'
            : 'Nesta conversa, a IA responde direto.',
        ),
      onError: (err) =>
        toast.error(err instanceof ApiError && err.status < 500 ? err.message : 'Não foi possível salvar.'),
    });
  return { agent_mode, effective, locked, value, choose, pending: set.isPending, reason: override.reason };
}

/**
 * The chat header's state line (docs/decisions/045-approval-mode.md): 'Aprovação' in amber while the AI's
 * answers wait for the owner here; nothing when they go straight out. Changed from '⋯' (below).
 */
export function ApprovalChip({ convId }: { convId: string }) {
  const approval = useConversationApproval(convId);
  if (!approval.data?.effective) return null;
  return (
    <span
      data-testid="approval-chip"
      title="As respostas da IA nesta conversa esperam a sua aprovação antes de o cliente receber."
      className="inline-flex shrink-0 items-center gap-1 rounded border border-amber-300 bg-amber-50 px-1.5 py-px text-xs font-semibold whitespace-nowrap text-amber-900"
    >
      <ShieldCheck className="size-3.5" aria-hidden />
      Aprovação ligada
    </span>
  );
}

/**
 * 'Aprovar respostas da IA' in the chat header's '⋯' menu: this conversation's own choice, on or off, or
 * the agent's ('Como o agente'). A choice that would switch approval off here is the owner's, or an
 * attendant's the owner allowed (docs/decisions/052-attendant-permissions-and-number-claims.md): otherwise
 * it is disabled and says so.
 */
export function ApprovalMenuItems({ convId }: { convId: string }) {
  const choice = useApprovalChoice(convId);
  if (!choice) return null;
  const { agent_mode, effective, locked, value, choose, pending, reason } = choice;
  return (
    <DropdownMenu.Group>
      <DropdownMenu.Label className={menuLabelClass}>
        Aprovar respostas da IA nesta conversa (agora {effective ? 'ligada' : 'desligada'})
      </DropdownMenu.Label>
      <DropdownMenu.RadioGroup
        value={value}
        onValueChange={(v) => choose(v as Choice)}
        aria-label={`Aprovar respostas da IA nesta conversa (agora ${effective ? 'ligada' : 'desligada'})`}
      >
        {CHOICES.map(([c, label]) => (
          <DropdownMenu.RadioItem
            key={c}
            value={c}
            disabled={pending || locked(c)}
            onSelect={(e) => e.preventDefault()}
            className={menuItemClass}
          >
            <ShieldCheck className="size-4 text-slate-500" aria-hidden />
            <span className="flex-1">
              {c === 'agent' ? `${label} (${agent_mode ? 'ligada' : 'desligada'})` : label}
              {locked(c) ? ' (só o dono)' : ''}
            </span>
            <MenuTick />
          </DropdownMenu.RadioItem>
        ))}
      </DropdownMenu.RadioGroup>
      {reason && effective ? <p className="px-2.5 pb-1 text-xs text-slate-600">{reason}</p> : null}
    </DropdownMenu.Group>
  );
}
