import { agentDisplayName, type Agent } from '@vendai/contracts';
import { ArrowLeft, FlaskConical, GraduationCap, RefreshCw } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { DemoModeNotice } from '@/components/demo-mode-notice';
import { PageHeader } from '@/components/layouts/page-header';
import { LimitDialog } from '@/components/limit-dialog';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { limits } from '@/lib/usage';
import { useCurrentUsage } from '@/lib/api/get-usage';
import { useAgent } from '@/lib/api/get-agent';
import { EDITOR_MESSAGES as AGENT_MESSAGES } from '../lib/messages';
import { PromptCoach } from './prompt-coach';
import { SystemPromptEditor } from './system-prompt-editor';
import { PromptVersions } from './prompt-versions';
import { ResponseDelay } from './response-delay';
import { ResumeAfter } from './resume-after';
import { ContactDailyLimit } from './contact-daily-limit';
import { FollowUpSettings } from './follow-up-settings';

/**
 * /ia-management?agent= (docs/product/screens.md#prompt-editor; docs/decisions/014-prompt-workshop.md): the prompt with manual editing, the
 * prompt coach beside it (below it on a phone), the prompt versions, the response delay (saves at
 * once) and 'Refazer Treinamento' (limit-checked; manual edits and the coach stay open at the limit).
 */
export function PromptWorkshopPage({
  agentSettings,
}: {
  /** Other features' sections among the agent's settings (the app's route composes them). */
  agentSettings?: (agent: Agent) => ReactNode;
} = {}) {
  const [params] = useSearchParams();
  const agentParam = params.get('agent');
  const agent = useAgent(agentParam);
  const backHref = agentParam ? paths.agents.getHref() : paths.conversations.getHref();
  const title = agentParam ? 'Editar Agente' : 'Gerenciar IA';

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6">
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
        <AgentView agent={agent.data} title={title} agentSettings={agentSettings} />
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
      <p className="mx-auto mt-2 max-w-md text-sm text-slate-600">
        Treine um agente para que ele tenha um roteiro de vendas para mostrar aqui.
      </p>
      <div className="mt-6 flex flex-col justify-center gap-2 sm:flex-row">
        <Button asChild variant="secondary">
          <Link to={paths.conversations.getHref()}>Voltar ao Dashboard</Link>
        </Button>
        <Button asChild>
          <Link to={paths.onboarding.trainAi.getHref({ mode: 'create' })}>Fazer Treinamento</Link>
        </Button>
      </div>
    </section>
  );
}

function AgentView({
  agent,
  title,
  agentSettings,
}: {
  agent: Agent;
  title: string;
  agentSettings?: (agent: Agent) => ReactNode;
}) {
  const navigate = useNavigate();
  const usage = useCurrentUsage();
  const [limitOpen, setLimitOpen] = useState(false);
  const [dirty, setDirty] = useState(false);

  /** 'Refazer Treinamento' is blocked at total_trainnings ≥ max_trainnings (docs/product/limits.md). */
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
            Agente <strong className="font-semibold text-slate-800">{agentDisplayName(agent)}</strong>: o roteiro
            (prompt) que a IA segue nas conversas. Edite à mão, peça mudanças à treinadora e teste no Playground.
          </>
        }
        action={
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="secondary">
              <Link to={paths.playground.getHref()}>
                <FlaskConical aria-hidden />
                Testar no Playground
              </Link>
            </Button>
            <Button onClick={() => void retrain()}>
              <RefreshCw aria-hidden />
              Refazer Treinamento
            </Button>
          </div>
        }
      />
      <DemoModeNotice className="mt-5" />

      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <SystemPromptEditor agent={agent} onDirtyChange={setDirty} />
        <div className="min-w-0 lg:sticky lg:top-6 lg:self-start">
          <PromptCoach agent={agent} blockedByDraft={dirty} />
        </div>
      </div>

      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <PromptVersions agent={agent} blockedByDraft={dirty} />
        <aside className="min-w-0 space-y-4">
          <ResponseDelay agent={agent} />
          <ResumeAfter agent={agent} />
          <ContactDailyLimit agent={agent} />
          <FollowUpSettings agent={agent} />
          {agentSettings?.(agent)}
          <section className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
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
            <p className="mt-3 text-xs text-slate-500">
              Edições manuais, sugestões aceitas da treinadora e restaurações não contam como treinamento.
            </p>
          </section>
        </aside>
      </div>

      <LimitDialog open={limitOpen} onOpenChange={setLimitOpen} description={AGENT_MESSAGES.retrainLimit} />
    </>
  );
}
