import type { ConversationDto } from '@vendai/contracts';
import { UserRound } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { useTeamPeople } from '@/lib/api/get-team';
import { useMe } from '@/lib/auth';
import { assignConversation } from '../api/team-api';

const NOBODY = '';

/**
 * 'Responsável' in the chat header (docs/decisions/044-team-roles-and-assignment.md): the owner or a
 * member, or 'Sem responsável'. Shown only when the account has a team. The inbox hears the change by
 * realtime (conversation.updated), like every other member's.
 */
export function AssigneeControl({ conversation }: { conversation: ConversationDto }) {
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
  return (
    <label className="flex items-center gap-1.5 text-xs font-medium text-slate-700">
      <UserRound className="size-4 text-slate-500" aria-hidden />
      <span className="sr-only sm:not-sr-only">Responsável</span>
      <select
        aria-label="Responsável pela conversa"
        value={current}
        disabled={busy}
        onChange={(e) => void change(e.target.value)}
        className="h-8 max-w-40 rounded-lg border border-slate-300 bg-white px-2 text-xs text-slate-800 shadow-sm"
      >
        <option value={NOBODY}>Sem responsável</option>
        {people.map((p) => (
          <option key={p.id} value={p.id}>
            {p.id === me ? `${p.name} (você)` : p.name}
          </option>
        ))}
      </select>
    </label>
  );
}
