import { type ManualPixChargeInput, type OrderDto, PIX_MESSAGES } from '@vendai/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { orders, pixAccounts } from '../../db/schema/index.ts';
import { isEmailVerified, PIX_NEEDS_VERIFIED_EMAIL } from '../../domain/account/email-verified.ts';
import { placeOrder } from '../../domain/orders/place-order.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { toOrderDto } from './order-dto.ts';
import type { PixDeps } from './pix-deps.ts';
import { chatOf } from './post-to-chat.ts';

/**
 * POST /api/pix/charges: 'Cobrar com Pix' from the inbox — an order of one free line (the owner typed
 * the amount), charged by the same path as the AI's orders. The browser's request id makes a retried
 * click the same order.
 */
export async function createManualCharge(
  deps: PixDeps,
  userId: string,
  input: ManualPixChargeInput,
): Promise<OrderDto> {
  if (!(await chatOf(deps, userId, input.convId))) throw notFound();
  const [account] = await deps.db
    .select({ id: pixAccounts.userId })
    .from(pixAccounts)
    .where(eq(pixAccounts.userId, userId));
  if (!account) throw new AppError('VALIDATION', PIX_MESSAGES.notConfigured);
  if (!(await isEmailVerified(deps.db, userId))) throw new AppError('FORBIDDEN', PIX_NEEDS_VERIFIED_EMAIL);
  const { order } = await placeOrder(deps, {
    userId,
    convId: input.convId,
    source: 'manual',
    originKey: `manual:${userId}:${input.requestId}`,
    lines: [{ itemId: null, name: input.description, option: null, quantity: 1, unitCents: input.amountCents }],
    description: input.description,
    totalCents: input.amountCents,
  });
  return toOrderDto(order);
}

/** GET /api/pix/orders?convId=: a conversation's orders, newest first (another account's conversation: none). */
export async function listOrders(deps: PixDeps, userId: string, convId: string | undefined): Promise<OrderDto[]> {
  const rows = await deps.db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), convId ? eq(orders.convId, convId) : undefined))
    .orderBy(desc(orders.createdAt))
    .limit(100);
  return rows.map(toOrderDto);
}
