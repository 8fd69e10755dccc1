import { Spinner } from '@/components/ui/spinner';
import { useActiveAgents } from '@/lib/api/get-agents';
import { AgentTests } from './agent-tests-page';

/**
 * The same tests for one agent, as the agent's page's 'Testes' tab shows them
 * (docs/decisions/065-agent-tabs-hints-and-judge.md); an inactive agent is not tested.
 */
export function AgentTestsPanel({ agentId }: { agentId: string }) {
  const agents = useActiveAgents();
  const agent = agents.data?.find((a) => a.id === agentId);
  if (agents.isPending)
    return (
      <div className="mt-10 flex justify-center">
        <Spinner label="Carregando testes..." />
      </div>
    );
  if (!agent)
    return (
      <p className="rounded-2xl border border-slate-200 bg-white p-8 text-center text-sm text-slate-600">
        Só agentes ativos são testados. Ative o agente em IA Treinamento para testá-lo aqui.
      </p>
    );
  return (
    <>
      <p className="text-sm text-slate-600">
        Perguntas típicas de clientes com o que você espera da resposta. Rode antes de mudar o prompt e veja o que
        melhorou ou piorou.
      </p>
      <AgentTests agents={[agent]} agent={agent} onAgentChange={() => undefined} compact />
    </>
  );
}
