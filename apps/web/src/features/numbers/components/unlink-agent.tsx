import { instanceDisplayName, type NumberView } from '@vendai/contracts';
import { Unlink } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useLinkNumberAgent } from '@/lib/api/link-number-agent';

export const UNLINK_FAILED = 'Erro ao desligar o agente. Tente novamente.';

/**
 * A number with an agent: 'Desligar agente' stops the AI on it (the agent itself stays). This is where
 * the agents page's 'Agente em uso' sends the owner before deleting an agent.
 */
export function UnlinkAgent({ number }: { number: NumberView }) {
  const [open, setOpen] = useState(false);
  const unlink = useLinkNumberAgent();
  const name = instanceDisplayName(number);
  const agent = number.agente_nome ?? 'o agente';
  return (
    <>
      <Button
        size="sm"
        variant="link"
        className="mt-1 h-auto px-0 text-xs"
        onClick={() => setOpen(true)}
        aria-label={`Desligar agente de ${name}`}
      >
        <Unlink aria-hidden /> Desligar agente
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Desligar o agente deste WhatsApp?"
        description={
          <>
            <strong className="font-semibold text-slate-900">{agent}</strong> para de responder automaticamente em{' '}
            <strong className="font-semibold text-slate-900">{name}</strong>. O agente continua salvo, e você pode
            ligá-lo de novo aqui mesmo.
          </>
        }
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={unlink.isPending}>
              Cancelar
            </Button>
            <Button
              disabled={unlink.isPending}
              onClick={() =>
                unlink.mutate(
                  { numberId: number.id, agentId: null },
                  {
                    onSuccess: () => {
                      toast.success('Agente desligado deste WhatsApp. A IA não responderá automaticamente.');
                      setOpen(false);
                    },
                    onError: () => toast.error(UNLINK_FAILED),
                  },
                )
              }
            >
              {unlink.isPending ? 'Desligando...' : 'Desligar agente'}
            </Button>
          </>
        }
      />
    </>
  );
}
