import { RESPONSE_DELAYS, type Agent } from '@vendai/contracts';
import { Clock } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { useUpdateAgent } from '@/lib/api/update-agent';
import { formatDelay } from '../lib/format';
import { EDITOR_MESSAGES } from '../lib/messages';

/** Response-delay selector (docs/product/rules.md#states-and-transitions: the choice saves at once). */
export function ResponseDelay({ agent }: { agent: Agent }) {
  const update = useUpdateAgent();
  const selectId = useId();
  const [pending, setPending] = useState<number | null>(null);
  const value = pending ?? agent.timing;

  const save = (timing: number) => {
    setPending(timing);
    update.mutate(
      { id: agent.id, timing },
      {
        onSuccess: () => toast.success('Tempo de resposta salvo.'),
        onError: () => toast.error(EDITOR_MESSAGES.saveDelayFailed),
        onSettled: () => setPending(null),
      },
    );
  };

  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <label htmlFor={selectId} className="flex items-center gap-2 font-semibold text-slate-900">
        <Clock className="size-4 text-brand-700" aria-hidden />
        Tempo de resposta
      </label>
      <p className="mt-1 text-sm text-slate-600">
        Quanto a IA espera depois da última mensagem do cliente antes de responder.
      </p>
      <select
        id={selectId}
        value={value}
        disabled={update.isPending}
        onChange={(e) => save(Number(e.target.value))}
        className="mt-3 block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-[15px] text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/20 disabled:bg-slate-50"
      >
        {RESPONSE_DELAYS.map((d) => (
          <option key={d} value={d}>
            {formatDelay(d)}
          </option>
        ))}
      </select>
      {update.isPending ? <p className="mt-2 text-xs text-slate-500">Salvando...</p> : null}
    </section>
  );
}
