import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pixEvents } from '../../db/schema/index.ts';

// The providers' webhook events, stored once per account by their id (receive-pix-webhook.ts).

export type PixEventRow = typeof pixEvents.$inferSelect;
type EventKey = { accountId: string; provider: PixEventRow['provider']; eventId: string };

/** Stores the event unless the account has it already; when it was processed (null: not yet, or not stored). */
export async function storePixEvent(
  db: Db,
  e: EventKey & { providerChargeId: string },
): Promise<{ processedAt: Date | null } | null> {
  await db
    .insert(pixEvents)
    .values({
      provider: e.provider,
      eventId: e.eventId,
      userId: e.accountId,
      providerChargeId: e.providerChargeId,
    })
    .onConflictDoNothing();
  const [stored] = await db
    .select({ processedAt: pixEvents.processedAt })
    .from(pixEvents)
    .where(
      and(eq(pixEvents.userId, e.accountId), eq(pixEvents.provider, e.provider), eq(pixEvents.eventId, e.eventId)),
    );
  return stored ?? null;
}

export async function markPixEventProcessed(db: Db, e: EventKey): Promise<void> {
  await db
    .update(pixEvents)
    .set({ processedAt: new Date() })
    .where(
      and(
        eq(pixEvents.userId, e.accountId),
        eq(pixEvents.provider, e.provider),
        eq(pixEvents.eventId, e.eventId),
        isNull(pixEvents.processedAt),
      ),
    );
}

/** The account's event by its id, while it is unprocessed; null otherwise. */
export async function selectUnprocessedPixEvent(
  db: Db,
  accountId: string,
  eventId: string,
): Promise<PixEventRow | null> {
  const [stored] = await db
    .select()
    .from(pixEvents)
    .where(and(eq(pixEvents.userId, accountId), eq(pixEvents.eventId, eventId), isNull(pixEvents.processedAt)));
  return stored ?? null;
}
