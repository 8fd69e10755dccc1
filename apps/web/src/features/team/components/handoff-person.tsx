import type { Agent } from '@vendai/contracts';
import { Link } from 'react-router';
import { Users } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { paths } from '@/config/paths';
import { useTeam } from '@/lib/api/get-team';
import { useUpdateAgent } from '@/lib/api/update-agent';

const OWNER = '';

/**
 * 'Quando a IA passar para uma pessoa' among the agent's settings (docs/decisions/044-team-roles-and-assignment.md):
 * the member a handoff goes to — assigned the conversation and alerted on their own WhatsApp (or
 * e-mail) — or the owner. Saves at once.
 */
export function HandoffPerson({ agent }: { agent: Agent }) {
  const team = useTeam();
  const update = useUpdateAgent();
  const selectId = useId();
  const [pending, setPending] = useState<string | null>(null);
  const value = pending ?? agent.handoff_user_id ?? OWNER;
  const members = (team.data?.members ?? []).filter((m) => m.role === 'attendant');

  const save = (raw: string) => {
    setPending(raw);
    update.mutate(
      { id: agent.id, handoff_user_id: raw === OWNER ? null : raw },
      {
        onSuccess: () => toast.success('Pessoa do atendimento salva.'),
        onError: (err) => toast.error(err.message || 'Não foi possível salvar. Tente novamente.'),
        onSettled: () => setPending(null),
      },
    );
  };

  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <label htmlFor={selectId} className="flex items-center gap-2 font-semibold text-slate-900">
        <Users className="size-4 text-brand-700" aria-hidden />
        Quando a IA passar para uma pessoa
      </label>
      <p className="mt-1 text-sm text-slate-600">
        A conversa fica com esta pessoa e o aviso vai para o WhatsApp dela (ou para o e-mail, se ela não tiver WhatsApp
        cadastrado).
      </p>
      <select
        id={selectId}
        value={value}
        disabled={update.isPending || team.isPending}
        onChange={(e) => save(e.target.value)}
        className="mt-3 block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-[15px] text-slate-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/20 focus:outline-none disabled:bg-slate-50"
      >
        <option value={OWNER}>Você (dono da conta)</option>
        {members.map((m) => (
          <option key={m.id} value={m.id}>
            {m.name}
          </option>
        ))}
      </select>
      {team.isSuccess && members.length === 0 ? (
        <p className="mt-2 text-xs text-slate-600">
          Sem atendentes ainda.{' '}
          <Link to={paths.team.getHref()} className="font-semibold text-brand-700 underline underline-offset-4">
            Convidar pela Equipe
          </Link>
        </p>
      ) : null}
    </section>
  );
}
