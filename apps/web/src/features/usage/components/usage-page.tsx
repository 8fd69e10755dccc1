import type { CurrentUsage } from '@vendai/contracts';
import { Link } from 'react-router';
import { PageHeader } from '@/components/layouts/page-header';
import { paths } from '@/config/paths';
import { useCurrentUsage } from '@/lib/api/get-usage';
import { cn } from '@/lib/cn';

const n = (v: number) => v.toLocaleString('pt-BR');

/** One allowance: what was used against the plan's limit, with a bar that turns red at the limit. */
function Meter({ label, used, max, hint }: { label: string; used: number; max: number; hint: string }) {
  const share = max > 0 ? Math.min(100, Math.round((used / max) * 100)) : 100;
  const reached = used >= max;
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4" data-testid="usage-meter">
      <div className="flex items-baseline justify-between gap-3">
        <h2 className="text-sm font-semibold text-slate-900">{label}</h2>
        <p className={cn('text-sm font-semibold', reached ? 'text-red-700' : 'text-slate-700')}>
          {n(used)}/{n(max)}
        </p>
      </div>
      <div
        className="mt-2 h-2 rounded-full bg-slate-100"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={Math.min(used, max)}
      >
        <div
          className={cn('h-2 rounded-full', reached ? 'bg-red-600' : 'bg-emerald-600')}
          style={{ width: `${share}%` }}
        />
      </div>
      <p className="mt-2 text-xs text-slate-600">{hint}</p>
    </li>
  );
}

function Meters({ usage }: { usage: CurrentUsage }) {
  const kinds = usage.ai_assists_by_kind;
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      <Meter
        label="Mensagens de IA"
        used={usage.ai_messages}
        max={usage.max_ai_messages}
        hint="Respostas da IA aos seus clientes neste período."
      />
      <Meter
        label="Mensagens de teste"
        used={usage.test_messages}
        max={usage.max_test_messages}
        hint="Playground (com a prévia de acompanhamento), Treinadora de Prompt e Testes do assistente."
      />
      <Meter
        label="Usos de IA"
        used={usage.ai_assists}
        max={usage.max_ai_assists}
        hint={`Listas de preços lidas pela IA: ${n(kinds.price_list)} · Perguntas do treinamento: ${n(kinds.training_questions)} · Transcrições e descrições pedidas: ${n(kinds.media_requests)}.`}
      />
      <Meter
        label="Treinamentos"
        used={usage.total_trainnings}
        max={usage.max_trainnings}
        hint="Treinamentos e retreinamentos de agentes. Edições manuais do prompt não contam."
      />
      <Meter label="Agentes" used={usage.qtd_agentes} max={usage.max_ai_responses} hint="Agentes criados." />
      <Meter
        label="Números de WhatsApp"
        used={usage.qtd_instancias}
        max={usage.max_instances}
        hint="Números conectados ou em conexão."
      />
    </ul>
  );
}

/**
 * 'Uso do plano' (/usage, docs/decisions/050-upload-and-model-call-limits.md): every allowance of the
 * plan beside what this month used — AI messages, test messages, AI assists (by kind), trainings,
 * agents, numbers — and the media the AI understood.
 */
export function UsagePage() {
  const usage = useCurrentUsage().data;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 p-4 sm:p-6">
      <PageHeader
        title="Uso do plano"
        description="O que você já usou neste mês em cada limite do seu plano. Os limites mensais renovam no início de cada mês."
        action={
          <Link
            to={paths.pricing.getHref()}
            className="inline-flex h-10 items-center rounded-lg bg-emerald-700 px-4 text-sm font-semibold text-white hover:bg-emerald-800"
          >
            Ver Planos
          </Link>
        }
      />
      {usage ? (
        <>
          <Meters usage={usage} />
          <p className="text-sm text-slate-600" data-testid="usage-media">
            Mídias entendidas pela IA neste mês: {n(usage.media.transcriptions)} áudios transcritos (
            {n(Math.round(usage.media.transcribed_seconds / 60))} min), {n(usage.media.descriptions)} imagens descritas,{' '}
            {n(usage.media.documents)} documentos lidos.
          </p>
        </>
      ) : (
        <p className="text-sm text-slate-600">Carregando…</p>
      )}
    </div>
  );
}
