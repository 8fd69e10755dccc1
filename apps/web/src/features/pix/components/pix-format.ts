import { type OrderStatusName, ORDER_STATUS_LABELS } from '@vendai/contracts';

/** R$ 1.234,56 (a non-breaking space after R$, as Intl writes it, made a plain one). */
export const brl = (cents: number) =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(cents / 100).replace(/\s/g, ' ');

/** '1.234,56' or '1234,5' typed by the owner → centavos; null when it is not an amount. */
export function parseReais(text: string): number | null {
  const clean = text.replace(/R\$|\s/g, '');
  if (!/^\d{1,3}(\.\d{3})*(,\d{1,2})?$|^\d+(,\d{1,2})?$/.test(clean)) return null;
  const [whole, frac = ''] = clean.replace(/\./g, '').split(',');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

export const STATUS_STYLE: Record<OrderStatusName, string> = {
  awaiting_owner: 'bg-amber-100 text-amber-900',
  declined: 'bg-slate-100 text-slate-600',
  pending: 'bg-slate-100 text-slate-700',
  awaiting_document: 'bg-amber-50 text-amber-800',
  awaiting_payment: 'bg-amber-50 text-amber-800',
  paid: 'bg-emerald-100 text-emerald-800',
  expired: 'bg-slate-100 text-slate-600',
  refunded: 'bg-violet-50 text-violet-800',
  cancelled: 'bg-slate-100 text-slate-600',
  failed: 'bg-red-50 text-red-800',
};

export const statusLabel = (s: OrderStatusName) => ORDER_STATUS_LABELS[s];
