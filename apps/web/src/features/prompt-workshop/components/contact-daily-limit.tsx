import { CONTACT_DAILY_ANSWER_CHOICES, type Agent } from '@vendai/contracts';
import { Gauge } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { useUpdateAgent } from '@/lib/api/update-agent';

/**
 * 'Respostas da IA por contato, por dia' (docs/decisions/021-spend-and-abuse-limits.md): past it the
 * conversation goes to Manual and the owner is alerted once; the choice saves at once.
 */
export function ContactDailyLimit({ agent }: { agent: Agent }) {
  const update = useUpdateAgent();
  const selectId = useId();
  const [pending, setPending] = useState<string | null>(null);
  const value = pending ?? String(agent.max_answers_per_contact_day);
  const choices: number[] = [...CONTACT_DAILY_ANSWER_CHOICES];
  if (!choices.includes(agent.max_answers_per_contact_day)) choices.push(agent.max_answers_per_contact_day);

  const save = (raw: string) => {
    setPending(raw);
    update.mutate(
      { id: agent.id, max_answers_per_contact_day: Number(raw) },
      {
        onSuccess: () => toast.success('Limite de respostas por contato salvo.'),
        onError: () => toast.error('Não foi possível salvar. Tente novamente.'),
        onSettled: () => setPending(null),
      },
    );
  };

  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <label htmlFor={selectId} className="flex items-center gap-2 font-semibold text-slate-900">
        <Gauge className="size-4 text-brand-700" aria-hidden />
        Respostas por contato, por dia
      </label>
      <p className="mt-1 text-sm text-slate-600">
        Quando um contato passa deste número de respostas da IA no dia, a conversa vai para o modo Manual e você recebe
        um aviso. No dia seguinte a IA volta a responder.
      </p>
      <select
        id={selectId}
        value={value}
        disabled={update.isPending}
        onChange={(e) => save(e.target.value)}
        className="mt-3 block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-[15px] text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/20 disabled:bg-slate-50"
      >
        {choices
          .sort((a, b) => a - b)
          .map((n) => (
            <option key={n} value={String(n)}>
              {n} respostas
            </option>
          ))}
      </select>
    </section>
  );
}
