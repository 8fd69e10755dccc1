import { AGENT_PAGE_TAB_PARAM, type Agent, readAgentPageTab } from '@vendai/contracts';
import { ArrowLeft, GraduationCap } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/layouts/page-header';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useAgent } from '@/lib/api/get-agent';
import { EDITOR_MESSAGES as AGENT_MESSAGES } from '../lib/messages';
import type { AgentSlots } from '../lib/agent-slots';
import { AgentView } from './agent-view';

/**
 * /ia-management?agent= (docs/product/screens.md#prompt-editor; docs/decisions/014-prompt-workshop.md,
 * docs/decisions/065-agent-tabs-hints-and-judge.md): the agent's page in three tabs — 'Como a IA fala'
 * (the prompt with manual editing, the coach, the versions), 'Como a IA age' (what the AI does besides
 * writing: delay, approval, follow-ups, price guard, limits) and 'Testes' — and 'Refazer Treinamento'
 * (limit-checked; manual edits and the coach stay open at the limit). The tab is the `aba` parameter.
 */
export function PromptWorkshopPage({
  slots = {},
}: {
  /** Other features' parts of the page (the app's route composes them). */
  slots?: { [K in keyof AgentSlots]?: (agent: Agent) => ReactNode };
} = {}) {
  const [params, setParams] = useSearchParams();
  const agentParam = params.get('agent');
  const tab = readAgentPageTab(params.get(AGENT_PAGE_TAB_PARAM));
  const setTab = (next: string) =>
    setParams(
      (current) => {
        const q = new URLSearchParams(current);
        if (next === 'fala') q.delete(AGENT_PAGE_TAB_PARAM);
        else q.set(AGENT_PAGE_TAB_PARAM, next);
        return q;
      },
      { replace: true },
    );
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
        <AgentView
          agent={agent.data}
          title={title}
          tab={tab}
          onTabChange={setTab}
          slots={{
            approval: slots.approval?.(agent.data),
            handoff: slots.handoff?.(agent.data),
            priceGuard: slots.priceGuard?.(agent.data),
            tests: slots.tests?.(agent.data),
          }}
        />
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
