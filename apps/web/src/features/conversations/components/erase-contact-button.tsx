import type { ConversationDto } from '@vendai/contracts';
import { Loader2, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useEraseContact } from '../api/erase-contact';

/** 'Apagar dados deste contato' in the conversation header, behind a confirmation (decision 031). */
export function EraseContactButton({ conversation, name }: { conversation: ConversationDto; name: string }) {
  const [open, setOpen] = useState(false);
  const erase = useEraseContact();
  const navigate = useNavigate();
  const error = erase.error
    ? erase.error instanceof ApiError
      ? erase.error.message
      : 'Não foi possível apagar agora. Tente novamente.'
    : null;
  const onOpenChange = (next: boolean) => {
    if (erase.isPending) return;
    if (!next) erase.reset();
    setOpen(next);
  };
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className="text-slate-500 hover:text-red-700"
        onClick={() => setOpen(true)}
        aria-label="Apagar dados deste contato"
        title="Apagar dados deste contato"
      >
        <Trash2 aria-hidden />
      </Button>
      <Dialog
        open={open}
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
                    setOpen(false);
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
    </>
  );
}
