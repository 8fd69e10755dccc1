import { type ManualPixChargeInput, type OrderDto, PIX_MESSAGES } from '@vendai/contracts';
import { isEmailVerified, PIX_NEEDS_VERIFIED_EMAIL } from '../../domain/account/email-verified.ts';
import { placeOrder } from '../../domain/orders/place-order.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { toOrderDto } from './order-dto.ts';
import type { PixDeps } from './pix-deps.ts';
import { selectOrders } from './pix-orders-repository.ts';
import { hasPixAccount } from './pix-account-repository.ts';
import { chatOf } from './post-to-chat.ts';

/**
 * POST /api/pix/charges: 'Cobrar com Pix' from the inbox — an order of one free line (the owner typed
 * the amount), charged by the same path as the AI's orders. The browser's request id makes a retried
 * click the same order.
 */
export async function createManualCharge(
  deps: PixDeps,
  accountId: string,
  input: ManualPixChargeInput,
): Promise<OrderDto> {
  if (!(await chatOf(deps, accountId, input.convId))) throw notFound();
  if (!(await hasPixAccount(deps.db, accountId))) throw new AppError('VALIDATION', PIX_MESSAGES.notConfigured);
  if (!(await isEmailVerified(deps.db, accountId))) throw new AppError('FORBIDDEN', PIX_NEEDS_VERIFIED_EMAIL);
  const { order } = await placeOrder(deps, {
    accountId,
    convId: input.convId,
    source: 'manual',
    originKey: `manual:${accountId}:${input.requestId}`,
    lines: [{ itemId: null, name: input.description, option: null, quantity: 1, unitCents: input.amountCents }],
    description: input.description,
    totalCents: input.amountCents,
  });
  return toOrderDto(order);
}

/** GET /api/pix/orders?convId=: a conversation's orders, newest first (another account's conversation: none). */
export async function listOrders(deps: PixDeps, accountId: string, convId: string | undefined): Promise<OrderDto[]> {
  const rows = await selectOrders(deps.db, accountId, convId);
  return rows.map(toOrderDto);
}
