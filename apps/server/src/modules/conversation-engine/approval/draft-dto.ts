import type { RealtimeEvent, ReplyDraftDto } from '@vendai/contracts';
import type { BurstPart } from '../engine-repository.ts';
import type { PendingBooking } from '../../../domain/agenda-chat/pending-booking.ts';
import type { ReplyOrder } from '../../../domain/ai-reply/structured-reply.ts';
import type { EngineDeps } from '../engine-deps.ts';
import { parsedJson, type SqlJson, type SqlTimestamp } from '../sql-rows.ts';

/** A reply_drafts row as raw statements return it. */
export interface DraftSqlRow {
  id: string;
  user_id: string;
  conv_id: string;
  state: ReplyDraftDto['state'];
  parts: SqlJson<BurstPart[]>;
  customer_text: string | null;
  customer_at: SqlTimestamp | null;
  due_at: SqlTimestamp;
  timeout_action: 'send' | 'discard';
  alert_id: string | null;
  edited: boolean;
  edited_by_user_id: string | null;
  sent_by_user_id: string | null;
  decided_by: ReplyDraftDto['decided_by'];
  error: string | null;
  created_at: SqlTimestamp;
  effects: SqlJson<DraftEffects | null>;
}

/** What a draft does when it is sent, besides its text (decision 046: an approved draft is a whole reply). */
export interface DraftEffects {
  hotLead: boolean;
  order: ReplyOrder | null;
  /** The agenda change the answer asked for, made when it is sent (decision 045, "The agenda"). */
  booking?: PendingBooking | null;
  burstId: string;
  counted?: boolean;
}

/** The columns every draft statement returns (DraftSqlRow). */
export const DRAFT_COLUMNS =
  'id, user_id, conv_id, state, parts, customer_text, customer_at, due_at, timeout_action, alert_id, edited, edited_by_user_id, sent_by_user_id, decided_by, error, created_at, effects';

/** A part as text: a catalogue photo by its caption. */
export const partText = (part: BurstPart): string => (typeof part === 'string' ? part : `[foto] ${part.photo.caption}`);

export function toDraftDto(r: DraftSqlRow): ReplyDraftDto {
  return {
    id: r.id,
    conv_id: r.conv_id,
    state: r.state,
    parts: parsedJson(r.parts).map(partText),
    customer_text: r.customer_text,
    due_at: new Date(r.due_at).toISOString(),
    timeout_action: r.timeout_action,
    edited: r.edited,
    edited_by: r.edited_by_user_id ?? null,
    sent_by: r.sent_by_user_id ?? null,
    decided_by: r.decided_by,
    error: r.error,
    created_at: new Date(r.created_at).toISOString(),
    booking: (r.effects ? parsedJson(r.effects)?.booking?.text : null) ?? null,
  };
}

/** 'draft.updated' to the owner's open inboxes; best-effort, as every realtime event. */
export async function publishDraft(deps: Pick<EngineDeps, 'realtime' | 'log'>, row: DraftSqlRow): Promise<void> {
  const event: RealtimeEvent = { event: 'draft.updated', data: toDraftDto(row) };
  await Promise.resolve(deps.realtime.publish(row.user_id, event)).catch((err) =>
    deps.log.warn({ err }, 'approval: realtime publish failed'),
  );
}
