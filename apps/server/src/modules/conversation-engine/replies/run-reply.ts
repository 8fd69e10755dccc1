import { resultRows } from '../../../db/rows.ts';
import { and, eq, sql } from 'drizzle-orm';
import { replyBursts } from '../../../db/schema/index.ts';
import type { ContextBlockInput } from '../../../domain/ai-reply/context-block.ts';
import { loadContextBlockInput } from '../../../domain/ai-reply/load-context.ts';
import { buildReplyRequest, keywordHandoff } from '../../../domain/ai-reply/reply-request.ts';
import { loadReplyFacts } from '../../../domain/facts/load-reply-facts.ts';
import { guardAnswer } from '../../../domain/price-guard/guard-reply.ts';
import { alertDeps, type EngineDeps } from '../engine-deps.ts';
import { PendingRealtimeEvents } from '../realtime-events.ts';
import { type MessageRecord } from '../engine-repository.ts';
import { messagePreview } from '../../../integrations/gateway/map-gateway-message.ts';
import { type PartOutcome, type ReplyContext, startPart } from './reply-repository.ts';
import { hardSplit, splitReply, WHATSAPP_TEXT_MAX } from '../reply-rules.ts';
import { parseStructuredReply, type StructuredReply } from '../../../domain/ai-reply/structured-reply.ts';
import { handOver } from '../../../domain/handoff/hand-over.ts';
import { alertOwner } from '../../../domain/handoff/owner-alerts.ts';
import { stopAtContactCeiling } from '../../../domain/ai-reply/contact-daily-ceiling.ts';
import { withRetry } from '../../../lib/retry.ts';
import { aiFailureReason, recordAiGaveUp } from './record-ai-gave-up.ts';
import { type AiSlot, releaseAiSlot, releasePaidSlot, reserveAiSlot, reservePaidSlot } from './reserve-ai-slot.ts';
import { SEND_UNCONFIRMED, sendReconciled } from '../sending/send-reconciled.ts';
import { understandReplyMedia } from './understand-reply-media.ts';

/** Shown in the inbox on an AI message the gateway finally refused. */
export const AI_SEND_FAILED = 'Não foi possível enviar a resposta da IA pelo WhatsApp. Verifique a conexão do número.';
/** Shown on a part whose send was cut by a restart: it may or may not have reached the customer. */
export const AI_SEND_INTERRUPTED =
  'Envio interrompido pelo reinício do servidor. Confira no WhatsApp antes de reenviar.';

/** 'digitando…' is shown when preparing the answer takes longer than this. */
const TYPING_AFTER_MS = 300;

/**
 * Answers one claimed burst (reply-scheduler.ts claimed it: waiting → generating, our token) at most once:
 * 1. check who answers (docs/product/ai-replies.md#2-whom-the-ai-answers), show 'digitando…', ask the AI with retries;
 * 2. fix the answer (generating → sending) only if no customer message arrived meanwhile and the
 *    AI is still on for the conversation; 3. send the parts (sendParts), each re-checked just before.
 */
export async function answerBurst(deps: EngineDeps, ctx: ReplyContext): Promise<void> {
  const lease = keepLease(deps, ctx.id, ctx.token);
  try {
    await generateAndSend(deps, ctx);
  } finally {
    lease.stop();
  }
}

/** Why the AI does not answer this burst (docs/product/ai-replies.md#2-whom-the-ai-answers), or null when it does. */
function refusalOf(ctx: ReplyContext): string | null {
  if (ctx.convType !== 'chat') return 'group';
  if (!ctx.agenteAtivo) return 'ai-off';
  if (ctx.optedOut) return 'opted-out';
  // The owner's own personal number writing to the business (e.g. answering an alert) is never answered.
  if (ctx.ownerContact) return 'owner-contact';
  if (!ctx.instanceName || !ctx.agent) return 'no-agent';
  if (!ctx.agent.active) return 'agent-inactive';
  if (ctx.isFree && ctx.aiMessages >= ctx.maxAiMessages) return 'free-limit';
  return null;
}

async function generateAndSend(deps: EngineDeps, ctx: ReplyContext): Promise<void> {
  const refusal = refusalOf(ctx);
  if (refusal || !ctx.agent || !ctx.instanceName) {
    await finishBurst(deps, ctx.id, ctx.token, 'cancelled', refusal ?? 'no-agent');
    return;
  }

  // The contact's answers today (decision 021): past the agent's ceiling, Manual and one owner alert.
  if (await stopAtContactCeiling(alertDeps(deps), ctx)) {
    await finishBurst(deps, ctx.id, ctx.token, 'cancelled', 'contact-ceiling');
    await new PendingRealtimeEvents().conversation(ctx.convId, 'updated').publish(deps);
    return;
  }

  // The free plan's limit is exact under concurrency: a slot is claimed in the database before the
  // AI is even asked, and given back when nothing is sent (reserve-ai-slot.ts).
  const slot = ctx.isFree ? await reserveAiSlot(deps.db, ctx.userId, ctx.maxAiMessages) : null;
  if (ctx.isFree && !slot) {
    await finishBurst(deps, ctx.id, ctx.token, 'cancelled', 'free-limit');
    return;
  }
  // Paid plans: the owner's overage ceiling, claimed the same way (the AI pauses at it).
  const paid = ctx.isFree ? null : await reservePaidSlot(deps, ctx);
  if (paid === 'overage-ceiling') {
    await finishBurst(deps, ctx.id, ctx.token, 'cancelled', paid);
    return;
  }
  const giveBack = async () => {
    await releasePaidSlot(deps, paid);
    if (slot)
      await releaseAiSlot(deps.db, slot).catch((err) =>
        deps.log.warn({ err }, 'engine: an AI slot could not be given back'),
      );
  };

  // The keyword rule ('quero falar com um atendente'): handed over in code, the AI is not asked.
  // The context block's inputs (local time, customer's name, business hours; decision 018/019).
  const context = await loadContextBlockInput(deps.db, ctx.userId, ctx.convId);
  let answer: StructuredReply | null = keywordHandoff(ctx.recent, context);
  if (!answer) {
    answer = await askAi(deps, ctx, context);
    if (!answer) {
      await giveBack();
      return;
    }
  }
  // A handoff answer is one message: the conversation goes Manual before it is sent (a takeover stops
  // any further part), and its first part is sent whatever the switch says.
  const parts = answer.handoff ? hardSplit(answer.reply, WHATSAPP_TEXT_MAX).slice(0, 1) : splitReply(answer.reply);
  if (parts.length === 0) {
    await giveBack();
    await recordAiGaveUp(deps, ctx, aiFailureReason(new Error('empty answer')));
    return;
  }

  const first = await deps.writer.fix({
    id: ctx.id,
    version: ctx.version,
    token: ctx.token,
    userId: ctx.userId,
    convId: ctx.convId,
    parts,
  });
  if (!first) {
    await giveBack();
    // Superseded (a new customer message put the burst back to waiting: its own claim answers it
    // whole; our token is gone, so this changes nothing) or the AI was switched off meanwhile.
    await finishBurst(deps, ctx.id, ctx.token, 'cancelled', 'ai-off');
    return;
  }
  if (answer.handoff && (await handOver(deps.db, ctx.convId, answer.handoff.reason))) {
    const switched = new PendingRealtimeEvents();
    switched.conversation(ctx.convId, 'updated');
    await switched.publish(deps);
  }
  await sendParts(deps, {
    burstId: ctx.id,
    token: ctx.token,
    userId: ctx.userId,
    convId: ctx.convId,
    contactJid: ctx.contactJid,
    instanceName: ctx.instanceName,
    parts,
    from: 0,
    first,
    maxAiMessages: ctx.maxAiMessages,
    slot,
  });
  await alertForAnswer(deps, ctx, answer);
}

/** Asks the AI (with retries) and reads its structured answer; null when it gave up (recorded). */
async function askAi(deps: EngineDeps, ctx: ReplyContext, context: ContextBlockInput): Promise<StructuredReply | null> {
  // 'digitando…' while the answer is prepared, once preparing takes long enough to be seen (an
  // answer ready at once needs none, and its typing could show after the message itself). Cosmetic:
  // never awaited, never fatal.
  const instanceName = ctx.instanceName!;
  const typing = setTimeout(() => {
    deps.gateway
      .sendPresence(instanceName, { number: ctx.contactJid, presence: 'composing', delayMs: deps.config.typingMs })
      .catch((err) => deps.log.debug({ err }, 'engine: presence failed'));
  }, TYPING_AFTER_MS);

  // Voice notes, images and documents are understood first, so the burst is answered once, after
  // the transcript exists (understand-reply-media.ts, decision 016).
  const recent = await understandReplyMedia(deps, ctx);
  // The same request the playground makes (domain/ai-reply): prompt, context block, history window,
  // model settings.
  // The business's facts (domain/facts) go with the request; the price guard checks the answer (decision 025).
  const facts = await loadReplyFacts(deps.db, ctx.userId, ctx.agent!, recent);
  const request = buildReplyRequest(ctx.agent!, recent, context, facts.sources);
  try {
    const answer = await withRetry(
      async () => {
        // maxRetries 0: this loop is the retry (ENGINE_LLM_ATTEMPTS); the provider's would multiply it.
        const text = await deps.llm.complete({ ...request, maxRetries: 0 });
        const parsed = parseStructuredReply(text ?? '');
        if (parsed.reply === '') throw new Error('empty answer');
        return parsed;
      },
      { attempts: deps.config.llmAttempts, baseMs: deps.config.retryBaseMs, shouldRetry: () => true },
    );
    return (await guardAnswer(deps.llm, request, answer, facts)).answer;
  } catch (err) {
    deps.log.warn({ err, burstId: ctx.id }, 'engine: the AI did not answer; nothing is sent to the customer');
    await recordAiGaveUp(deps, ctx, aiFailureReason(err));
    return null;
  } finally {
    clearTimeout(typing);
  }
}

/** The owner's alert for what the answer flagged (handoff, needed the owner, hot lead); never fatal. */
async function alertForAnswer(deps: EngineDeps, ctx: ReplyContext, answer: StructuredReply): Promise<void> {
  const alert = answer.handoff
    ? { kind: 'handoff' as const, why: answer.handoff.reason }
    : answer.needsOwner
      ? { kind: 'needs_owner' as const, why: answer.needsOwner.reason }
      : answer.hotLead
        ? { kind: 'hot_lead' as const, why: 'A IA identificou que o cliente está pronto para comprar.' }
        : null;
  if (!alert) return;
  await alertOwner(alertDeps(deps), { userId: ctx.userId, convId: ctx.convId, ...alert }).catch((err) =>
    deps.log.warn({ err, convId: ctx.convId }, 'engine: the owner alert failed'),
  );
}

export interface SendingBurst {
  burstId: string;
  token: string;
  userId: string;
  convId: string;
  contactJid: string;
  instanceName: string;
  parts: string[];
  /** The first part not yet finished. */
  from: number;
  /** That part's message when it is already stored (fixAnswer stores the first one). */
  first?: MessageRecord;
  maxAiMessages: number;
  /** The free plan's slot claimed for this answer (already counted; given back if its first part fails). */
  slot?: AiSlot | null;
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
    // Not awaited: the send does not wait for the inbox (the hub keeps the events in order).
    const created = new PendingRealtimeEvents();
    created.message(message, 'created');
    void created.publish(deps);

    // Never sent twice: an unknown outcome is reconciled before any new attempt (send-reconciled.ts).
    const result = await sendReconciled(deps, {
      messageId: message.id,
      instanceName: s.instanceName,
      contactJid: s.contactJid,
      text: message.content!,
    });
    const ok = result.ok;
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
      preview: messagePreview({ type: 'text', content: message.content, media: null }),
      // One AI-answered message per reply, counted when its first part went out.
      countUsage: index === 0 && !s.slot,
      maxAiMessages: s.maxAiMessages,
    };
    const conversation = await deps.writer.finish(outcome);
    const events = new PendingRealtimeEvents();
    events.message(
      {
        ...message,
        status: ok ? 'sent' : 'failed',
        externalId: externalId ?? message.externalId,
        error: outcome.error,
      },
      'updated',
    );
    if (conversation) events.conversationRow(conversation);
    await events.publish(deps);
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

/** Resumes sending a burst we hold the claim of, from its first unfinished part (after a crash). */
export async function resumeParts(
  deps: EngineDeps,
  burstId: string,
  token: string,
  maxAiMessages: number,
): Promise<void> {
  const [row] = resultRows<{
    user_id: string;
    conv_id: string;
    contact_jid: string;
    instance_name: string | null;
    parts: string[] | string;
    sent_parts: number;
  }>(
    await deps.db.execute(sql`
      select b.user_id, b.conv_id, c.contact_jid, n.instance_name, b.parts, b.sent_parts
      from reply_bursts b join conversations c on c.id = b.conv_id left join numbers n on n.id = c.number_id
      where b.id = ${burstId} and b.claim_token = ${token} and b.state = 'sending'`),
  );
  if (!row) return;
  const parts = typeof row.parts === 'string' ? (JSON.parse(row.parts) as string[]) : row.parts;
  if (!row.instance_name) {
    await finishBurst(deps, burstId, token, 'failed', 'no-number', 'sending');
    return;
  }
  await sendParts(deps, {
    burstId,
    token,
    userId: row.user_id,
    convId: row.conv_id,
    contactJid: row.contact_jid,
    instanceName: row.instance_name,
    parts,
    from: Number(row.sent_parts),
    maxAiMessages,
  });
}

/** Ends a burst we hold the claim of (a no-op when the claim is gone or the state moved on). */
async function finishBurst(
  deps: EngineDeps,
  burstId: string,
  token: string,
  state: 'done' | 'cancelled' | 'failed',
  reason: string | null,
  from: 'generating' | 'sending' = 'generating',
): Promise<void> {
  await deps.db
    .update(replyBursts)
    .set({ state, reason, claimToken: null, inflightMessageId: null, updatedAt: sql`now()` })
    .where(and(eq(replyBursts.id, burstId), eq(replyBursts.claimToken, token), eq(replyBursts.state, from)));
}

/** Renews the claim while the handler works, so the recovery sweep only takes over a dead worker's. */
export function keepLease(deps: EngineDeps, burstId: string, token: string): { stop(): void } {
  const timer = setInterval(
    () => {
      deps.db
        .update(replyBursts)
        .set({ claimedAt: sql`now()` })
        .where(and(eq(replyBursts.id, burstId), eq(replyBursts.claimToken, token)))
        .catch((err) => deps.log.debug({ err }, 'engine: lease renewal failed'));
    },
    Math.max(250, Math.floor(deps.config.leaseMs / 3)),
  );
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
