import type { OrderStatus } from './orders-repository.ts';

/**
 * An order's life as a state machine (docs/decisions/055-pix-orders-state-machine.md). The stored
 * names and what they are: 'awaiting_owner' (an amount the owner confirms first), 'pending'
 * (charging: the charge job owes it a charge), 'awaiting_document' (the provider wants the payer's
 * CPF/CNPJ), 'awaiting_payment' (charged: the Pix is out), then 'paid', 'expired', 'cancelled',
 * 'refunded', 'failed', 'declined'. Every status change of an order is a conditional update whose
 * allowed sources come from `movesTo` below, so no code path can move an order in a way this table
 * does not allow.
 */
export const ORDER_MOVES: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  awaiting_owner: ['pending', 'declined'],
  declined: [],
  pending: ['awaiting_document', 'awaiting_payment', 'failed', 'paid'],
  awaiting_document: ['pending', 'failed'],
  awaiting_payment: ['paid', 'expired', 'cancelled', 'refunded'],
  // A charge paid after it expired or was cancelled at the provider is still money received.
  expired: ['paid'],
  cancelled: ['paid'],
  paid: ['refunded'],
  refunded: [],
  failed: [],
};

export function canMoveOrder(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_MOVES[from].includes(to);
}

/**
 * The sources of a move, for the conditional update that makes it (`inArray(orders.status, …)`):
 * `from` as given when every one may move to `to`; a programming error otherwise.
 */
export function movesTo(to: OrderStatus, from: readonly OrderStatus[]): OrderStatus[] {
  const wrong = from.filter((f) => !canMoveOrder(f, to));
  if (wrong.length > 0 || from.length === 0)
    throw new Error(`orders: no move from ${wrong.join(', ') || '(nothing)'} to ${to}`);
  return [...from];
}
