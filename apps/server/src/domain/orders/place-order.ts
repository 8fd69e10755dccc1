import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Jobs } from '../../jobs/job.ts';
import { chargeOrderJob } from './charge-order-job-type.ts';
import { findOrderByOriginKey, insertOrderOnce, type OrderLine, type OrderRow } from './orders-repository.ts';

export interface PlaceOrder {
  accountId: string;
  convId: string;
  source: 'ai' | 'manual';
  /** 'deposit': an appointment's sinal (docs/decisions/074-agenda-deposit.md). Default 'sale'. */
  kind?: 'sale' | 'deposit';
  /** The charge ends here when sooner than its usual validity (a deposit's hold). */
  validUntil?: Date | null;
  /** What makes it once: the AI's burst, the owner's request id. */
  originKey: string;
  lines: OrderLine[];
  description: string;
  totalCents: number;
  /** 'awaiting_owner': an amount 'sob consulta' the owner confirms first (no charge yet). */
  status?: 'pending' | 'awaiting_owner';
}

type OrderDeps = { db: Db; jobs: Jobs; log: FastifyBaseLogger };

/**
 * Writes the order once per origin (a second call with the same key returns the first order, with
 * `created` false) and queues its Pix charge ('pix.charge-order', handled by modules/pix) unless it
 * waits for the owner. The job is queued again on a repeat only while the order still waits for its
 * charge (a crash between the insert and the send).
 */
export async function placeOrder(deps: OrderDeps, input: PlaceOrder): Promise<{ order: OrderRow; created: boolean }> {
  const { accountId, ...fields } = input;
  const created = await insertOrderOnce(deps.db, { ...fields, userId: accountId });
  const order = await findOrderByOriginKey(deps.db, input.originKey);
  await queueCharge(deps, order!);
  return { order: order!, created };
}

/** Queues the order's charge job while the order waits for it (one job per order at a time; the handler is idempotent). */
export async function queueCharge(deps: OrderDeps, order: OrderRow): Promise<void> {
  if (order.status !== 'pending') return;
  await deps.jobs
    .send(chargeOrderJob, { orderId: order.id }, { singletonKey: order.id })
    .catch((err) => deps.log.warn({ err, orderId: order.id }, 'orders: the charge job was not queued'));
}
