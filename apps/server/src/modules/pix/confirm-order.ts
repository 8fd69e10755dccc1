import { type ConfirmOrderInput, type OrderDto, PIX_MESSAGES } from '@vendai/contracts';
import { orderTotal } from '../../domain/orders/ai-order.ts';
import { queueCharge } from '../../domain/orders/place-order.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { toOrderDto } from './order-dto.ts';
import type { OrderRow } from '../../domain/orders/orders-repository.ts';
import { confirmOrderRow, declineOrderRow, selectOwnOrder } from './pix-orders-repository.ts';
import type { PixDeps } from './pix-deps.ts';

async function ownOrder(deps: PixDeps, accountId: string, orderId: string): Promise<OrderRow> {
  const order = await selectOwnOrder(deps.db, accountId, orderId);
  if (!order) throw notFound();
  return order;
}

/**
 * POST /api/pix/orders/:id/confirm — 'Confirmar e cobrar' on an order with an item 'sob consulta'
 * (docs/decisions/038-pix-charges.md): the owner's amounts replace the AI's proposals (only on those
 * lines; catalogue lines keep their catalogue price), the total is recomputed, and the order moves
 * from 'awaiting_owner' to 'pending' in one conditional update, then the same charge job runs as for
 * any order. A repeated confirmation (a double click, two tabs) returns the order as it is and queues
 * nothing new; a declined order is a 409.
 */
export async function confirmOrder(
  deps: PixDeps,
  accountId: string,
  orderId: string,
  input: ConfirmOrderInput,
): Promise<OrderDto> {
  const order = await ownOrder(deps, accountId, orderId);
  if (order.status !== 'awaiting_owner') return settled(deps, order);
  const lines = order.lines.map((l) => ({ ...l }));
  for (const { line, unitCents } of input.amounts) {
    if (!lines[line]?.proposed) throw new AppError('VALIDATION', PIX_MESSAGES.notProposed);
    lines[line]!.unitCents = unitCents;
  }
  const totalCents = orderTotal(lines);
  if (totalCents < 100 || totalCents > 10_000_000) throw new AppError('VALIDATION', PIX_MESSAGES.amount);
  const moved = await confirmOrderRow(deps.db, order.id, { lines, totalCents });
  if (!moved) return settled(deps, await ownOrder(deps, accountId, orderId));
  await queueCharge(deps, moved);
  return toOrderDto(moved);
}

/** Confirmed already (possibly by another request): as it is, its job queued again while it waits for its charge. */
async function settled(deps: PixDeps, order: OrderRow): Promise<OrderDto> {
  if (order.status === 'declined') throw new AppError('CONFLICT', PIX_MESSAGES.orderSettled);
  await queueCharge(deps, order);
  return toOrderDto(order);
}

/** POST /api/pix/orders/:id/decline — 'Recusar': nothing is charged; a confirmed order is a 409, a declined one stays so. */
export async function declineOrder(deps: PixDeps, accountId: string, orderId: string): Promise<OrderDto> {
  const order = await ownOrder(deps, accountId, orderId);
  const moved = await declineOrderRow(deps.db, order.id);
  if (moved) return toOrderDto(moved);
  const current = await ownOrder(deps, accountId, orderId);
  if (current.status !== 'declined') throw new AppError('CONFLICT', PIX_MESSAGES.orderSettled);
  return toOrderDto(current);
}
