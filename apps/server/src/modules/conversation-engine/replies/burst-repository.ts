import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { resultRows } from '../../../db/rows.ts';
import { replyBursts } from '../../../db/schema/index.ts';
import type { BurstPart } from '../engine-repository.ts';
import type { MessageSqlRow, SqlJson } from '../sql-rows.ts';

// A claimed burst's own statements (burst-claim.ts, send-reply-parts.ts, record-ai-gave-up.ts) and the
// owner's 'Tentar novamente' (retry-ai-reply.ts). The claim's token guards every write.

/** Ends a burst we hold the claim of (a no-op when the claim is gone or the state moved on). */
export function endClaimedBurst(
  db: Db,
  burstId: string,
  token: string,
  state: 'done' | 'cancelled' | 'failed',
  reason: string | null,
  from: 'generating' | 'sending',
) {
  return db
    .update(replyBursts)
    .set({ state, reason, claimToken: null, inflightMessageId: null, updatedAt: sql`now()` })
    .where(and(eq(replyBursts.id, burstId), eq(replyBursts.claimToken, token), eq(replyBursts.state, from)));
}

/** Renews the claim (its time) while we hold it. */
export function renewClaim(db: Db, burstId: string, token: string) {
  return db
    .update(replyBursts)
    .set({ claimedAt: sql`now()` })
    .where(and(eq(replyBursts.id, burstId), eq(replyBursts.claimToken, token)));
}

/** A sending burst we hold the claim of, with where it goes and who edited and sent it (an approved draft). */
export interface ResumableBurstRow {
  user_id: string;
  conv_id: string;
  contact_jid: string;
  instance_name: string | null;
  parts: SqlJson<BurstPart[]>;
  sent_parts: number;
  reason: string | null;
  edited_by_user_id: string | null;
  sent_by_user_id: string | null;
}

/** The sending burst we hold the claim of (undefined: the claim is gone). */
export async function selectResumableBurst(
  db: Db,
  burstId: string,
  token: string,
): Promise<ResumableBurstRow | undefined> {
  const [row] = resultRows<ResumableBurstRow>(
    await db.execute(sql`
      select b.user_id, b.conv_id, c.contact_jid, n.instance_name, b.parts, b.sent_parts, b.reason,
             d.edited_by_user_id, d.sent_by_user_id
      from reply_bursts b join conversations c on c.id = b.conv_id left join numbers n on n.id = c.number_id
      left join lateral (
        select edited_by_user_id, sent_by_user_id from reply_drafts
        where conv_id = b.conv_id and burst_id = b.id and b.reason = 'approved' limit 1) d on true
      where b.id = ${burstId} and b.claim_token = ${token} and b.state = 'sending'`),
  );
  return row;
}

/**
 * In one statement, while we hold the claim: the burst failed ('llm'), this month's give-ups counted, and
 * the notice (`failureType`, failed with `notice`) written; the notice, if it was.
 */
export async function recordGaveUpRows(
  db: Db,
  burst: { id: string; token: string },
  month: string,
  failureType: string,
  notice: string,
): Promise<(MessageSqlRow & { counted: number | string })[]> {
  return resultRows<MessageSqlRow & { counted: number | string }>(
    await db.execute(sql`
      with b as (
        update reply_bursts set state = 'failed', reason = 'llm', claim_token = null, inflight_message_id = null, updated_at = now()
        where id = ${burst.id} and claim_token = ${burst.token} and state = 'generating'
        returning id, user_id, conv_id),
      u as (
        insert into engine_failures_monthly (user_id, month, ai_gave_up)
        select b.user_id, ${month}::date, 1 from b
        on conflict (user_id, month) do update set ai_gave_up = engine_failures_monthly.ai_gave_up + 1
        returning 1)
      insert into messages (user_id, conv_id, direction, content, from_me, author, message_type, status, error, failed_burst_id)
      select b.user_id, b.conv_id, 'out', null, true, 'ai', ${failureType}, 'failed', ${notice}, b.id from b
      returning *, (select count(*) from u) as counted`),
  );
}

/** The owner's give-up notice (`failureType`), its failed burst and whether the AI may answer. */
export async function selectGaveUpNotice(
  db: Db,
  input: { accountId: string; convId: string; messageId: string },
  failureType: string,
): Promise<{ failed_burst_id: string | null; agente_ativo: boolean; opted_out: boolean } | undefined> {
  const [notice] = resultRows<{ failed_burst_id: string | null; agente_ativo: boolean; opted_out: boolean }>(
    await db.execute(sql`
      select m.failed_burst_id, c.agente_ativo, c.opted_out from messages m join conversations c on c.id = m.conv_id
      where m.id = ${input.messageId} and m.conv_id = ${input.convId} and m.user_id = ${input.accountId} and c.user_id = ${input.accountId}
        and m.message_type = ${failureType}`),
  );
  return notice;
}

/** The notice, no longer retryable, and whether its burst went back to the queue. */
export type RetriedNotice = MessageSqlRow & { requeued: number };

/**
 * The failed burst back to the queue, due now, as a new version (unless the conversation has an open one),
 * and the notice no longer retryable, in one statement.
 */
export async function requeueGaveUpBurst(
  db: Db,
  input: { convId: string; messageId: string },
  notice: { failed_burst_id: string | null },
): Promise<RetriedNotice[]> {
  return resultRows<RetriedNotice>(
    await db.execute(sql`
        with b as (
          update reply_bursts set state = 'waiting', version = version + 1, due_at = now(), claim_token = null, reason = null, updated_at = now()
          where id = ${notice.failed_burst_id} and state = 'failed'
            and not exists (select 1 from reply_bursts o where o.conv_id = ${input.convId} and o.state in ('waiting', 'generating'))
          returning id)
        update messages set failed_burst_id = null
        where id = ${input.messageId} and failed_burst_id is not null
        returning *, (select count(*) from b)::int as requeued`),
  );
}

/** The notice no longer retryable, its burst left as it is. */
export async function retireGaveUpNotice(db: Db, input: { messageId: string }): Promise<RetriedNotice[]> {
  return resultRows<RetriedNotice>(
    await db.execute(
      sql`update messages set failed_burst_id = null where id = ${input.messageId} returning *, 0 as requeued`,
    ),
  );
}
