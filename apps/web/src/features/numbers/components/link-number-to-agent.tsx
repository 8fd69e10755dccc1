import { agentDisplayName, instanceDisplayName, type NumberView } from '@vendai/contracts';
import { Link } from 'react-router';
import { useAgents } from '@/lib/api/get-agents';
import { LinkSelect } from '@/components/agent-link/link-select';
import { paths } from '@/config/paths';
import { UnlinkAgent } from './unlink-agent';

/** The number's agent, right in the list: choose one when it has none, or unlink the one it has. */
export function LinkNumberToAgent({ number }: { number: NumberView }) {
  const agents = useAgents();
  if (number.agente) return <UnlinkAgent number={number} />;
  if (!agents.data) return null;
  const usable = agents.data.filter((a) => a.active);
  if (!usable.length) {
    return (
      <Link
        to={paths.onboarding.trainAi.getHref()}
        className="mt-1 block text-xs font-semibold text-brand-700 underline-offset-4 hover:underline"
      >
        Treinar um agente
      </Link>
    );
  }
  return (
    <LinkSelect
      size="sm"
      className="mt-1.5"
      label={`Agente para ${instanceDisplayName(number)}`}
      options={usable.map((a) => ({ value: a.id, label: agentDisplayName(a) }))}
      toPair={(agentId) => ({ numberId: number.id, agentId })}
    />
  );
}
