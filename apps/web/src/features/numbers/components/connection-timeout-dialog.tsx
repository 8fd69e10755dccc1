import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import type { ConnectPhase } from '../hooks/use-connection-flow';

type Outcome = Extract<ConnectPhase, { name: 'expired' }>['outcome'];

const TEXT: Record<Outcome, string> = {
  removed:
    'O limite de 1 minuto e 30 segundos para escanear o QR Code foi atingido e a instância foi removida. Tente novamente quando estiver com o celular em mãos.',
  kept: 'O limite de 1 minuto e 30 segundos para escanear o QR Code foi atingido. O número continua na sua lista como desconectado, com as conversas guardadas.',
  connected: '',
  unknown:
    "O limite de 1 minuto e 30 segundos para escanear o QR Code foi atingido. Não conseguimos confirmar a remoção da instância agora; confira sua lista de WhatsApp's.",
};

/** 'Tempo para conexão expirado' (docs/product/messages.md), with 'Voltar ao Dashboard' and 'Tentar Novamente'. */
export function ConnectionTimeoutDialog({
  open,
  outcome,
  onOpenChange,
  onBack,
  onRetry,
}: {
  open: boolean;
  outcome: Outcome;
  onOpenChange: (open: boolean) => void;
  onBack: () => void;
  onRetry: () => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Tempo para conexão expirado"
      description={TEXT[outcome]}
      footer={
        <>
          <Button variant="secondary" onClick={onBack}>
            Voltar ao Dashboard
          </Button>
          <Button onClick={onRetry}>Tentar Novamente</Button>
        </>
      }
    />
  );
}
