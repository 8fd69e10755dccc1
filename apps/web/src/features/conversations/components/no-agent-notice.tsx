import { agentDisplayName, type AgentSummary, type NumberView } from '@vendai/contracts';
import { BotOff } from 'lucide-react';
import { Link } from 'react-router';
import { LinkSelect } from '@/components/agent-link/link-select';
import { paths } from '@/config/paths';
import { conversationNumberLabel } from '../lib/display-names';

export const NO_AGENT_TITLE = 'Sem agente neste número';
export const INACTIVE_AGENT_TITLE = 'Agente inativo neste número';

/** Why the AI cannot answer a conversation's number, or null when it can (docs/decisions/013-first-run-auto-link.md). */
export function agentProblem(
  number: NumberView | undefined,
  agents: AgentSummary[] | undefined,
): 'no-agent' | 'inactive' | null {
  if (!number || !agents) return null;
  if (!number.agente) return 'no-agent';
  const agent = agents.find((a) => a.id === number.agente);
  return agent && !agent.active ? 'inactive' : null;
}

/** Header badge in place of the AI switch: the switch would claim an AI that cannot answer. */
export function NoAgentBadge({ problem }: { problem: 'no-agent' | 'inactive' }) {
  return (
    <span className="inline-flex shrink-0 items-center gap-1.5 rounded-full border border-amber-300 bg-amber-50 px-2.5 py-1 text-xs font-semibold text-amber-900">
      <BotOff className="size-3.5" aria-hidden />
      {problem === 'no-agent' ? 'Sem agente' : 'Agente inativo'}
    </span>
  );
}

/** The strip under the chat header: what is wrong and the way to link an agent to this number. */
export function NoAgentNotice({
  problem,
  number,
  agents,
}: {
  problem: 'no-agent' | 'inactive';
  number: NumberView;
  agents: AgentSummary[];
}) {
  const usable = agents.filter((a) => a.active && a.id !== number.agente);
  return (
    <div role="status" className="shrink-0 border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900">
      <p>
        <strong className="font-semibold">{problem === 'no-agent' ? NO_AGENT_TITLE : INACTIVE_AGENT_TITLE}</strong>: a
        IA não responde nas conversas de{' '}
        {conversationNumberLabel({ apelido: number.apelido, instanceName: number.instance_name, phone: number.phone })}.
        {usable.length ? ' Ligue um agente para ela voltar a responder:' : null}
      </p>
      {usable.length ? (
        <LinkSelect
          size="sm"
          className="mt-2"
          label="Agente para este número"
          options={usable.map((a) => ({ value: a.id, label: agentDisplayName(a) }))}
          toPair={(agentId) => ({ numberId: number.id, agentId })}
        />
      ) : (
        <Link
          to={paths.onboarding.trainAi.getHref()}
          className="mt-1 inline-block font-semibold text-brand-800 underline underline-offset-4"
        >
          Treinar um agente de IA
        </Link>
      )}
    </div>
  );
}
