import type { ConversationDto } from '@vendai/contracts';
import { UserRound } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import { MenuSeparator, MenuTick, menuItemClass, menuLabelClass } from '@/components/ui/more-menu';
import { toast } from 'sonner';
import { useTeamPeople } from '@/lib/api/get-team';
import { useMe } from '@/lib/auth';
import { assignConversation } from '../api/team-api';

const NOBODY = '';

/** The conversation's assignee as it shows (a choice on its way first), and how to change it. */
function useAssignee(conversation: ConversationDto) {
  const people = useTeamPeople();
  const me = useMe().data?.user.id;
  const known = conversation.assignedUserId ?? NOBODY;
  // The choice shows at once; the conversation's own value takes over when realtime brings it.
  const [chosen, setChosen] = useState<{ convId: string; value: string; over: string } | null>(null);
  const [busy, setBusy] = useState(false);
  if (!people) return null;
  const current = chosen && chosen.convId === conversation.id && chosen.over === known ? chosen.value : known;
  const change = async (value: string) => {
    setChosen({ convId: conversation.id, value, over: known });
    setBusy(true);
    try {
      await assignConversation(conversation.id, value === NOBODY ? null : value);
    } catch (err) {
      setChosen(null);
      toast.error(err instanceof Error ? err.message : 'Não foi possível mudar o responsável.');
    } finally {
      setBusy(false);
    }
  };
  const options = [
    { value: NOBODY, label: 'Sem responsável' },
    ...people.map((p) => ({ value: p.id, label: p.id === me ? `${p.name} (você)` : p.name })),
  ];
  return { current, change, busy, options };
}

/**
 * 'Responsável' in the chat header (docs/decisions/044-team-roles-and-assignment.md): the owner or a
 * member, or 'Sem responsável'. Shown only when the account has a team, and only when the chat is wide
 * enough (a container query on the header); the '⋯' menu always has it (AssigneeMenuItems). The inbox hears the change by realtime (conversation.updated),
 * like every other member's.
 */
export function AssigneeControl({ conversation }: { conversation: ConversationDto }) {
  const assignee = useAssignee(conversation);
  if (!assignee) return null;
  return (
    <label className="hidden shrink-0 items-center gap-1 text-xs font-medium text-slate-700 @md:flex">
      <UserRound className="size-4 text-slate-500" aria-hidden />
      <span className="sr-only">Responsável</span>
      <select
        aria-label="Responsável pela conversa"
        value={assignee.current}
        disabled={assignee.busy}
        onChange={(e) => void assignee.change(e.target.value)}
        className="h-8 max-w-32 rounded-lg border border-slate-300 bg-white px-2 text-xs text-slate-800 shadow-sm"
      >
        {assignee.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The same choice in the chat header's '⋯' menu (the header's select gives way in a narrow chat). */
export function AssigneeMenuItems({ conversation }: { conversation: ConversationDto }) {
  const assignee = useAssignee(conversation);
  if (!assignee) return null;
  return (
    <DropdownMenu.Group>
      <DropdownMenu.Label className={menuLabelClass}>Responsável pela conversa</DropdownMenu.Label>
      <DropdownMenu.RadioGroup value={assignee.current} onValueChange={(v) => void assignee.change(v)}>
        {assignee.options.map((o) => (
          <DropdownMenu.RadioItem
            key={o.value}
            value={o.value}
            disabled={assignee.busy}
            onSelect={(e) => e.preventDefault()}
            className={menuItemClass}
          >
            <UserRound className="size-4 text-slate-500" aria-hidden />
            <span className="flex-1 truncate">{o.label}</span>
            <MenuTick />
          </DropdownMenu.RadioItem>
        ))}
      </DropdownMenu.RadioGroup>
      <MenuSeparator />
    </DropdownMenu.Group>
  );
}
