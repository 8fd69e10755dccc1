import { type OrderStatusName, ORDER_STATUS_LABELS } from '@vendai/contracts';

export { brl, parseReais } from '@/lib/money';

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
