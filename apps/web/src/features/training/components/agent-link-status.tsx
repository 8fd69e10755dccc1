import { formatPhone, instanceDisplayName } from '@vendai/contracts';
import { Smartphone, Zap } from 'lucide-react';
import { useNumbers } from '@/lib/api/get-numbers';
import { LinkSelect } from '@/components/agent-link/link-select';
import { Spinner } from '@/components/ui/spinner';

/**
 * Finish screen (docs/decisions/013-first-run-auto-link.md): which WhatsApp the agent now answers on — the server links a new agent to
 * the owner's only number by itself — or the way to get there (connect a number, or pick one).
 */
export function AgentLinkStatus({ agentId }: { agentId: string }) {
  const numbers = useNumbers();
  if (numbers.isPending) return <Spinner label="Verificando seus WhatsApps..." className="mt-5 justify-center" />;
  if (numbers.isError) return null;
  const answering = numbers.data.filter((n) => n.agente === agentId);
  if (answering.length) {
    return (
      <p
        role="status"
        className="mx-auto mt-5 flex max-w-md items-start gap-2 rounded-xl border border-brand-200 bg-brand-50 p-3 text-left text-sm text-brand-900"
      >
        <Zap className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>
          Ele já está respondendo no WhatsApp{' '}
          {answering.map((n, i) => (
            <span key={n.id}>
              {i > 0 ? ', ' : ''}
              <strong className="font-semibold">{instanceDisplayName(n)}</strong>
              {n.apelido ? ` (${formatPhone(n.phone)})` : ''}
            </span>
          ))}
          . Quando um cliente mandar mensagem, a IA responde.
        </span>
      </p>
    );
  }
  if (!numbers.data.length) {
    return (
      <div className="mx-auto mt-5 max-w-md rounded-xl border border-slate-200 bg-slate-50 p-4 text-left text-sm text-slate-700">
        <p className="flex items-start gap-2">
          <Smartphone className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden />
          Falta conectar o seu WhatsApp: assim que ele estiver conectado, este agente passa a responder nele.
        </p>
      </div>
    );
  }
  return (
    <div className="mx-auto mt-5 max-w-md rounded-xl border border-amber-200 bg-amber-50 p-4 text-left text-sm text-amber-900">
      <p>Escolha em qual WhatsApp este agente vai responder:</p>
      <LinkSelect
        className="mt-3"
        label="WhatsApp para este agente"
        options={numbers.data.map((n) => ({
          value: n.id,
          label: `${instanceDisplayName(n)}${n.agente_nome ? ` (hoje: ${n.agente_nome})` : ''}`,
        }))}
        toPair={(numberId) => ({ numberId, agentId })}
      />
    </div>
  );
}
