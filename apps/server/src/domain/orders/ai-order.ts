import { formatCents, formatPhone } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import type { ReplyOrder } from '../ai-reply/structured-reply.ts';
import { nameForAlert } from '../handoff/alert-text.ts';
import { type AlertDeps, alertOwner, deliverAlert } from '../handoff/owner-alerts.ts';
import {
  countRecentAiOrders,
  findActiveCatalogueItems,
  findOrderChat,
  hasPixAccount,
  type OrderLine,
} from './orders-repository.ts';
import { placeOrder } from './place-order.ts';

const isUuid = (v: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);

/** The unit amounts a proposal 'sob consulta' may have (the same bounds as 'Cobrar com Pix'). */
const PROPOSED_MIN_CENTS = 100;
const PROPOSED_MAX_CENTS = 10_000_000;

/**
 * The order's lines priced from the owner's catalogue (integer centavos), never from the AI's text:
 * each id must be one of the owner's active items, an option is matched by name (its own price, or the
 * item's). An item 'sob consulta' (no price) takes the amount the AI agreed with the customer
 * (`amountCents`), marked `proposed`: such an order is never charged before the owner confirms it.
 * An amount the AI gives for a priced item is ignored. Null (no order) for an unknown or sold-out
 * item, an unknown option, or an item 'sob consulta' without an amount. Pure except for one read.
 */
export async function priceOrder(db: Db, accountId: string, order: ReplyOrder): Promise<OrderLine[] | null> {
  const ids = [...new Set(order.items.map((i) => i.id))].filter(isUuid);
  if (ids.length !== new Set(order.items.map((i) => i.id)).size) return null;
  const rows = await findActiveCatalogueItems(db, accountId, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const lines: OrderLine[] = [];
  for (const wanted of order.items) {
    const item = byId.get(wanted.id);
    if (!item || item.availability === 'esgotado') return null;
    const option = wanted.option
      ? item.options.find((o) => o.name.trim().toLowerCase() === wanted.option!.toLowerCase())
      : undefined;
    if (wanted.option && !option) return null;
    const catalogueCents = option?.priceCents ?? item.priceCents;
    const line = { itemId: item.id, name: item.name, option: option?.name ?? null, quantity: wanted.quantity };
    if (catalogueCents !== null && catalogueCents > 0) lines.push({ ...line, unitCents: catalogueCents });
    else if (
      catalogueCents === null &&
      wanted.amountCents &&
      wanted.amountCents >= PROPOSED_MIN_CENTS &&
      wanted.amountCents <= PROPOSED_MAX_CENTS
    )
      lines.push({ ...line, unitCents: wanted.amountCents, proposed: true });
    else return null;
  }
  return lines;
}

/** '2x Camiseta básica (G), 1x Boné' — what the charge says it is for. */
export function orderDescription(lines: readonly OrderLine[]): string {
  const text = lines.map((l) => `${l.quantity}x ${l.name}${l.option ? ` (${l.option})` : ''}`).join(', ');
  return text.length > 140 ? `${text.slice(0, 139)}…` : text;
}

export const orderTotal = (lines: readonly OrderLine[]) => lines.reduce((sum, l) => sum + l.unitCents * l.quantity, 0);

/**
 * What became of the AI's order: `charged` (placed, the Pix goes or the owner confirms an amount
 * first), `capped` (over the AI's cap; the owner was alerted), or a payment the owner must arrange
 * (`ownerCharges`: no Pix provider is configured, or the order does not match the catalogue), with
 * what the customer wants as far as it could be read.
 */
export type AiOrderOutcome =
  | { kind: 'charged' }
  | { kind: 'capped' }
  | { kind: 'ownerCharges'; reason: 'no_pix' | 'not_in_catalogue'; what: string | null };

/**
 * The AI's answer carried an order (the customer confirmed): priced from the catalogue, written once
 * per burst and charged with Pix when the owner configured it (modules/pix). With an item 'sob
 * consulta' the order waits for the owner ('awaiting_owner'), who is alerted and confirms or edits the
 * amount in the inbox before the same charge path runs. Without a Pix provider, or for an order that
 * does not match the catalogue, nothing is charged and the caller tells the owner the customer wants to
 * pay (paymentAlertWhy). Never fatal to the reply.
 */
export async function placeAiOrder(
  deps: AlertDeps,
  o: { userId: string; convId: string; burstId: string; order: ReplyOrder },
): Promise<AiOrderOutcome> {
  const account = await hasPixAccount(deps.db, o.userId);
  const lines = await priceOrder(deps.db, o.userId, o.order);
  if (!account) {
    const what = lines ? `${orderDescription(lines)} (${formatCents(orderTotal(lines))})` : null;
    return { kind: 'ownerCharges', reason: 'no_pix', what };
  }
  if (!lines) {
    deps.log.info(
      { convId: o.convId, order: o.order },
      'orders: the AI’s order does not match the catalogue; no charge',
    );
    return { kind: 'ownerCharges', reason: 'not_in_catalogue', what: null };
  }
  const capped = await aiOrderCap(deps.db, o.userId, o.convId);
  if (capped) {
    deps.log.warn({ convId: o.convId, capped }, 'orders: the AI’s order is over its cap; no charge');
    await alertOrderCapped(deps, o.userId, o.convId, capped);
    return { kind: 'capped' };
  }
  const toConfirm = lines.some((l) => l.proposed);
  const { order, created } = await placeOrder(deps, {
    accountId: o.userId,
    convId: o.convId,
    source: 'ai',
    originKey: `ai:${o.burstId}`,
    lines,
    description: orderDescription(lines),
    totalCents: orderTotal(lines),
    status: toConfirm ? 'awaiting_owner' : 'pending',
  });
  if (toConfirm && created) await alertOrderToConfirm(deps, order);
  return { kind: 'charged' };
}

/** The owner's alert reason when a customer wants to pay and VendAI cannot charge it: what, and what to do. */
export function paymentAlertWhy(outcome: Extract<AiOrderOutcome, { kind: 'ownerCharges' }>): string {
  const what = outcome.what ? `: ${outcome.what}` : '';
  return outcome.reason === 'no_pix'
    ? `Quer pagar${what}. Sem Pix automático: envie os dados de pagamento pela conversa.`
    : 'Quer pagar, mas o pedido não bate com o catálogo: confira e cobre pela conversa.';
}

/**
 * How many orders the AI may place (docs/decisions/038-pix-charges.md, "AI orders' cap"): a customer who
 * keeps "confirming" must not make the AI open charge after charge with the owner's Pix provider. Orders
 * the customer already paid do not count.
 */
export const AI_ORDERS_PER_CONVERSATION_PER_DAY = 3;
export const AI_ORDERS_PER_ACCOUNT_PER_DAY = 200;

/** Which cap an AI order would pass ('conversation' or 'account'), or null when it is within both. */
async function aiOrderCap(db: Db, accountId: string, convId: string): Promise<'conversation' | 'account' | null> {
  const counts = await countRecentAiOrders(db, accountId, convId);
  if (Number(counts?.in_conversation ?? 0) >= AI_ORDERS_PER_CONVERSATION_PER_DAY) return 'conversation';
  if (Number(counts?.in_account ?? 0) >= AI_ORDERS_PER_ACCOUNT_PER_DAY) return 'account';
  return null;
}

/** The owner is told once an hour per conversation (a 'needs_owner' alert, with its switch and limits). */
async function alertOrderCapped(
  deps: AlertDeps,
  accountId: string,
  convId: string,
  cap: 'conversation' | 'account',
): Promise<void> {
  const why =
    cap === 'conversation'
      ? `a IA já abriu ${AI_ORDERS_PER_CONVERSATION_PER_DAY} pedidos sem pagamento para este cliente hoje; confira e cobre pela caixa de entrada`
      : `a IA já abriu ${AI_ORDERS_PER_ACCOUNT_PER_DAY} pedidos sem pagamento hoje; confira os pedidos e cobre pela caixa de entrada`;
  await alertOwner(deps, { accountId, convId, kind: 'needs_owner', why }).catch((err) =>
    deps.log.warn({ err, convId }, 'orders: the cap alert failed'),
  );
}

/** The owner's alert for an order with an amount 'sob consulta': what the AI proposed, and where to confirm it. */
async function alertOrderToConfirm(
  deps: AlertDeps,
  order: { userId: string; convId: string; lines: OrderLine[]; totalCents: number },
): Promise<void> {
  const chat = await findOrderChat(deps.db, order.convId, order.userId);
  if (!chat) return;
  const who =
    [nameForAlert(chat.contact_name), chat.contact_phone ? formatPhone(chat.contact_phone) : null]
      .filter(Boolean)
      .join(' · ') || 'Um cliente';
  const proposed = order.lines
    .filter((l) => l.proposed)
    .map((l) => `${l.quantity}x ${l.name}${l.option ? ` (${l.option})` : ''}: ${formatCents(l.unitCents)} cada`)
    .join('; ');
  await deliverAlert(deps, {
    accountId: order.userId,
    convId: order.convId,
    kind: 'pix_confirm',
    text: [
      `🧾 ${who} quer fechar um pedido de ${formatCents(order.totalCents)} com valor a confirmar.`,
      `Valor proposto pela IA (sob consulta): ${proposed}`,
      `Confirme ou ajuste antes do Pix: ${deps.appUrl}/dashboard?conversa=${encodeURIComponent(order.convId)}`,
    ].join('\n'),
    instanceName: chat.instance_name,
    numberPhone: chat.phone,
    limited: false,
  }).catch((err) => deps.log.warn({ err, convId: order.convId }, 'orders: the owner alert failed'));
}
