import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { resultRows } from '../../db/rows.ts';
import { capiDatasets, capiEvents } from '../../db/schema/index.ts';

export type CapiDatasetRow = typeof capiDatasets.$inferSelect;

export async function findDataset(db: Db, accountId: string): Promise<CapiDatasetRow | null> {
  const [row] = await db.select().from(capiDatasets).where(eq(capiDatasets.userId, accountId));
  return row ?? null;
}

export async function upsertDataset(
  db: Db,
  accountId: string,
  values: { datasetId: string; tokenSealed: string; pageId: string | null },
): Promise<void> {
  await db
    .insert(capiDatasets)
    .values({ userId: accountId, ...values })
    .onConflictDoUpdate({ target: capiDatasets.userId, set: { ...values, updatedAt: new Date() } });
}

export async function deleteDataset(db: Db, accountId: string): Promise<void> {
  await db.delete(capiDatasets).where(eq(capiDatasets.userId, accountId));
}

/**
 * The event VendAI owes Meta, written once per `event_id`: only when the account connected a dataset, the
 * conversation's number is on the official API (a WABA) and the conversation has an ad click with Meta's
 * `ctwa_clid` (the latest one). Returns the row's id when it was written now; null otherwise (already owed, or
 * nothing to report — no click id is ever invented).
 */
export async function queueCapiEvent(
  db: Db,
  e: {
    userId: string;
    convId: string;
    orderId: string | null;
    eventName: 'LeadSubmitted' | 'Purchase';
    eventId: string;
    eventTime: Date;
  },
): Promise<string | null> {
  const value = e.orderId
    ? sql`(select o.total_cents from orders o where o.id = ${e.orderId} and o.user_id = ${e.userId})`
    : sql`null::int`;
  const rows = resultRows<{ id: string }>(
    await db.execute(sql`
      insert into capi_events (user_id, conversation_id, order_id, event_name, event_id, event_time, ctwa_clid, value_cents)
      select c.user_id, c.id, ${e.orderId}, ${e.eventName}, ${e.eventId}, ${e.eventTime.toISOString()}::timestamptz,
             s.ctwa_clid, ${value}
      from conversations c
      join numbers n on n.id = c.number_id and n.cloud_waba_id is not null
      join capi_datasets d on d.user_id = c.user_id
      join lateral (select s.ctwa_clid from conversation_sources s
                    where s.conversation_id = c.id and s.ctwa_clid is not null
                    order by s.received_at desc limit 1) s on true
      where c.id = ${e.convId} and c.user_id = ${e.userId}
      on conflict (user_id, event_id) do nothing
      returning id`),
  );
  return rows[0]?.id ?? null;
}

/** What sending a claimed event needs: the event, the dataset (token sealed) and the WABA id. */
export interface ClaimedCapiEvent {
  id: string;
  user_id: string;
  event_name: 'LeadSubmitted' | 'Purchase';
  event_id: string;
  event_time: string | Date;
  ctwa_clid: string;
  value_cents: number | null;
  dataset_id: string;
  token_sealed: string;
  page_id: string | null;
  waba_id: string;
}

/**
 * Claims a pending event for `leaseSeconds` (one process sends it; a process killed meanwhile leaves the lease
 * to lapse and the job's retry takes it): null when it is sent, failed, gone or held by another process.
 */
export async function claimCapiEvent(db: Db, id: string, leaseSeconds: number): Promise<ClaimedCapiEvent | null> {
  const rows = resultRows<ClaimedCapiEvent>(
    await db.execute(sql`
      with claimed as (
        update capi_events set claim_until = now() + make_interval(secs => ${leaseSeconds}), attempts = attempts + 1
        where id = ${id} and state = 'pending' and (claim_until is null or claim_until < now())
        returning id, user_id, conversation_id, event_name, event_id, event_time, ctwa_clid, value_cents)
      select e.id, e.user_id, e.event_name, e.event_id, e.event_time, e.ctwa_clid, e.value_cents,
             d.dataset_id, d.token_sealed, d.page_id, n.cloud_waba_id as waba_id
      from claimed e
      join capi_datasets d on d.user_id = e.user_id
      join conversations c on c.id = e.conversation_id
      join numbers n on n.id = c.number_id and n.cloud_waba_id is not null`),
  );
  return rows[0] ?? null;
}

/** Whether the event is still to be sent (pending), so a job that could not claim it tries again later. */
export async function capiEventPending(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ state: capiEvents.state }).from(capiEvents).where(eq(capiEvents.id, id));
  return row?.state === 'pending';
}

export async function finishCapiEvent(
  db: Db,
  id: string,
  outcome: { state: 'sent' } | { state: 'failed'; error: string } | { state: 'pending'; error: string },
): Promise<void> {
  await db
    .update(capiEvents)
    .set(
      outcome.state === 'sent'
        ? { state: 'sent', sentAt: new Date(), lastError: null, claimUntil: null }
        : { state: outcome.state, lastError: outcome.error.slice(0, 500), claimUntil: null },
    )
    .where(and(eq(capiEvents.id, id), eq(capiEvents.state, 'pending')));
}

/** The settings page's log: the account's latest events. */
export function listCapiEvents(db: Db, accountId: string, limit: number) {
  return db
    .select({
      id: capiEvents.id,
      eventName: capiEvents.eventName,
      state: capiEvents.state,
      attempts: capiEvents.attempts,
      lastError: capiEvents.lastError,
      valueCents: capiEvents.valueCents,
      createdAt: capiEvents.createdAt,
      sentAt: capiEvents.sentAt,
    })
    .from(capiEvents)
    .where(eq(capiEvents.userId, accountId))
    .orderBy(desc(capiEvents.createdAt))
    .limit(limit);
}
