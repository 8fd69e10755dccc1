import { agentDisplayName } from '@vendai/contracts';
import { ClipboardPlus } from 'lucide-react';
import { toast } from 'sonner';
import { ApiError } from '@/lib/api-client';
import { useAddMessageToTests } from '@/lib/api/agent-tests';
import { useActiveAgents } from '@/lib/api/get-agents';

/**
 * 'Adicionar aos testes' under a customer's text message in the inbox (docs/decisions/039-agent-tests.md):
 * one click makes it a test case of the agent (with several agents, the owner picks which).
 */
export function AddToTestsButton({ messageId }: { messageId: string }) {
  const agents = useActiveAgents();
  const add = useAddMessageToTests();
  if (!agents.data?.length) return null;
  const addTo = (agentId: string) =>
    add.mutate(
      { agentId, messageId },
      {
        onSuccess: () => toast.success('Adicionada aos testes do assistente.'),
        onError: (err) =>
          toast.error(err instanceof ApiError && err.status < 500 ? err.message : 'Não foi possível adicionar.'),
      },
    );
  const className =
    'inline-flex items-center gap-1 rounded px-1 text-[11px] font-medium text-slate-500 hover:bg-slate-100 hover:text-slate-800';
  if (agents.data.length === 1)
    return (
      <button type="button" className={className} disabled={add.isPending} onClick={() => addTo(agents.data[0]!.id)}>
        <ClipboardPlus className="size-3.5" aria-hidden /> Adicionar aos testes
      </button>
    );
  return (
    <details className="relative">
      <summary className={`${className} cursor-pointer list-none`}>
        <ClipboardPlus className="size-3.5" aria-hidden /> Adicionar aos testes
      </summary>
      <ul className="absolute z-10 mt-1 min-w-40 rounded-lg border border-slate-200 bg-white p-1 shadow-lg">
        {agents.data.map((a) => (
          <li key={a.id}>
            <button
              type="button"
              className="w-full rounded px-2 py-1 text-left text-xs hover:bg-slate-100"
              onClick={() => addTo(a.id)}
            >
              {agentDisplayName(a)}
            </button>
          </li>
        ))}
      </ul>
    </details>
  );
}
