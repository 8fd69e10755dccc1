import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { resultRows } from '../../../db/rows.ts';
import { conversations, messages, numbers, replyBursts } from '../../../db/schema/index.ts';
import type { BurstRecord, MessageRecord } from '../engine-repository.ts';

// The engine's recovery (recover-engine-work.ts, settle-interrupted-part.ts, unconfirmed-sends.ts): bursts
// whose claim lapsed, the part a dead sender had in flight, and the QR sends WhatsApp never confirmed.

/** Generating bursts whose claim lapsed (`leaseSeconds` ago) back to 'waiting'. */
export async function requeueStalledBursts(db: Db, leaseSeconds: number): Promise<{ id: string; version: number }[]> {
  return resultRows<{ id: string; version: number }>(
    await db.execute(sql`
      update reply_bursts set state = 'waiting', claim_token = null, updated_at = now()
      where state = 'generating' and claimed_at < now() - make_interval(secs => ${leaseSeconds})
      returning id, version`),
  );
}

/** Sending bursts whose claim lapsed (`leaseSeconds` ago), at most 200. */
export function selectLapsedSendingBursts(db: Db, leaseSeconds: number): Promise<{ id: string }[]> {
  return db
    .select({ id: replyBursts.id })
    .from(replyBursts)
    .where(
      and(
        eq(replyBursts.state, 'sending'),
        sql`${replyBursts.claimedAt} < now() - make_interval(secs => ${leaseSeconds})`,
      ),
    )
    .limit(200);
}

/** Takes a sending burst whose claim lapsed under a new claim `token`; none when another process took it. */
export function claimLapsedSendingBurst(
  db: Db,
  job: { burstId: string },
  token: string,
  leaseSeconds: number,
): Promise<BurstRecord[]> {
  return db
    .update(replyBursts)
    .set({ claimToken: token, claimedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(replyBursts.id, job.burstId),
        eq(replyBursts.state, 'sending'),
        sql`${replyBursts.claimedAt} < now() - make_interval(secs => ${leaseSeconds})`,
      ),
    )
    .returning();
}

/** The part in flight: its message, its conversation's contact and its number's instance (if any). */
export function selectInflightPart(
  db: Db,
  burst: Pick<BurstRecord, 'inflightMessageId'>,
): Promise<{ message: MessageRecord; contactJid: string; instanceName: string | null }[]> {
  return db
    .select({ message: messages, contactJid: conversations.contactJid, instanceName: numbers.instanceName })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.convId))
    .leftJoin(numbers, eq(numbers.id, conversations.numberId))
    .where(eq(messages.id, burst.inflightMessageId!))
    .limit(1);
}

/**
 * In one transaction: the part in flight failed with `error` (if still pending) and the burst,
 * still ours (`token`), past it. The message so marked, if it was.
 */
export function markPartInterrupted(
  db: Db,
  burst: Pick<BurstRecord, 'id' | 'inflightMessageId'>,
  token: string,
  error: string,
): Promise<MessageRecord | undefined> {
  return db.transaction(async (tx) => {
    const [msg] = await tx
      .update(messages)
      .set({ status: 'failed', error })
      .where(and(eq(messages.id, burst.inflightMessageId!), eq(messages.status, 'pending')))
      .returning();
    await tx
      .update(replyBursts)
      .set({ inflightMessageId: null, sentParts: sql`${replyBursts.sentParts} + 1` })
      .where(and(eq(replyBursts.id, burst.id), eq(replyBursts.claimToken, token)));
    return msg;
  });
}

/** A QR send marked as never confirmed, with its number. */
export interface UnconfirmedRow {
  id: string;
  user_id: string;
  conv_id: string;
  number_id: string;
  instance_name: string;
  number_phone: string;
  apelido: string | null;
}

/**
 * Marks the QR numbers' sends with no receipt at or past SERVER_ACK `after` they were written (and younger
 * than `lookBack`) failed with `error`, at most `batch`, skipping rows another run holds.
 */
export async function markUnconfirmed(
  db: Db,
  { after, lookBack, batch, error }: { after: string; lookBack: string; batch: number; error: string },
): Promise<UnconfirmedRow[]> {
  return resultRows<UnconfirmedRow>(
    await db.execute(sql`
      with due as (
        select m.id from messages m
        join conversations c on c.id = m.conv_id
        join numbers n on n.id = c.number_id
        where m.direction = 'out' and m.status = 'sent' and m.acked_at is null and m.external_id is not null
          and m.author in ('ai', 'owner_app')
          and m.created_at < now() - ${after}::interval
          and m.created_at > now() - ${lookBack}::interval
          and n.provider = 'evolution'
        order by m.created_at
        limit ${batch}
        for update of m skip locked
      )
      update messages m set status = 'failed', error = ${error}
      from due, conversations c, numbers n
      where m.id = due.id and c.id = m.conv_id and n.id = c.number_id
        and m.status = 'sent' and m.acked_at is null
      returning m.id, m.user_id, m.conv_id, n.id as number_id, n.instance_name, n.phone as number_phone, n.apelido`),
  );
}

/** These messages, those still failed. */
export function selectFailedMessages(db: Db, marked: { id: string }[]): Promise<MessageRecord[]> {
  return db
    .select()
    .from(messages)
    .where(
      and(
        inArray(
          messages.id,
          marked.map((m) => m.id),
        ),
        eq(messages.status, 'failed'),
      ),
    );
}

/** Whether the owner had a 'delivery_failed' alert for this number in the last day. */
export async function recentDeliveryAlert(db: Db, row: UnconfirmedRow): Promise<{ found: boolean } | undefined> {
  const [recent] = resultRows<{ found: boolean }>(
    await db.execute(sql`
      select exists (
        select 1 from owner_alerts a join conversations c on c.id = a.conv_id
        where a.user_id = ${row.user_id} and a.kind = 'delivery_failed' and c.number_id = ${row.number_id}
          and a.created_at > now() - interval '1 day') as found`),
  );
  return recent;
}
