import { instanceDisplayName, type AgentSummary } from '@vendai/contracts';
import { useNumbers } from '@/lib/api/get-numbers';
import { LinkSelect } from '@/components/agent-link/link-select';

/** An agent no number uses (docs/decisions/013-first-run-auto-link.md): the link action right in the list. Clicks stay out of the row's navigation. */
export function LinkAgentToNumber({ agent }: { agent: AgentSummary }) {
  const numbers = useNumbers();
  if (agent.linked || !numbers.data) return null;
  if (!numbers.data.length)
    return <p className="mt-0.5 text-xs text-slate-500">Ainda não responde em nenhum WhatsApp.</p>;
  return (
    <div className="mt-1.5" onClick={(e) => e.stopPropagation()}>
      <p className="text-xs text-amber-800">Não responde em nenhum WhatsApp. Ligar a:</p>
      <LinkSelect
        size="sm"
        className="mt-1"
        label={`WhatsApp para o agente ${agent.apelido ?? ''}`.trim()}
        options={numbers.data.map((n) => ({
          value: n.id,
          label: `${instanceDisplayName(n)}${n.agente_nome ? ` (hoje: ${n.agente_nome})` : ''}`,
        }))}
        toPair={(numberId) => ({ numberId, agentId: agent.id })}
      />
    </div>
  );
}
