import { DELETE_NUMBER_FAILED, instanceDisplayName, type NumberView } from '@vendai/contracts';
import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useDeleteNumber } from '../api/delete-number';

/** Confirm before Excluir: the number is logged out, removed at the gateway and here. */
export function DeleteNumberDialog({
  number,
  onOpenChange,
}: {
  number: NumberView | null;
  onOpenChange: (open: boolean) => void;
}) {
  const remove = useDeleteNumber();
  const [error, setError] = useState<string | null>(null);
  const name = number ? instanceDisplayName(number) : '';

  const close = (open: boolean) => {
    if (!open) {
      setError(null);
      remove.reset();
    }
    onOpenChange(open);
  };

  const confirm = () => {
    if (!number) return;
    setError(null);
    remove.mutate(number.id, {
      onSuccess: () => {
        toast.success(`${name} foi excluído.`);
        close(false);
      },
      onError: () => setError(DELETE_NUMBER_FAILED),
    });
  };

  return (
    <Dialog
      open={Boolean(number)}
      onOpenChange={close}
      title="Excluir WhatsApp?"
      description={
        <>
          <strong className="font-semibold text-slate-800">{name}</strong> será desconectado e removido do VendAI, junto
          com as conversas registradas no painel. As conversas no celular não são apagadas.
        </>
      }
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)}>
            Cancelar
          </Button>
          <Button variant="danger" onClick={confirm} disabled={remove.isPending}>
            {remove.isPending ? 'Excluindo...' : 'Excluir'}
          </Button>
        </>
      }
    >
      {error ? (
        <Alert tone="error" className="mt-4">
          {error}
        </Alert>
      ) : null}
    </Dialog>
  );
}
