import type { ConversationDto } from '@vendai/contracts';
import { Switch } from 'radix-ui';
import { toast } from 'sonner';
import { Tooltip } from '@/components/ui/tooltip';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useUpdateConversationAi } from '../api/update-conversation-ai';
import { GROUP_TOOLTIP } from './group-badge';

export const AI_SWITCH_FAILED = 'Erro ao alterar status da IA. Tente novamente.';
export const UNEXPECTED = 'Erro inesperado. Tente novamente.';

/** The conversation's AI/Manual switch (docs/product/rules.md#states-and-transitions); groups cannot switch. */
export function AiSwitch({ conversation }: { conversation: ConversationDto }) {
  const mutation = useUpdateConversationAi();
  const isGroup = conversation.type === 'group';
  const checked = mutation.isPending ? !!mutation.variables?.agenteAtivo : conversation.agenteAtivo && !isGroup;
  const id = `ai-switch-${conversation.id}`;

  const control = (
    <span className="inline-flex items-center gap-2">
      <Switch.Root
        id={id}
        checked={checked}
        disabled={isGroup || conversation.neverAnswer || mutation.isPending}
        onCheckedChange={(value) =>
          mutation.mutate(
            { id: conversation.id, agenteAtivo: value },
            {
              onError: (err) =>
                toast.error(
                  err instanceof ApiError ? (err.status === 400 ? err.message : AI_SWITCH_FAILED) : UNEXPECTED,
                ),
            },
          )
        }
        className={cn(
          'relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full transition-colors disabled:cursor-not-allowed disabled:opacity-60',
          checked ? 'bg-brand-700' : 'bg-slate-300',
        )}
        aria-describedby={isGroup ? `${id}-hint` : undefined}
      >
        <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
      </Switch.Root>
      <label htmlFor={id} className={cn('text-sm font-semibold', checked ? 'text-brand-800' : 'text-slate-700')}>
        {checked ? 'IA' : 'Manual'}
      </label>
      {isGroup ? (
        <span id={`${id}-hint`} className="sr-only">
          {GROUP_TOOLTIP}
        </span>
      ) : null}
    </span>
  );

  if (!isGroup) return control;
  return (
    <Tooltip content={GROUP_TOOLTIP}>
      <span tabIndex={0} className="rounded-md">
        {control}
      </span>
    </Tooltip>
  );
}
