import type { ConversationDto } from '@vendai/contracts';
import { BellOff } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { MenuTick, menuItemClass } from '@/components/ui/more-menu';
import { toast } from 'sonner';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useSetNeverAnswer } from '../api/set-never-answer';
import { UNEXPECTED } from './ai-switch';

export const NEVER_ANSWER_FAILED = "Erro ao alterar 'Nunca responder'. Tente novamente.";
export const NEVER_ANSWER_HINT =
  'A IA nunca responde a este contato, também em novas conversas. Para ligar a IA, desmarque esta opção.';

/**
 * The contact's 'Nunca responder' (decision 015) in the chat header's '⋯' menu: a ticked item; while on,
 * a red line under the header says so. Not for groups (always off).
 */
export function NeverAnswerMenuItem({ conversation }: { conversation: ConversationDto }) {
  const mutation = useSetNeverAnswer();
  if (conversation.type === 'group') return null;
  const checked = mutation.isPending ? !!mutation.variables?.neverAnswer : conversation.neverAnswer;
  return (
    <DropdownMenu.CheckboxItem
      checked={checked}
      disabled={mutation.isPending}
      title={NEVER_ANSWER_HINT}
      onSelect={(e) => e.preventDefault()}
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
      className={cn(menuItemClass, checked && 'text-red-700')}
    >
      <BellOff className={cn('size-4', checked ? 'text-red-600' : 'text-slate-500')} aria-hidden />
      <span className="flex-1">Nunca responder</span>
      <MenuTick />
    </DropdownMenu.CheckboxItem>
  );
}
