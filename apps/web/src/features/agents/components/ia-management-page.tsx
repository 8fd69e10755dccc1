import { agentDisplayName, RESPONSE_DELAYS, type Agent } from '@vendai/contracts';
import { ArrowLeft, Clock, GraduationCap, RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { DemoModeNotice } from '@/components/demo-mode-notice';
import { PageHeader } from '@/components/layouts/page-header';
import { LimitDialog } from '@/components/limit-dialog';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { limits, useCurrentUsage } from '@/lib/usage';
import { useAgent } from '../api/get-agent';
import { useUpdateAgent } from '../api/update-agent';
import { formatCharCount, formatDelay, formatUpdatedAt } from '../lib/format';
import { AGENT_MESSAGES } from '../lib/messages';

/**
 * /ia-management?agent= (part 2 "Prompt editor"): for now the prompt is read-only; the response
 * delay saves at once and 'Refazer Treinamento' retrains (limit-checked). Manual editing and the
 * prompt coach come in a later issue.
 */
export function IaManagementPage() {
  const [params] = useSearchParams();
  const agentParam = params.get('agent');
  const agent = useAgent(agentParam);
  const backHref = agentParam ? paths.agents.getHref() : paths.dashboard.getHref();
  const title = agentParam ? 'Editar Agente' : 'Gerenciar IA';

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
      <Link
        to={backHref}
        className="mb-4 inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-slate-600 hover:text-slate-900"
        aria-label={agentParam ? 'Voltar para IA Treinamento' : 'Voltar ao Dashboard'}
      >
        <ArrowLeft className="size-4" aria-hidden />
        Voltar
      </Link>
      {agent.isPending ? (
        <>
          <PageHeader title={title} />
          <div className="mt-10 flex justify-center">
            <Spinner label="Carregando dados do agente..." />
          </div>
        </>
      ) : agent.isError ? (
        <>
          <PageHeader title={title} />
          <ErrorView error={agent.error} />
        </>
      ) : (
        <AgentView agent={agent.data} title={title} />
      )}
    </div>
  );
}

function ErrorView({ error }: { error: Error }) {
  const message = error instanceof ApiError && error.status === 404 ? error.message : AGENT_MESSAGES.loadAgentFailed;
  return (
    <section role="alert" className="mt-8 rounded-2xl border border-slate-200 bg-white px-6 py-12 text-center">
      <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-slate-100 text-slate-600">
        <GraduationCap className="size-7" aria-hidden />
      </span>
      <h2 className="mt-4 text-lg font-semibold text-slate-900">{message}</h2>
      <p className="mx-auto mt-2 max-w-md text-sm text-slate-600">Treine um agente para que ele tenha um roteiro de vendas para mostrar aqui.</p>
      <div className="mt-6 flex flex-col justify-center gap-2 sm:flex-row">
        <Button asChild variant="secondary">
          <Link to={paths.dashboard.getHref()}>Voltar ao Dashboard</Link>
        </Button>
        <Button asChild>
          <Link to={paths.onboarding.trainAi.getHref({ mode: 'create' })}>Fazer Treinamento</Link>
        </Button>
      </div>
    </section>
  );
}

function AgentView({ agent, title }: { agent: Agent; title: string }) {
  const navigate = useNavigate();
  const usage = useCurrentUsage();
  const [limitOpen, setLimitOpen] = useState(false);
  const promptId = useId();

  /** 'Refazer Treinamento' is blocked at total_trainnings ≥ max_trainnings (part 2 §9). */
  const retrain = async () => {
    const result = usage.data ? usage : await usage.refetch();
    if (!result.data) {
      toast.error(AGENT_MESSAGES.limitsLookupFailed);
      return;
    }
    if (!limits.canRetrain(result.data)) setLimitOpen(true);
    else void navigate(paths.onboarding.trainAi.getHref({ mode: 'update', agentId: agent.id }));
  };

  return (
    <>
      <PageHeader
        title={title}
        description={
          <>
            Agente <strong className="font-semibold text-slate-800">{agentDisplayName(agent)}</strong>: o roteiro (prompt) que a IA segue
            nas conversas e o tempo que ela espera antes de responder.
          </>
        }
        action={
          <Button onClick={() => void retrain()}>
            <RefreshCw aria-hidden />
            Refazer Treinamento
          </Button>
        }
      />
      <DemoModeNotice className="mt-5" />

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <section aria-labelledby={`${promptId}-label`} className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id={`${promptId}-label`} className="font-semibold text-slate-900">
              Prompt do agente
            </h2>
            <p className="text-xs text-slate-500">
              <span data-testid="prompt-char-count">{formatCharCount(agent.system_prompt.length)}</span> · Atualizado em{' '}
              <time dateTime={agent.updated_at}>{formatUpdatedAt(agent.updated_at)}</time>
            </p>
          </div>
          <textarea
            id={promptId}
            readOnly
            aria-labelledby={`${promptId}-label`}
            value={agent.system_prompt}
            className="mt-3 block h-[28rem] w-full resize-y rounded-lg border border-slate-200 bg-slate-50 p-3 font-mono text-[13px] leading-relaxed text-slate-800 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/20"
          />
          <p className="mt-2 text-xs text-slate-500">
            Somente leitura por enquanto: a edição manual do prompt e a treinadora de prompt chegam em breve. Para mudar o roteiro agora, refaça o
            treinamento.
          </p>
        </section>

        <aside className="space-y-4">
          <ResponseDelay agent={agent} />
          <section className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
            <h2 className="font-semibold text-slate-900">Treinamento</h2>
            <dl className="mt-3 space-y-2 text-sm">
              <div className="flex justify-between gap-3">
                <dt className="text-slate-600">Status</dt>
                <dd className="font-medium text-slate-900">{agent.active ? 'Ativo' : 'Inativo'}</dd>
              </div>
              <div className="flex justify-between gap-3">
                <dt className="text-slate-600">Treinamentos deste agente</dt>
                <dd className="font-medium text-slate-900" data-testid="agent-trainnings">
                  {agent.trainnings}
                </dd>
              </div>
              {usage.data ? (
                <div className="flex justify-between gap-3">
                  <dt className="text-slate-600">Treinamentos no mês</dt>
                  <dd className="font-medium text-slate-900">
                    {usage.data.total_trainnings}/{usage.data.max_trainnings}
                  </dd>
                </div>
              ) : null}
            </dl>
          </section>
        </aside>
      </div>

      <LimitDialog open={limitOpen} onOpenChange={setLimitOpen} description={AGENT_MESSAGES.retrainLimit} />
    </>
  );
}

function ResponseDelay({ agent }: { agent: Agent }) {
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
        onError: () => toast.error(AGENT_MESSAGES.saveDelayFailed),
        onSettled: () => setPending(null),
      },
    );
  };

  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
      <label htmlFor={selectId} className="flex items-center gap-2 font-semibold text-slate-900">
        <Clock className="size-4 text-brand-700" aria-hidden />
        Tempo de resposta
      </label>
      <p className="mt-1 text-sm text-slate-600">Quanto a IA espera depois da última mensagem do cliente antes de responder.</p>
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
