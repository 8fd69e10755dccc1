import { type OrderDto, PIX_MESSAGES } from '@vendai/contracts';
import { QrCode } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { menuItemClass, useOpenFromMenu } from '@/components/ui/more-menu';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { usePermission } from '@/lib/permissions';
import { useConfirmOrder, useConversationOrders, useDeclineOrder, useManualCharge } from '../api/pix';
import { OrderConfirmCard } from './order-confirm-card';
import { brl, parseReais, STATUS_STYLE, statusLabel } from './pix-format';

/**
 * The conversation's Pix in the chat header's state line: the latest order's mark ('Pago', 'Aguardando
 * pagamento', 'Expirado', 'Estornado'…) or an order waiting for the owner ('Confirmar pedido · R$ …',
 * opening its card). 'Cobrar com Pix' is in the header's '⋯' menu (ChargeWithPixMenuItem).
 */
export function ConversationPix({ convId }: { convId: string }) {
  const orders = useConversationOrders(convId);
  const [confirming, setConfirming] = useState<string | null>(null);
  const latest = orders.data?.orders[0];
  const toConfirm = orders.data?.orders.find((o) => o.status === 'awaiting_owner');
  const confirmingOrder = orders.data?.orders.find((o) => o.id === confirming && o.status === 'awaiting_owner');
  if (!latest && !toConfirm) return null;
  return (
    <span className="flex shrink-0 items-center gap-1.5">
      {toConfirm ? (
        <button
          type="button"
          className="inline-flex items-center rounded border border-amber-300 bg-amber-50 px-1.5 py-px text-xs font-semibold whitespace-nowrap text-amber-900 hover:bg-amber-100"
          onClick={() => setConfirming(toConfirm.id)}
        >
          Confirmar pedido · {brl(toConfirm.totalCents)}
        </button>
      ) : null}
      {latest && latest.id !== toConfirm?.id ? (
        <span
          data-testid="pix-status"
          title={latest.description}
          className={cn('rounded px-1.5 py-px text-xs font-semibold whitespace-nowrap', STATUS_STYLE[latest.status])}
        >
          {statusLabel(latest.status)} · {brl(latest.totalCents)}
        </span>
      ) : null}
      {confirmingOrder ? (
        <ConfirmDialog convId={convId} order={confirmingOrder} onClose={() => setConfirming(null)} />
      ) : null}
    </span>
  );
}

/** 'Cobrar com Pix' in the chat header's '⋯' menu: amount + description, the same path as the AI's orders. */
export function ChargeWithPixMenuItem({ convId }: { convId: string }) {
  const openFromMenu = useOpenFromMenu();
  return (
    <DropdownMenu.Item
      onSelect={() => openFromMenu((close) => <ChargeDialog convId={convId} onClose={close} />)}
      className={menuItemClass}
    >
      <QrCode className="size-4 text-slate-500" aria-hidden />
      Cobrar com Pix
    </DropdownMenu.Item>
  );
}

function ConfirmDialog({ convId, order, onClose }: { convId: string; order: OrderDto; onClose: () => void }) {
  const confirm = useConfirmOrder(convId);
  const decline = useDeclineOrder(convId);
  const pricing = usePermission('quotePricing');
  const failed = confirm.error ?? decline.error;
  const error = failed instanceof ApiError ? failed.message : failed ? 'Não foi possível concluir agora.' : null;
  const busy = confirm.isPending ? 'confirm' : decline.isPending ? 'decline' : null;
  return (
    <Dialog
      open
      onOpenChange={(o) => (!o && !busy ? onClose() : undefined)}
      title="Confirmar pedido"
      description={order.description}
    >
      <div className="mt-4">
        <OrderConfirmCard
          order={order}
          busy={busy}
          error={error}
          locked={pricing.reason}
          onConfirm={(input) =>
            confirm.mutate(
              { orderId: order.id, input },
              {
                onSuccess: () => {
                  toast.success('Pedido confirmado: Pix a caminho do cliente.');
                  onClose();
                },
              },
            )
          }
          onDecline={() =>
            decline.mutate(order.id, {
              onSuccess: () => {
                toast.success('Pedido recusado. Nada foi cobrado.');
                onClose();
              },
            })
          }
        />
      </div>
    </Dialog>
  );
}

function ChargeDialog({ convId, onClose }: { convId: string; onClose: () => void }) {
  const charge = useManualCharge(convId);
  const [requestId] = useState(() => crypto.randomUUID());
  const [amount, setAmount] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; description?: string }>({});
  const failure =
    charge.error instanceof ApiError ? charge.error.message : charge.error ? 'Não foi possível cobrar agora.' : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const cents = parseReais(amount);
    const next = {
      amount: cents === null || cents < 100 || cents > 10_000_000 ? PIX_MESSAGES.amount : undefined,
      description: description.trim() && description.trim().length <= 140 ? undefined : PIX_MESSAGES.description,
    };
    setErrors(next);
    if (next.amount || next.description || cents === null) return;
    charge.mutate(
      { convId, amountCents: cents, description: description.trim(), requestId },
      {
        onSuccess: () => {
          toast.success('Pix a caminho do cliente.');
          onClose();
        },
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(o) => (!o && !charge.isPending ? onClose() : undefined)}
      title="Cobrar com Pix"
      description="O cliente recebe o Pix copia e cola e o QR Code nesta conversa. Você é avisado quando ele pagar."
    >
      <form id="pix-charge" onSubmit={submit} className="mt-4 space-y-4" noValidate>
        <Field id="pix-amount" label="Valor (R$)" error={errors.amount}>
          <Input
            id="pix-amount"
            inputMode="decimal"
            placeholder="0,00"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            aria-invalid={Boolean(errors.amount)}
            aria-describedby={errors.amount ? 'pix-amount-error' : undefined}
          />
        </Field>
        <Field id="pix-description" label="Descrição" error={errors.description} hint="Ex.: 2 camisetas básicas (G)">
          <Input
            id="pix-description"
            maxLength={140}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            aria-invalid={Boolean(errors.description)}
            aria-describedby={errors.description ? 'pix-description-error' : undefined}
          />
        </Field>
        {failure ? <Alert tone="error">{failure}</Alert> : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={onClose} disabled={charge.isPending}>
            Cancelar
          </Button>
          <Button type="submit" disabled={charge.isPending}>
            {charge.isPending ? 'Gerando Pix…' : 'Enviar Pix'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
