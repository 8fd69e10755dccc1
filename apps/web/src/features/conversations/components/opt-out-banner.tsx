import type { ConversationDto } from '@vendai/contracts';
import { Loader2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ApiError } from '@/lib/api-client';
import { useMe } from '@/lib/auth';
import { useLiftOptOut } from '../api/lift-opt-out';

export const OPT_OUT_HINT =
  'Este contato pediu para sair: VendAI não manda nada automático para ele (IA, acompanhamentos, mensagens agendadas).';

/**
 * The opt-out marker above an opted-out customer's messages (docs/decisions/048-opt-out-and-owner-channel.md),
 * with the owner's 'Desfazer' behind a confirmation: only at the customer's request, and recorded.
 */
export function OptOutBanner({ conversation }: { conversation: ConversationDto }) {
  const [open, setOpen] = useState(false);
  const isOwner = useMe().data?.team.role === 'owner';
  const lift = useLiftOptOut();
  if (!conversation.optedOut) return null;
  const error = lift.error
    ? lift.error instanceof ApiError
      ? lift.error.message
      : 'Não foi possível desfazer agora. Tente novamente.'
    : null;
  const onOpenChange = (next: boolean) => {
    if (lift.isPending) return;
    if (!next) lift.reset();
    setOpen(next);
  };
  return (
    <div
      className="flex shrink-0 flex-wrap items-center gap-x-3 gap-y-1 border-b border-amber-200 bg-amber-50 px-4 py-1.5 text-xs text-amber-900"
      data-testid="opt-out-banner"
    >
      <p className="min-w-0 flex-1">{OPT_OUT_HINT}</p>
      {isOwner ? (
        <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
          Desfazer
        </Button>
      ) : null}
      <Dialog
        open={open}
        onOpenChange={onOpenChange}
        title="Desfazer o pedido para sair?"
        description="Faça isso só se o cliente pediu para voltar a receber mensagens. Fica registrado que você desfez. A IA continua desligada nesta conversa até você ligá-la."
        footer={
          <>
            <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={lift.isPending}>
              Cancelar
            </Button>
            <Button
              disabled={lift.isPending}
              onClick={() =>
                lift.mutate(conversation.id, {
                  onSuccess: () => {
                    setOpen(false);
                    toast.success('Pedido para sair desfeito.');
                  },
                })
              }
            >
              {lift.isPending ? (
                <>
                  <Loader2 className="animate-spin" aria-hidden /> Desfazendo...
                </>
              ) : (
                'Desfazer pedido'
              )}
            </Button>
          </>
        }
      >
        {error ? (
          <p role="alert" className="mt-3 text-sm text-red-600">
            {error}
          </p>
        ) : null}
      </Dialog>
    </div>
  );
}
