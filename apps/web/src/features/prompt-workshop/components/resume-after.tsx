import { RESUME_AFTER_CHOICES, type Agent } from '@vendai/contracts';
import { RotateCcw } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { useUpdateAgent } from '@/lib/api/update-agent';

/** 'IA volta em…' choice label: '12 horas', 'Nunca (só quando eu religar)'. */
function formatResumeAfter(minutes: number | null): string {
  if (minutes === null) return 'Nunca (só quando eu religar)';
  const hours = minutes / 60;
  return hours === 1 ? '1 hora' : `${hours} horas`;
}

/**
 * When the AI comes back by itself after the owner took over or it handed a customer to a person
 * (docs/decisions/015-handoff.md): the choice saves at once.
 */
export function ResumeAfter({ agent }: { agent: Agent }) {
  const update = useUpdateAgent();
  const selectId = useId();
  const [pending, setPending] = useState<string | null>(null);
  const value = pending ?? String(agent.resume_after_minutes ?? 'never');

  const save = (raw: string) => {
    setPending(raw);
    update.mutate(
      { id: agent.id, resume_after_minutes: raw === 'never' ? null : Number(raw) },
      {
        onSuccess: () => toast.success('Tempo para a IA voltar salvo.'),
        onError: () => toast.error('Não foi possível salvar. Tente novamente.'),
        onSettled: () => setPending(null),
      },
    );
  };

  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <label htmlFor={selectId} className="flex items-center gap-2 font-semibold text-slate-900">
        <RotateCcw className="size-4 text-brand-700" aria-hidden />A IA volta depois de
      </label>
      <p className="mt-1 text-sm text-slate-600">
        Quando você assume uma conversa (ou a IA passa o cliente para uma pessoa), a IA volta a responder sozinha depois
        deste tempo sem mensagens suas.
      </p>
      <select
        id={selectId}
        value={value}
        disabled={update.isPending}
        onChange={(e) => save(e.target.value)}
        className="mt-3 block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-[15px] text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/20 disabled:bg-slate-50"
      >
        {RESUME_AFTER_CHOICES.map((m) => (
          <option key={String(m)} value={String(m ?? 'never')}>
            {formatResumeAfter(m)}
          </option>
        ))}
      </select>
    </section>
  );
}
