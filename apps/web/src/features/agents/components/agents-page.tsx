import { LinkAgentToNumber } from './link-agent-to-number';
import { agentDisplayName, type AgentSummary } from '@vendai/contracts';
import { Bot, ChevronRight, Lightbulb, Link2, Plus, RefreshCw, Trash2 } from 'lucide-react';
import { useState, type MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { PageHeader } from '@/components/layouts/page-header';
import { LimitDialog } from '@/components/limit-dialog';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { limits } from '@/lib/usage';
import { useCurrentUsage } from '@/lib/api/get-usage';
import { useAgents } from '@/lib/api/get-agents';
import { formatCreatedAt } from '../lib/format';
import { AGENT_MESSAGES } from '../lib/messages';
import { DeleteAgentDialogs } from './delete-agent-dialogs';

const TIPS = [
  'Responda às perguntas do treinamento com detalhes: preços, prazos, formas de pagamento e links.',
  'Conte as objeções que você mais ouve e como costuma responder a cada uma.',
  'Diga para onde a IA deve levar quem quer comprar: link, agenda ou uma pessoa da equipe.',
  'Mudou algo no negócio? Refaça o treinamento para a IA aprender as novidades.',
];

/** /agents-management (docs/product/rules.md#validation, docs/product/messages.md, docs/product/limits.md). */
export function AgentsPage() {
  const navigate = useNavigate();
  const agents = useAgents();
  const usage = useCurrentUsage();
  const [limitOpen, setLimitOpen] = useState(false);
  const [deleting, setDeleting] = useState<AgentSummary | null>(null);
  const [inUse, setInUse] = useState(false);

  /** '+ Novo Agente' is checked against the plan before the wizard opens (docs/product/limits.md). */
  const newAgent = async () => {
    const result = usage.data ? usage : await usage.refetch();
    if (!result.data) {
      toast.error(AGENT_MESSAGES.limitsLookupFailed);
      return;
    }
    if (!limits.canCreateAgent(result.data)) setLimitOpen(true);
    else void navigate(paths.onboarding.trainAi.getHref({ mode: 'create' }));
  };

  const askDelete = (agent: AgentSummary) => {
    setInUse(agent.linked);
    setDeleting(agent);
  };

  const list = agents.data ?? [];
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
      <PageHeader
        title="IA Treinamento"
        description="Seus agentes de IA: cada um tem um roteiro escrito a partir do treinamento. Clique em um agente para ver e ajustar o roteiro."
        action={
          <Button onClick={() => void newAgent()}>
            <Plus aria-hidden />
            Novo Agente
          </Button>
        }
      />
      {usage.data ? (
        <p className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
          <span>
            Agentes do plano:{' '}
            <strong
              className={cn('font-semibold', limits.canCreateAgent(usage.data) ? 'text-slate-900' : 'text-red-700')}
            >
              {usage.data.qtd_agentes}/{usage.data.max_ai_responses}
            </strong>
          </span>
          <Link
            to={paths.pricing.getHref()}
            className="font-semibold text-brand-700 underline-offset-4 hover:underline"
          >
            Aumentar Limite
          </Link>
        </p>
      ) : null}

      <div className="mt-6">
        {agents.isPending ? (
          <AgentsSkeleton />
        ) : agents.isError ? (
          <div className="space-y-3">
            <Alert tone="error">{AGENT_MESSAGES.loadFailed}</Alert>
            <Button variant="secondary" onClick={() => void agents.refetch()}>
              <RefreshCw aria-hidden />
              Tentar novamente
            </Button>
          </div>
        ) : list.length === 0 ? (
          <EmptyState onCreate={() => void newAgent()} />
        ) : (
          <>
            <AgentsTable agents={list} onDelete={askDelete} />
            <AgentsCards agents={list} onDelete={askDelete} />
          </>
        )}
      </div>

      <TipsCard />

      <LimitDialog open={limitOpen} onOpenChange={setLimitOpen} description={AGENT_MESSAGES.agentLimit} />
      <DeleteAgentDialogs
        agent={deleting}
        inUse={inUse}
        onInUse={() => setInUse(true)}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}

function StatusBadge({ active }: { active: boolean }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold',
        active
          ? 'bg-emerald-50 text-emerald-800 ring-1 ring-emerald-200'
          : 'bg-slate-100 text-slate-700 ring-1 ring-slate-200',
      )}
    >
      <span className={cn('size-1.5 rounded-full', active ? 'bg-emerald-500' : 'bg-slate-400')} aria-hidden />
      {active ? 'Ativo' : 'Inativo'}
    </span>
  );
}

function NameCell({ agent }: { agent: AgentSummary }) {
  return (
    <div className="min-w-0">
      <Link
        to={paths.promptWorkshop.getHref(agent.id)}
        className="block truncate font-semibold text-slate-900 hover:text-brand-800 hover:underline"
        onClick={(e) => e.stopPropagation()}
      >
        {agentDisplayName(agent)}
      </Link>
      {agent.linked ? (
        <p className="mt-0.5 inline-flex items-center gap-1 text-xs text-slate-500">
          <Link2 className="size-3.5" aria-hidden />
          Ligado a um WhatsApp
        </p>
      ) : (
        <LinkAgentToNumber agent={agent} />
      )}
    </div>
  );
}

function DeleteButton({ agent, onDelete }: { agent: AgentSummary; onDelete: (a: AgentSummary) => void }) {
  return (
    <Button
      size="sm"
      variant="ghost"
      className="text-red-700 hover:bg-red-50 hover:text-red-800"
      onClick={(e: MouseEvent) => {
        e.stopPropagation();
        onDelete(agent);
      }}
      aria-label={`Excluir ${agentDisplayName(agent)}`}
    >
      <Trash2 aria-hidden />
      Excluir
    </Button>
  );
}

type ListProps = { agents: AgentSummary[]; onDelete: (a: AgentSummary) => void };

function AgentsTable({ agents, onDelete }: ListProps) {
  const navigate = useNavigate();
  return (
    <div className="hidden overflow-hidden rounded-2xl border border-slate-200 bg-white md:block">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Agentes de IA</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="px-4 py-3">
              Nome
            </th>
            <th scope="col" className="px-4 py-3">
              Status
            </th>
            <th scope="col" className="px-4 py-3">
              Criado em
            </th>
            <th scope="col" className="px-4 py-3 text-right">
              Ação
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {agents.map((a) => (
            <tr
              key={a.id}
              data-testid="agent-row"
              className="cursor-pointer align-middle hover:bg-slate-50"
              onClick={() => void navigate(paths.promptWorkshop.getHref(a.id))}
            >
              <td className="max-w-72 px-4 py-3">
                <NameCell agent={a} />
              </td>
              <td className="px-4 py-3">
                <StatusBadge active={a.active} />
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-600">{formatCreatedAt(a.created_at)}</td>
              <td className="px-4 py-3 text-right">
                <DeleteButton agent={a} onDelete={onDelete} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Phones get one card per agent instead of the table (no horizontal scroll at 390 px). */
function AgentsCards({ agents, onDelete }: ListProps) {
  return (
    <ul className="space-y-3 md:hidden" aria-label="Agentes de IA">
      {agents.map((a) => (
        <li key={a.id} data-testid="agent-card" className="rounded-2xl border border-slate-200 bg-white p-4">
          <div className="flex items-start justify-between gap-3">
            <NameCell agent={a} />
            <StatusBadge active={a.active} />
          </div>
          <p className="mt-2 text-sm text-slate-600">Criado em {formatCreatedAt(a.created_at)}</p>
          <div className="mt-3 flex items-center justify-between gap-2 border-t border-slate-100 pt-3">
            <Button asChild size="sm" variant="secondary">
              <Link to={paths.promptWorkshop.getHref(a.id)}>
                Abrir
                <ChevronRight aria-hidden />
              </Link>
            </Button>
            <DeleteButton agent={a} onDelete={onDelete} />
          </div>
        </li>
      ))}
    </ul>
  );
}

function EmptyState({ onCreate }: { onCreate: () => void }) {
  return (
    <section className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Bot className="size-7" aria-hidden />
      </span>
      <h2 className="mt-4 text-lg font-semibold text-slate-900">Nenhum agente encontrado</h2>
      <p className="mx-auto mt-2 max-w-md text-sm text-slate-600">
        Responda 7 perguntas sobre o seu negócio e a IA escreve o próprio roteiro de vendas. Leva cerca de 5 minutos.
      </p>
      <Button className="mt-6" onClick={onCreate}>
        Criar Primeiro Agente
      </Button>
    </section>
  );
}

function TipsCard() {
  return (
    <section
      aria-labelledby="dicas-precisao"
      className="mt-8 rounded-2xl border border-amber-200 bg-amber-50/60 p-5 sm:p-6"
    >
      <h2 id="dicas-precisao" className="flex items-center gap-2 font-semibold text-slate-900">
        <Lightbulb className="size-5 text-amber-600" aria-hidden />
        Dicas para uma IA mais precisa
      </h2>
      <ul className="mt-3 space-y-2 text-sm text-slate-700">
        {TIPS.map((tip) => (
          <li key={tip} className="flex gap-2">
            <span className="mt-2 size-1.5 shrink-0 rounded-full bg-amber-500" aria-hidden />
            {tip}
          </li>
        ))}
      </ul>
    </section>
  );
}

function AgentsSkeleton() {
  return (
    <div role="status" aria-label="Carregando agentes" className="space-y-3">
      {[0, 1].map((i) => (
        <div key={i} className="flex animate-pulse items-center gap-4 rounded-2xl border border-slate-200 bg-white p-4">
          <div className="size-10 rounded-full bg-slate-200" />
          <div className="flex-1 space-y-2">
            <div className="h-3.5 w-40 rounded bg-slate-200" />
            <div className="h-3 w-28 rounded bg-slate-100" />
          </div>
        </div>
      ))}
      <span className="sr-only">Carregando seus agentes...</span>
    </div>
  );
}
