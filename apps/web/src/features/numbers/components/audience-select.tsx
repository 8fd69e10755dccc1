import {
  AI_AUDIENCE_LABELS,
  AI_AUDIENCES,
  type AiAudience,
  instanceDisplayName,
  type NumberView,
} from '@vendai/contracts';
import { toast } from 'sonner';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useUpdateNumberSettings } from '../api/update-number-settings';

const AUDIENCE_FAILED = 'Erro ao alterar a quem a IA responde. Tente novamente.';
export const AUDIENCE_HINT: Record<AiAudience, string> = {
  all: 'A IA responde a todos que escreverem para este número.',
  new: 'A IA responde só a quem escrever pela primeira vez depois da conexão; clientes antigos ficam com você.',
};

/** 'A IA responde: Todos os contatos / Só contatos novos' for one number (decision 015). */
export function AudienceSelect({ number, className }: { number: NumberView; className?: string }) {
  const mutation = useUpdateNumberSettings();
  const value = (mutation.isPending ? mutation.variables?.aiAudience : undefined) ?? number.ai_audience;
  const id = `ai-audience-${number.id}`;
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={id} className="text-xs font-medium text-slate-600">
        A IA responde
      </label>
      <select
        id={id}
        value={value}
        disabled={mutation.isPending}
        aria-label={`A IA responde em ${instanceDisplayName(number)}`}
        title={AUDIENCE_HINT[value]}
        onChange={(e) =>
          mutation.mutate(
            { id: number.id, aiAudience: e.target.value as AiAudience },
            {
              onSuccess: () => toast.success(AUDIENCE_HINT[e.target.value as AiAudience]),
              onError: (err) =>
                toast.error(err instanceof ApiError && err.status === 400 ? err.message : AUDIENCE_FAILED),
            },
          )
        }
        className="h-9 w-full max-w-52 rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none disabled:opacity-60"
      >
        {AI_AUDIENCES.map((a) => (
          <option key={a} value={a}>
            {AI_AUDIENCE_LABELS[a]}
          </option>
        ))}
      </select>
    </div>
  );
}
