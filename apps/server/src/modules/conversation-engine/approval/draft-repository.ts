import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { resultRows } from '../../../db/rows.ts';
import { ONE_BALLOON_SQL } from '../../../domain/outbound/reply-parts.ts';
import type { BurstEvents, BurstPart } from '../engine-repository.ts';
import type { SqlTimestamp } from '../sql-rows.ts';
import type { AnswerEffects } from '../../../domain/engine-events/answer-events.ts';
import type { PendingBooking } from '../../../domain/agenda-chat/pending-booking.ts';
import { DRAFT_COLUMNS, type DraftSqlRow } from './draft-dto.ts';

// Approval mode's drafts (docs/decisions/045-approval-mode.md): written in place of a sent answer
// (store-draft.ts), read, sent or discarded exactly once (act-on-draft.ts), timed out (draft-timeout.ts).
// `db` may be a transaction.

/** A draft with what sending it needs: its conversation, its number, whether the customer wrote since. */
export interface DraftForSend extends DraftSqlRow {
  agente_ativo: boolean;
  opted_out: boolean;
  contact_jid: string;
  instance_name: string | null;
  provider: string | null;
  one_balloon: boolean | null;
  customer_last_at: SqlTimestamp | null;
  window_closed_through: SqlTimestamp | null;
  newer: boolean;
}

/** The owner's draft (in this conversation, when `convId` is given) with what sending it needs. */
export async function selectDraftForSend(
  db: Db,
  accountId: string,
  draftId: string,
  convId?: string,
): Promise<DraftForSend | undefined> {
  const [row] = resultRows<DraftForSend>(
    await db.execute(sql`
      select ${sql.raw(
        DRAFT_COLUMNS.split(', ')
          .map((c) => `d.${c}`)
          .join(', '),
      )},
             c.agente_ativo, c.opted_out, c.contact_jid, n.instance_name, n.provider, ${ONE_BALLOON_SQL} as one_balloon, c.customer_last_at, c.window_closed_through,
             exists (select 1 from messages m where m.conv_id = d.conv_id and m.direction = 'in'
                     and m.created_at > d.customer_at) as newer
      from reply_drafts d join conversations c on c.id = d.conv_id left join numbers n on n.id = c.number_id
      where d.id = ${draftId} and d.user_id = ${accountId} and (${convId ?? null}::uuid is null or d.conv_id = ${convId ?? null}::uuid)`),
  );
  return row;
}

/** Who decided a draft: the inbox, the owner's WhatsApp reply (its message id acts once), or the timeout. */
interface DraftDecisionRow {
  by: 'inbox' | 'whatsapp' | 'timeout';
  messageId?: string;
  actorId?: string;
}

/**
 * pending → sent (as edited when `input.text` is given) and the burst `burstId` that sends it, already
 * 'sending' under `token` with the events to queue, in one transaction; null when someone acted first.
 */
export function commitDraftSend(
  db: Db,
  draft: Pick<DraftSqlRow, 'id' | 'user_id' | 'conv_id'>,
  { parts, events }: { parts: BurstPart[]; events: BurstEvents | null },
  token: string,
  burstId: string,
  input: { text?: string; decision: DraftDecisionRow },
): Promise<(DraftSqlRow & { burst_id: string }) | null> {
  return db.transaction(async (tx) => {
    const [row] = resultRows<DraftSqlRow & { burst_id: string }>(
      await tx.execute(sql`
        update reply_drafts set state = 'sent', decided_at = now(), decided_by = ${input.decision.by},
               decided_message_id = ${input.decision.messageId ?? null}, edited = ${input.text !== undefined},
               edited_by_user_id = ${input.text !== undefined ? (input.decision.actorId ?? null) : null},
               sent_by_user_id = ${input.decision.actorId ?? null},
               parts = ${JSON.stringify(parts)}::jsonb, burst_id = ${burstId}
        where id = ${draft.id} and state = 'pending'
        returning ${sql.raw(DRAFT_COLUMNS)}, burst_id`),
    );
    if (!row) return null;
    await tx.execute(sql`
      insert into reply_bursts (id, user_id, conv_id, state, first_message_at, last_message_at, due_at,
                                claim_token, claimed_at, parts, events, reason)
      values (${burstId}, ${draft.user_id}, ${draft.conv_id}, 'sending', now(), now(), now(),
              ${token}, now(), ${JSON.stringify(parts)}::jsonb, ${events ? JSON.stringify(events) : null}::jsonb, 'approved')`);
    return row;
  });
}

/** pending → `state` (discarded, or failed with `error`) once; undefined when it is no longer pending. */
export async function discardPendingDraft(
  db: Db,
  input: {
    accountId: string;
    draftId: string;
    convId?: string;
    decision: DraftDecisionRow;
    state?: 'discarded' | 'failed';
    error?: string;
  },
): Promise<DraftSqlRow | undefined> {
  const [row] = resultRows<DraftSqlRow>(
    await db.execute(sql`
        update reply_drafts set state = ${input.state ?? 'discarded'}, decided_at = now(), decided_by = ${input.decision.by},
               decided_message_id = ${input.decision.messageId ?? null}, error = ${input.error ?? null}
        where id = ${input.draftId} and user_id = ${input.accountId} and state = 'pending'
          and (${input.convId ?? null}::uuid is null or conv_id = ${input.convId ?? null}::uuid)
        returning ${sql.raw(DRAFT_COLUMNS)}`),
  );
  return row;
}

/** What a new draft holds besides its parts: what it does once sent, the customer's text, its timeout. */
export interface NewDraft {
  /** The claimed burst it answers (`version` and `token`: still the claim of the current version). */
  ctx: {
    id: string;
    token: string;
    version: number;
    userId: string;
    convId: string;
    maxAiMessages: number;
    approval: { timeoutMinutes: number; timeoutAction: 'send' | 'discard' };
  };
  parts: BurstPart[];
  effects: Pick<AnswerEffects, 'hotLead' | 'order'> & { booking?: PendingBooking | null };
  customerText: string | null;
  alertId: string;
  /** The plan's month (YYYY-MM-DD) counted when `countPlan`. */
  month: string;
  countPlan: boolean;
}

/**
 * In one transaction: the burst ends 'done' (reason 'drafted') only while it is still this claim of the
 * current version and the AI is on, the conversation's older pending draft is superseded, the draft is
 * written, and the plan's month counts it (`countPlan`). Null when the burst was superseded or switched off.
 */
export function storeDraftRows(
  db: Db,
  { ctx, parts, effects, customerText, alertId, month, countPlan }: NewDraft,
): Promise<{ draft: DraftSqlRow; superseded: DraftSqlRow[] } | null> {
  return db.transaction(async (tx) => {
    const [burst] = resultRows<{ conv_id: string }>(
      await tx.execute(sql`
        update reply_bursts set state = 'done', reason = 'drafted', claim_token = null, updated_at = now()
        where id = ${ctx.id} and claim_token = ${ctx.token} and version = ${ctx.version} and state = 'generating'
          and exists (select 1 from conversations c where c.id = reply_bursts.conv_id and c.agente_ativo and not c.opted_out)
        returning conv_id`),
    );
    if (!burst) return null;
    const superseded = resultRows<DraftSqlRow>(
      await tx.execute(sql`
        update reply_drafts set state = 'superseded', decided_at = now()
        where conv_id = ${ctx.convId} and state = 'pending'
        returning ${sql.raw(DRAFT_COLUMNS)}`),
    );
    const [draft] = resultRows<DraftSqlRow>(
      await tx.execute(sql`
        insert into reply_drafts (user_id, conv_id, parts, effects, customer_text, customer_at, due_at, timeout_action, alert_id)
        values (${ctx.userId}, ${ctx.convId}, ${JSON.stringify(parts)}::jsonb,
                ${JSON.stringify({ hotLead: effects.hotLead, order: effects.order ?? null, booking: effects.booking ?? null, burstId: ctx.id, counted: true })}::jsonb,
                ${customerText},
                (select max(created_at) from messages where conv_id = ${ctx.convId} and direction = 'in'),
                now() + make_interval(mins => ${ctx.approval.timeoutMinutes}), ${ctx.approval.timeoutAction}, ${alertId})
        returning ${sql.raw(DRAFT_COLUMNS)}`),
    );
    // The plan's AI messages count it now (decision 046): a free plan's slot, held before the AI was
    // asked, already did; a paid plan's month is counted here as finishParts counts a sent answer.
    if (countPlan)
      await tx.execute(sql`
        insert into usage_monthly (user_id, month, ai_messages, overage_messages)
        values (${ctx.userId}, ${month}::date, 1, case when ${ctx.maxAiMessages}::int <= 0 then 1 else 0 end)
        on conflict (user_id, month) do update set
          ai_messages = usage_monthly.ai_messages + 1,
          overage_messages = usage_monthly.overage_messages
            + case when usage_monthly.ai_messages + 1 > greatest(${ctx.maxAiMessages}::int, 0) then 1 else 0 end`);
    return { draft: draft!, superseded };
  });
}

/** A pending draft's owner and timeout action, and whether its due time has come (a second's leeway). */
export async function selectDraftTimeout(
  db: Db,
  draftId: string,
): Promise<{ user_id: string; timeout_action: 'send' | 'discard'; due: boolean } | undefined> {
  const [draft] = resultRows<{ user_id: string; timeout_action: 'send' | 'discard'; due: boolean }>(
    await db.execute(sql`
      select user_id, timeout_action, due_at <= now() + interval '1 second' as due
      from reply_drafts where id = ${draftId} and state = 'pending'`),
  );
  return draft;
}

/** Pending drafts this many seconds past due, oldest first (at most 50). */
export async function selectOverdueDrafts(db: Db, overdueSeconds: number): Promise<{ id: string }[]> {
  return resultRows<{ id: string }>(
    await db.execute(sql`
      select id from reply_drafts
      where state = 'pending' and due_at < now() - make_interval(secs => ${overdueSeconds})
      order by due_at limit 50`),
  );
}
