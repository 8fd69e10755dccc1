import type { BurstPart } from '../engine-repository.ts';
import type { EngineDeps } from '../engine-deps.ts';
import { CUSTOMER_CHAT, PendingRealtimeEvents } from '../realtime-events.ts';
import type { MessageRecord } from '../engine-repository.ts';
import { messagePreview } from '../../../integrations/gateway/map-gateway-message.ts';
import { type PartOutcome, startPart } from './reply-repository.ts';
import { type AiSlot, releaseAiSlot } from './reserve-ai-slot.ts';
import { SEND_UNCONFIRMED, sendOutbound } from '../../../domain/outbound/send-outbound.ts';
import type { OutboundOrigin } from '../../../domain/outbound/outbound-origin.ts';
import type { OutboundRule } from '../../../domain/outbound/outbound-rules.ts';
import type { OutboundAuditEntry } from '../../../domain/outbound/outbound-audit.ts';
import { finishBurst } from './burst-claim.ts';
import { parsedJson } from '../sql-rows.ts';
import { selectResumableBurst } from './burst-repository.ts';
import { publishEngineEvents } from '../../../domain/engine-events/event-job.ts';

/** The AI message shows as pending in the inbox when its send takes longer than this (else sent at once). */
const PENDING_SHOWN_AFTER_MS = 200;

/** Shown in the inbox on an AI message the gateway finally refused. */
export const AI_SEND_FAILED = 'Não foi possível enviar a resposta da IA pelo WhatsApp. Verifique a conexão do número.';
/** Shown on a part whose send was cut by a restart: it may or may not have reached the customer. */
export const AI_SEND_INTERRUPTED =
  'Envio interrompido pelo reinício do servidor. Confira no WhatsApp antes de reenviar.';

export interface SendingBurst {
  /** What the parts are: the AI's answer, a handoff answer or an approved draft (docs/decisions/046-one-door-out.md). */
  origin: Extract<OutboundOrigin, 'ai_reply' | 'handoff_answer' | 'draft'>;
  burstId: string;
  token: string;
  userId: string;
  convId: string;
  contactJid: string;
  instanceName: string;
  parts: BurstPart[];
  /** The first part not yet finished. */
  from: number;
  /** That part's message when it is already stored (fixAnswer stores the first one). */
  first?: MessageRecord;
  maxAiMessages: number;
  /** The free plan's slot claimed for this answer (already counted; given back if its first part fails). */
  slot?: AiSlot | null;
  /** The rule that changed the answer (the price guard's fallback), for the audit record (decision 046). */
  changedBy?: OutboundRule | null;
  /** Already counted toward the plan (an approval draft, counted when written: decision 046). */
  counted?: boolean;
  /** An approved draft's people: who edited its text and who sent it, stored on each part's message. */
  people?: { editedBy: string | null; sentBy: string | null };
  /** When the burst's last customer message arrived, when known (the pipeline histogram). */
  receivedAt?: Date | null;
}

/**
 * Sends the fixed parts of a burst in order. Before each part the AI must still be on (a takeover
 * stops the rest) and the part's message is stored with the burst pointing at it (in flight), so a
 * crash during the gateway call is never followed by a second send of it.
 */
export async function sendParts(deps: EngineDeps, s: SendingBurst): Promise<void> {
  for (let index = s.from; index < s.parts.length; index++) {
    const message = index === s.from && s.first ? s.first : await startPart(deps.db, s, index, s.parts[index]!);
    if (!message) {
      await finishBurst(deps, s.burstId, s.token, index === 0 ? 'cancelled' : 'done', 'takeover', 'sending');
      return;
    }
    // The inbox sees the pending message when the send takes a moment; a send done at once goes out
    // with its outcome in one NOTIFY (created, then updated). Never awaited: the send does not wait for the inbox.
    const events = new PendingRealtimeEvents();
    events.message(message, 'created', CUSTOMER_CHAT);
    let shownPending = false;
    const showPending = setTimeout(() => {
      shownPending = true;
      void events.publish(deps);
    }, PENDING_SHOWN_AFTER_MS);

    // Through the one door out: never sent twice, an unknown outcome is reconciled (domain/outbound).
    const part = s.parts[index]!;
    let audit: OutboundAuditEntry | null = null;
    const result = await sendOutbound(deps, {
      origin: s.origin,
      messageId: message.id,
      instanceName: s.instanceName,
      to: s.contactJid,
      text: message.content!,
      photoKey: typeof part === 'string' ? null : part.photo.key,
      audit: { changedBy: s.changedBy ?? null },
      // Stored by the part's bookkeeping statement below (finishParts), not by a statement of its own.
      auditInto: (entry) => (audit = entry),
    });
    clearTimeout(showPending);
    const ok = result.ok;
    if (ok && index === 0) await firstPartSent(deps, s);
    const externalId = result.ok ? result.externalId : null;
    const failure = result.ok ? null : result.error;
    // A refused first part gives the slot back; an unconfirmed one may have reached the customer: it stays counted.
    if (!result.ok && !result.unconfirmed && index === 0 && s.slot)
      await releaseAiSlot(deps.db, s.slot).catch(() => {});
    const outcome: PartOutcome = {
      burstId: s.burstId,
      token: s.token,
      userId: s.userId,
      convId: s.convId,
      messageId: message.id,
      index,
      ok,
      externalId,
      error: ok ? null : !result.ok && result.unconfirmed ? SEND_UNCONFIRMED : AI_SEND_FAILED,
      last: index === s.parts.length - 1,
      preview: messagePreview({
        type: typeof part === 'string' ? 'text' : 'image',
        content: message.content,
        media: null,
      }),
      // One AI-answered message per reply, counted when its first part went out.
      countUsage: index === 0 && !s.slot && !s.counted,
      maxAiMessages: s.maxAiMessages,
      audit,
    };
    const conversation = await deps.writer.finish(outcome);
    const outcomeEvents = shownPending ? new PendingRealtimeEvents() : events;
    outcomeEvents.message(
      {
        ...message,
        status: ok ? 'sent' : 'failed',
        externalId: externalId ?? message.externalId,
        error: outcome.error,
      },
      'updated',
      CUSTOMER_CHAT,
    );
    if (conversation) outcomeEvents.conversationRow(conversation, 'updated', CUSTOMER_CHAT);
    await outcomeEvents.publish(deps);
    if (!ok) {
      deps.log.warn(
        { err: failure, burstId: s.burstId, messageId: message.id },
        'engine: the gateway refused the AI answer; marked failed',
      );
      return;
    }
    if (outcome.last) return; // finishPart marked the burst done
  }
  // Nothing left to send (a resumed burst whose last part was the interrupted one).
  await finishBurst(deps, s.burstId, s.token, 'done', null, 'sending');
}

/** The answer reached the customer: the pipeline timer, and 'reply.sent' (a hint, docs/decisions/060-events-features-listen.md). */
async function firstPartSent(deps: EngineDeps, s: SendingBurst): Promise<void> {
  deps.onFirstPartSent?.(s.burstId, s.receivedAt ?? null);
  await publishEngineEvents(deps, {
    key: `sent:${s.burstId}`,
    afterBurst: null,
    events: [{ name: 'reply.sent', payload: { userId: s.userId, convId: s.convId, burstId: s.burstId } }],
  });
}

/**
 * Resumes sending a burst we hold the claim of, from its first unfinished part (after a crash); `resend`:
 * that part's stored message, which the gateway provably does not have (recovery/settle-interrupted-part.ts).
 */
export async function resumeParts(
  deps: EngineDeps,
  burstId: string,
  token: string,
  maxAiMessages: number,
  resend?: { message: MessageRecord; slot: AiSlot | null },
): Promise<void> {
  const row = await selectResumableBurst(deps.db, burstId, token);
  if (!row) return;
  if (!row.instance_name) {
    await finishBurst(deps, burstId, token, 'failed', 'no-number', 'sending');
    return;
  }
  await sendParts(deps, {
    // An approved draft's burst says so (act-on-draft.ts); a handoff answer is one part, sent before any crash matters.
    origin: row.reason === 'approved' ? 'draft' : 'ai_reply',
    // An approved draft was counted when written (decision 046).
    counted: row.reason === 'approved',
    burstId,
    token,
    userId: row.user_id,
    convId: row.conv_id,
    contactJid: row.contact_jid,
    instanceName: row.instance_name,
    parts: parsedJson(row.parts),
    from: Number(row.sent_parts),
    first: resend?.message,
    slot: resend?.slot,
    maxAiMessages,
    // An approved draft's parts still say who edited and who sent it (docs/decisions/066-business-facts-in-one-place.md).
    ...(row.reason === 'approved' ? { people: { editedBy: row.edited_by_user_id, sentBy: row.sent_by_user_id } } : {}),
  });
}
