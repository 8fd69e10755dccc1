import { agentDisplayName, type Agent, type AgentPageTab } from '@vendai/contracts';
import { ClipboardCheck, FlaskConical, MessageSquareText, RefreshCw, SlidersHorizontal } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { DemoModeNotice } from '@/components/demo-mode-notice';
import { PageHeader } from '@/components/layouts/page-header';
import { LimitDialog } from '@/components/limit-dialog';
import { Button } from '@/components/ui/button';
import { Tabs } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { useCurrentUsage } from '@/lib/api/get-usage';
import { limits } from '@/lib/usage';
import { EDITOR_MESSAGES as AGENT_MESSAGES } from '../lib/messages';
import type { AgentSlots } from '../lib/agent-slots';
import { AgentBehaviour } from './agent-behaviour';
import { PromptCoach } from './prompt-coach';
import { PromptVersions } from './prompt-versions';
import { SystemPromptEditor } from './system-prompt-editor';

export function AgentView({
  agent,
  title,
  tab,
  onTabChange,
  slots,
}: {
  agent: Agent;
  title: string;
  tab: AgentPageTab;
  onTabChange: (tab: AgentPageTab) => void;
  slots: Partial<AgentSlots>;
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
            Agente <strong className="font-semibold text-slate-800">{agentDisplayName(agent)}</strong>: como a IA fala
            com os seus clientes, o que ela faz sozinha e os testes que conferem as respostas.
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

      <Tabs
        className="mt-6"
        label="Partes do agente"
        value={tab}
        onValueChange={onTabChange}
        items={[
          {
            value: 'fala',
            label: 'Como a IA fala',
            icon: MessageSquareText,
            content: (
              <>
                <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
                  <SystemPromptEditor agent={agent} onDirtyChange={setDirty} />
                  <div className="min-w-0 lg:sticky lg:top-6 lg:self-start">
                    <PromptCoach agent={agent} blockedByDraft={dirty} />
                  </div>
                </div>
                <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
                  <PromptVersions agent={agent} blockedByDraft={dirty} />
                  <aside className="min-w-0">
                    <TrainingCard agent={agent} usage={usage.data} />
                  </aside>
                </div>
              </>
            ),
          },
          {
            value: 'age',
            label: 'Como a IA age',
            icon: SlidersHorizontal,
            content: <AgentBehaviour agent={agent} slots={slots} />,
          },
          { value: 'testes', label: 'Testes', icon: ClipboardCheck, content: slots.tests ?? null },
        ]}
      />

      <LimitDialog open={limitOpen} onOpenChange={setLimitOpen} description={AGENT_MESSAGES.retrainLimit} />
    </>
  );
}

function TrainingCard({
  agent,
  usage,
}: {
  agent: Agent;
  usage: { total_trainnings: number; max_trainnings: number } | undefined;
}) {
  return (
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
        {usage ? (
          <div className="flex justify-between gap-3">
            <dt className="text-slate-600">Treinamentos no mês</dt>
            <dd className="font-medium text-slate-900">
              {usage.total_trainnings}/{usage.max_trainnings}
            </dd>
          </div>
        ) : null}
      </dl>
      <p className="mt-3 text-xs text-slate-500">
        Edições manuais, sugestões aceitas da treinadora e restaurações não contam como treinamento.
      </p>
    </section>
  );
}
