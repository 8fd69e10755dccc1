import type { ConversationDto } from '@vendai/contracts';
import { Loader2, Trash2 } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { DropdownMenu } from 'radix-ui';
import { Button } from '@/components/ui/button';
import { menuDangerItemClass, useOpenFromMenu } from '@/components/ui/more-menu';
import { Dialog } from '@/components/ui/dialog';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useEraseContact } from '../api/erase-contact';

/**
 * 'Apagar dados deste contato', last in the chat header's '⋯' menu, apart and in red, behind a
 * confirmation (decision 031).
 */
export function EraseContactMenuItem({ conversation, name }: { conversation: ConversationDto; name: string }) {
  const openFromMenu = useOpenFromMenu();
  return (
    <DropdownMenu.Item
      onSelect={() =>
        openFromMenu((close) => <EraseContactDialog conversation={conversation} name={name} onClose={close} />)
      }
      className={menuDangerItemClass}
    >
      <Trash2 className="size-4" aria-hidden />
      Apagar dados deste contato
    </DropdownMenu.Item>
  );
}

function EraseContactDialog({
  conversation,
  name,
  onClose,
}: {
  conversation: ConversationDto;
  name: string;
  onClose: () => void;
}) {
  const erase = useEraseContact();
  const navigate = useNavigate();
  const error = erase.error
    ? erase.error instanceof ApiError
      ? erase.error.message
      : 'Não foi possível apagar agora. Tente novamente.'
    : null;
  const onOpenChange = (next: boolean) => {
    if (erase.isPending || next) return;
    onClose();
  };
  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      title="Apagar dados deste contato"
      description={`As mensagens, fotos, áudios e documentos de ${name} são apagados de vez. Os números de Resultados continuam, sem identificar o contato.`}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={erase.isPending}>
            Cancelar
          </Button>
          <Button
            variant="danger"
            disabled={erase.isPending}
            onClick={() =>
              erase.mutate(conversation.id, {
                onSuccess: () => {
                  onClose();
                  toast.success('Dados do contato apagados.');
                  void navigate(paths.conversations.getHref(), { replace: true });
                },
              })
            }
          >
            {erase.isPending ? (
              <>
                <Loader2 className="animate-spin" aria-hidden /> Apagando...
              </>
            ) : (
              'Apagar dados'
            )}
          </Button>
        </>
      }
    >
      {conversation.neverAnswer ? (
        <p className="mt-3 text-sm text-slate-600">“Nunca responder” continua valendo para este contato.</p>
      ) : null}
      {error ? (
        <p role="alert" className="mt-3 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </Dialog>
  );
}
