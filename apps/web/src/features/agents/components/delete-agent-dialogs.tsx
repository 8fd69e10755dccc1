import { agentDisplayName, AGENT_IN_USE_MESSAGE, type AgentSummary } from '@vendai/contracts';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useDeleteAgent } from '../api/delete-agent';
import { AGENT_MESSAGES } from '../lib/messages';

/**
 * Excluir: a confirmation, or the 'Agente em uso' dialog when a number links the agent (known from
 * the list, or answered 409 by the server because it was linked in the meantime).
 */
export function DeleteAgentDialogs({
  agent,
  inUse,
  onClose,
  onInUse,
}: {
  agent: AgentSummary | null;
  inUse: boolean;
  onClose: () => void;
  onInUse: () => void;
}) {
  const navigate = useNavigate();
  const remove = useDeleteAgent();
  const name = agent ? agentDisplayName(agent) : '';
  const failed = remove.isError && !(remove.error instanceof ApiError && remove.error.status === 409);

  const confirm = () => {
    if (!agent) return;
    remove.mutate(agent.id, {
      onSuccess: () => {
        toast.success(`Agente "${name}" excluído.`);
        onClose();
      },
      onError: (err) => {
        if (err instanceof ApiError && err.status === 409) onInUse();
      },
    });
  };

  const close = (open: boolean) => {
    if (open) return;
    remove.reset();
    onClose();
  };

  return (
    <>
      <Dialog
        open={Boolean(agent) && !inUse}
        onOpenChange={close}
        title="Excluir agente?"
        description={
          <>
            O agente <strong className="font-semibold text-slate-900">{name}</strong> e o roteiro dele serão apagados.
            Esta ação não pode ser desfeita.
          </>
        }
        footer={
          <>
            <Button variant="secondary" onClick={() => close(false)} disabled={remove.isPending}>
              Cancelar
            </Button>
            <Button variant="danger" onClick={confirm} disabled={remove.isPending}>
              {remove.isPending ? 'Excluindo...' : 'Excluir'}
            </Button>
          </>
        }
      >
        {failed ? (
          <Alert tone="error" className="mt-4">
            {AGENT_MESSAGES.deleteFailed}
          </Alert>
        ) : null}
      </Dialog>

      <Dialog
        open={Boolean(agent) && inUse}
        onOpenChange={close}
        title={AGENT_MESSAGES.inUseTitle}
        description={AGENT_IN_USE_MESSAGE}
        footer={
          <>
            <Button variant="secondary" onClick={() => close(false)}>
              Entendi
            </Button>
            <Button
              onClick={() => {
                close(false);
                void navigate(paths.numbers.getHref());
              }}
            >
              Ver meus WhatsApp's
            </Button>
          </>
        }
      >
        <p className="mt-3 text-sm text-slate-600">
          Em <strong className="font-semibold text-slate-800">WhatsApp's</strong>, escolha{' '}
          <strong className="font-semibold text-slate-800">Desligar agente</strong> no número que usa "{name}" e depois
          exclua o agente.
        </p>
      </Dialog>
    </>
  );
}
