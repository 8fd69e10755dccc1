import { Settings2 } from 'lucide-react';
import { useState } from 'react';
import { PageHeader } from '@/components/layouts/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useMe } from '@/lib/auth';
import { useStages } from '../api/stages';
import { useFunnelRealtime } from '../hooks/use-funnel-realtime';
import { FunnelBoard } from './funnel-board';
import { ManageStagesDialog } from './manage-stages-dialog';

/**
 * 'Funil de vendas' (/funil, docs/decisions/043-labels-notes-funnel.md): every conversation as a card
 * in its stage. People drag cards (or use 'Mover para…'); the AI moves them forward by itself.
 */
export function FunnelPage() {
  const stages = useStages();
  const [managing, setManaging] = useState(false);
  // Attendants use the board; changing its stages is the owner's (decision 044).
  const isOwner = useMe().data?.team.role === 'owner';
  useFunnelRealtime();
  const total = stages.data?.reduce((sum, s) => sum + s.count, 0) ?? 0;

  return (
    <div className="w-full space-y-5 px-4 py-6 sm:px-6 sm:py-8">
      <PageHeader
        title="Funil de vendas"
        description="Suas conversas por etapa de venda. Arraste os cartões entre as colunas; a IA também avança os cartões sozinha quando o cliente demonstra interesse, recebe uma cobrança Pix ou paga."
        action={
          stages.data && isOwner ? (
            <Button variant="secondary" onClick={() => setManaging(true)}>
              <Settings2 aria-hidden />
              Gerenciar etapas
            </Button>
          ) : null
        }
      />
      {stages.isPending ? (
        <Spinner label="Carregando o funil..." />
      ) : stages.isError ? (
        <Alert tone="error">
          Não foi possível carregar o funil. {stages.error.message}{' '}
          <Button variant="link" size="sm" className="h-auto" onClick={() => void stages.refetch()}>
            Tentar de novo
          </Button>
        </Alert>
      ) : (
        <>
          {total === 0 ? (
            <Alert tone="warning">
              Ainda não há conversas. Quando um cliente escrever para o seu WhatsApp, a conversa aparece em{' '}
              {stages.data[0]?.name ?? 'Novo'}.
            </Alert>
          ) : null}
          <FunnelBoard stages={stages.data} />
          <ManageStagesDialog open={managing && isOwner} onOpenChange={setManaging} stages={stages.data} />
        </>
      )}
    </div>
  );
}
