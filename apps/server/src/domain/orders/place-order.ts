import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { type OrderLine, orders } from '../../db/schema/index.ts';
import type { Jobs } from '../../jobs/job.ts';
import { chargeOrderJob } from './charge-order-job-type.ts';

export interface PlaceOrder {
  userId: string;
  convId: string;
  source: 'ai' | 'manual';
  /** What makes it once: the AI's burst, the owner's request id. */
  originKey: string;
  lines: OrderLine[];
  description: string;
  totalCents: number;
}

/**
 * Writes the order once per origin (a second call with the same key returns the first order) and
 * queues its Pix charge ('pix.charge-order', handled by modules/pix). The job is queued again on a
 * repeat only while the order still waits for its charge (a crash between the insert and the send).
 */
export async function placeOrder(
  deps: { db: Db; jobs: Jobs; log: FastifyBaseLogger },
  input: PlaceOrder,
): Promise<typeof orders.$inferSelect> {
  await deps.db.insert(orders).values(input).onConflictDoNothing({ target: orders.originKey });
  const [order] = await deps.db.select().from(orders).where(eq(orders.originKey, input.originKey));
  if (order!.status === 'pending')
    await deps.jobs
      .send(chargeOrderJob, { orderId: order!.id }, { singletonKey: order!.id })
      .catch((err) => deps.log.warn({ err, orderId: order!.id }, 'orders: the charge job was not queued'));
  return order!;
}
