import type { PendingBooking } from '../../../domain/agenda-chat/pending-booking.ts';
import { randomUUID } from 'node:crypto';
import type { BurstPart } from '../engine-repository.ts';
import { alertDeps, type EngineDeps } from '../engine-deps.ts';
import type { ReplyContext } from '../replies/claim-due-replies.ts';
import { publishDraft } from './draft-dto.ts';
import { storeDraftRows } from './draft-repository.ts';
import { draftTimeoutJob } from './draft-jobs.ts';
import { alertDraft } from './draft-alert.ts';
import type { AnswerEffects } from '../../../domain/engine-events/answer-events.ts';
import { monthStart } from '../../../domain/usage/get-current-usage.ts';
import { publishEngineEvents } from '../../../domain/engine-events/event-job.ts';

/** The customer's messages this answer is for: those since the last message we sent, oldest first. */
function customerTextOf(recent: ReplyContext['recent']): string | null {
  const texts: string[] = [];
  for (const m of recent) {
    if (m.direction !== 'in') break;
    texts.unshift(m.content?.trim() || (m.messageType === 'text' ? '' : `[${m.messageType}]`));
  }
  const joined = texts.filter(Boolean).join(' / ');
  return joined || null;
}

/**
 * Approval mode (docs/decisions/045-approval-mode.md): instead of sending, the fixed answer becomes
 * the conversation's pending draft. The burst ends 'done' (reason 'drafted') only while it is still
 * our claim of the current version and the AI is on, as fixing an answer does; an older pending
 * draft of the conversation is superseded in the same transaction. Then the realtime event, the
 * timeout job and the owner's alert. What the answer does once sent (`effects`: a hot lead, an order, a booking)
 * waits with it, so the approved draft does it (decision 046). The draft counts toward the limits as
 * written (`effects.counted`; `usage.countPlan`: count the plan's month here, no free-plan slot did). False
 * when the burst was superseded or switched off meanwhile (the caller gives the slots back).
 */
export async function storeDraft(
  deps: EngineDeps,
  ctx: ReplyContext & { approval: NonNullable<ReplyContext['approval']> },
  parts: BurstPart[],
  effects: Pick<AnswerEffects, 'hotLead' | 'order'> & { booking?: PendingBooking | null },
  usage: { countPlan: boolean },
): Promise<boolean> {
  const alertId = randomUUID();
  const month = monthStart(new Date()).toISOString().slice(0, 10);
  const stored = await storeDraftRows(deps.db, {
    ctx,
    parts,
    effects,
    customerText: customerTextOf(ctx.recent),
    alertId,
    month,
    countPlan: usage.countPlan,
  });
  if (!stored) return false;
  for (const old of stored.superseded) await publishDraft(deps, old);
  await publishDraft(deps, stored.draft);
  await deps.jobs
    .send(draftTimeoutJob, { draftId: stored.draft.id }, { startAfter: new Date(stored.draft.due_at) })
    .catch((err) => deps.log.warn({ err }, 'approval: timeout not queued; the recovery sweep acts on it'));
  await alertDraft(alertDeps(deps), stored.draft, alertId, deps.config.approvalAlertGroupMs).catch((err) =>
    deps.log.warn({ err, draftId: stored.draft.id }, 'approval: the owner alert failed'),
  );
  // Who listens (the members' phones, docs/decisions/067-web-push.md) hears of the draft; nothing is sent.
  await publishEngineEvents(deps, {
    key: `draft-held:${stored.draft.id}`,
    afterBurst: null,
    events: [{ name: 'draft.held', payload: { userId: ctx.userId, convId: ctx.convId, draftId: stored.draft.id } }],
  });
  return true;
}
