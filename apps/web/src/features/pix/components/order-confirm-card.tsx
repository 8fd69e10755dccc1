import { type ConfirmOrderInput, type OrderDto, PIX_MESSAGES } from '@vendai/contracts';
import { type FormEvent, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { brl, parseReais } from './pix-format';

/** '1.500,00': an amount in centavos as the owner types it. */
const reaisText = (cents: number) => (cents / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2 });

const lineName = (l: OrderDto['lines'][number]) => `${l.quantity}x ${l.name}${l.option ? ` (${l.option})` : ''}`;

/**
 * An order with an item 'sob consulta' waiting for the owner (docs/decisions/038-pix-charges.md): the
 * catalogue lines at their catalogue price, the AI's proposed amount on each line 'sob consulta' (the
 * owner may edit it), the total, and 'Confirmar e cobrar' / 'Recusar'. Pure: the caller posts.
 */
export function OrderConfirmCard({
  order,
  busy,
  error,
  onConfirm,
  onDecline,
  locked = null,
}: {
  order: OrderDto;
  busy: 'confirm' | 'decline' | null;
  error: string | null;
  /** Why this person may not price it (an attendant without the owner's leave, decision 052); null: they may. */
  locked?: string | null;
  onConfirm: (input: ConfirmOrderInput) => void;
  onDecline: () => void;
}) {
  const [texts, setTexts] = useState<Record<number, string>>(() =>
    Object.fromEntries(order.lines.flatMap((l, i) => (l.proposed ? [[i, reaisText(l.unitCents)]] : []))),
  );
  const [invalid, setInvalid] = useState<Record<number, boolean>>({});
  const unitOf = (i: number) => (order.lines[i]!.proposed ? parseReais(texts[i] ?? '') : order.lines[i]!.unitCents);
  const units = order.lines.map((_, i) => unitOf(i));
  const total = units.every((u) => u !== null)
    ? units.reduce<number>((sum, u, i) => sum + u! * order.lines[i]!.quantity, 0)
    : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const bad = Object.fromEntries(
      order.lines.flatMap((l, i) => {
        const u = units[i];
        return l.proposed && (u === null || u! < 100 || u! > 10_000_000) ? [[i, true]] : [];
      }),
    );
    setInvalid(bad);
    if (Object.keys(bad).length) return;
    onConfirm({
      amounts: order.lines.flatMap((l, i) => (l.proposed ? [{ line: i, unitCents: units[i]! }] : [])),
    });
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Pedido para confirmar"
      className="space-y-4 rounded-xl border border-amber-200 bg-amber-50/60 p-4"
    >
      <p className="text-sm text-slate-700">
        A IA combinou um valor para um item sob consulta. Confira e confirme: só então o cliente recebe o Pix.
      </p>
      <ul className="space-y-3">
        {order.lines.map((l, i) =>
          l.proposed ? (
            <li key={i}>
              <Field
                id={`order-line-${i}`}
                label={`${lineName(l)} — valor de cada (R$)`}
                hint={`Proposto pela IA: ${brl(l.unitCents)}`}
                error={invalid[i] ? PIX_MESSAGES.amount : undefined}
              >
                <Input
                  id={`order-line-${i}`}
                  inputMode="decimal"
                  value={texts[i] ?? ''}
                  onChange={(e) => setTexts((t) => ({ ...t, [i]: e.target.value }))}
                  aria-invalid={Boolean(invalid[i])}
                  aria-describedby={invalid[i] ? `order-line-${i}-error` : undefined}
                />
              </Field>
            </li>
          ) : (
            <li key={i} className="flex justify-between gap-3 text-sm text-slate-800">
              <span>{lineName(l)}</span>
              <span className="whitespace-nowrap">{brl(l.unitCents * l.quantity)}</span>
            </li>
          ),
        )}
      </ul>
      <p className="flex justify-between border-t border-amber-200 pt-3 text-sm font-semibold text-slate-900">
        <span>Total</span>
        <span data-testid="order-confirm-total">{total === null ? '—' : brl(total)}</span>
      </p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {locked ? (
        <p className="text-sm text-slate-700" data-testid="order-confirm-locked">
          {locked}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="secondary" onClick={onDecline} disabled={busy !== null || locked !== null}>
          {busy === 'decline' ? 'Recusando…' : 'Recusar'}
        </Button>
        <Button type="submit" disabled={busy !== null || locked !== null}>
          {busy === 'confirm' ? 'Gerando Pix…' : 'Confirmar e cobrar'}
        </Button>
      </div>
    </form>
  );
}
