import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { catalogueItems, type OrderLine, pixAccounts } from '../../db/schema/index.ts';
import type { Jobs } from '../../jobs/job.ts';
import type { ReplyOrder } from '../ai-reply/structured-reply.ts';
import { placeOrder } from './place-order.ts';

const isUuid = (v: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);

/**
 * The order's lines priced from the owner's catalogue (integer centavos), never from the AI's text:
 * each id must be one of the owner's active items, an option is matched by name (its own price, or the
 * item's), and an item 'sob consulta' (no price) cannot be charged by the AI: the whole order is
 * refused (null) and the owner sets the amount with 'Cobrar com Pix'. Pure except for one read.
 */
export async function priceOrder(db: Db, userId: string, order: ReplyOrder): Promise<OrderLine[] | null> {
  const ids = [...new Set(order.items.map((i) => i.id))].filter(isUuid);
  if (ids.length !== new Set(order.items.map((i) => i.id)).size) return null;
  const rows = await db
    .select()
    .from(catalogueItems)
    .where(and(eq(catalogueItems.userId, userId), inArray(catalogueItems.id, ids), isNull(catalogueItems.archivedAt)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const lines: OrderLine[] = [];
  for (const wanted of order.items) {
    const item = byId.get(wanted.id);
    if (!item || item.availability === 'esgotado') return null;
    const option = wanted.option
      ? item.options.find((o) => o.name.trim().toLowerCase() === wanted.option!.toLowerCase())
      : undefined;
    if (wanted.option && !option) return null;
    const unitCents = option?.priceCents ?? item.priceCents;
    if (unitCents === null || unitCents <= 0) return null;
    lines.push({
      itemId: item.id,
      name: item.name,
      option: option?.name ?? null,
      quantity: wanted.quantity,
      unitCents,
    });
  }
  return lines;
}

/** '2x Camiseta básica (G), 1x Boné' — what the charge says it is for. */
export function orderDescription(lines: readonly OrderLine[]): string {
  const text = lines.map((l) => `${l.quantity}x ${l.name}${l.option ? ` (${l.option})` : ''}`).join(', ');
  return text.length > 140 ? `${text.slice(0, 139)}…` : text;
}

/**
 * The AI's answer carried an order (the customer confirmed): priced from the catalogue, written once
 * per burst and charged with Pix when the owner configured it (modules/pix). Never fatal to the reply.
 */
export async function placeAiOrder(
  deps: { db: Db; jobs: Jobs; log: FastifyBaseLogger },
  o: { userId: string; convId: string; burstId: string; order: ReplyOrder },
): Promise<void> {
  const [account] = await deps.db
    .select({ id: pixAccounts.userId })
    .from(pixAccounts)
    .where(eq(pixAccounts.userId, o.userId));
  if (!account) return;
  const lines = await priceOrder(deps.db, o.userId, o.order);
  if (!lines) {
    deps.log.info(
      { convId: o.convId, order: o.order },
      'orders: the AI’s order does not match the catalogue; no charge',
    );
    return;
  }
  await placeOrder(deps, {
    userId: o.userId,
    convId: o.convId,
    source: 'ai',
    originKey: `ai:${o.burstId}`,
    lines,
    description: orderDescription(lines),
    totalCents: lines.reduce((sum, l) => sum + l.unitCents * l.quantity, 0),
  });
}
