import type { ConversationDto } from '@vendai/contracts';
import { Switch } from 'radix-ui';
import { toast } from 'sonner';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useSetNeverAnswer } from '../api/set-never-answer';
import { UNEXPECTED } from './ai-switch';

export const NEVER_ANSWER_FAILED = "Erro ao alterar 'Nunca responder'. Tente novamente.";
export const NEVER_ANSWER_HINT =
  'A IA nunca responde a este contato, também em novas conversas. Para ligar a IA, desmarque esta opção.';

/** The contact's 'Nunca responder' switch, beside the AI switch (decision 015); not for groups (always off). */
export function NeverAnswerSwitch({ conversation }: { conversation: ConversationDto }) {
  const mutation = useSetNeverAnswer();
  if (conversation.type === 'group') return null;
  const checked = mutation.isPending ? !!mutation.variables?.neverAnswer : conversation.neverAnswer;
  const id = `never-answer-${conversation.id}`;
  return (
    <span className="inline-flex items-center gap-2" title={NEVER_ANSWER_HINT}>
      <Switch.Root
        id={id}
        checked={checked}
        disabled={mutation.isPending}
        onCheckedChange={(value) =>
          mutation.mutate(
            { id: conversation.id, neverAnswer: value },
            {
              onError: (err) =>
                toast.error(
                  err instanceof ApiError ? (err.status === 400 ? err.message : NEVER_ANSWER_FAILED) : UNEXPECTED,
                ),
            },
          )
        }
        className={cn(
          'relative inline-flex h-5 w-9 shrink-0 cursor-pointer items-center rounded-full transition-colors disabled:cursor-not-allowed disabled:opacity-60',
          checked ? 'bg-red-600' : 'bg-slate-300',
        )}
      >
        <Switch.Thumb className="block size-4 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[18px]" />
      </Switch.Root>
      <label htmlFor={id} className={cn('text-xs font-semibold', checked ? 'text-red-700' : 'text-slate-600')}>
        Nunca responder
      </label>
    </span>
  );
}
