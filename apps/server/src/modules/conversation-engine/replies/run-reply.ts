import { contextBlockInputOf } from '../../../domain/ai-reply/load-context.ts';
import { keywordHandoff } from '../../../domain/ai-reply/reply-request.ts';
import type { StructuredReply } from '../../../domain/ai-reply/structured-reply.ts';
import type { BurstPart } from '../engine-repository.ts';
import { answerEvents } from '../../../domain/engine-events/answer-events.ts';
import { publishEngineEvents, queuedPart } from '../../../domain/engine-events/event-job.ts';
import { handOver } from '../../../domain/handoff/hand-over.ts';
import { type OutboundRule, outboundStop } from '../../../domain/outbound/outbound-rules.ts';
import { holdAsDraft } from '../approval/hold-as-draft.ts';
import type { EngineDeps } from '../engine-deps.ts';
import { PendingRealtimeEvents } from '../realtime-events.ts';
import { hardSplit, WHATSAPP_TEXT_MAX } from '../reply-rules.ts';
import { replyTextParts } from '../../../domain/outbound/reply-parts.ts';
import { optOutByAiReading } from './ai-opt-out.ts';
import { type AiAnswer, askAi } from './ask-ai.ts';
import { finishBurst, keepLease } from './burst-claim.ts';
import type { ReplyContext } from './claim-due-replies.ts';
import { type AnsweredContext, type HeldSlots, holdSlots } from './hold-slots.ts';
import { aiFailureReason, recordAiGaveUp } from './record-ai-gave-up.ts';
import { sendParts } from './send-reply-parts.ts';

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

/** The burst's reason for each rule of the door out that stops a reply (docs/decisions/046-one-door-out.md). */
const REFUSAL: Partial<Record<OutboundRule, string>> = {
  group: 'group',
  opt_out: 'opted-out',
  manual: 'ai-off',
  window: 'window-closed',
};

/** Why the AI does not answer this burst (docs/product/ai-replies.md#2-whom-the-ai-answers), or null when it does. */
function refusalOf(ctx: ReplyContext): string | null {
  // The owner's own personal number writing to the business (e.g. answering an alert) is never answered.
  if (ctx.ownerContact) return 'owner-contact';
  // Meta's own agent holds the thread (the customer wrote on `standby`): it answers, VendAI does not.
  if (ctx.metaAgentHolds) return 'meta-agent';
  // The door's rules for an AI reply, in their order; an official-API number outside the 24-hour
  // window included (only a template may go, decision 041).
  const stop = outboundStop('ai_reply', {
    group: ctx.convType !== 'chat',
    optedOut: ctx.optedOut,
    manual: !ctx.agenteAtivo,
    windowClosed: !ctx.freeTextAllowed,
  });
  if (stop) return REFUSAL[stop] ?? stop;
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
  const answered: AnsweredContext = { ...ctx, agent: ctx.agent, instanceName: ctx.instanceName };
  const held = await holdSlots(deps, answered);
  if (!held) return;
  const answer = await answerOf(deps, answered, held);
  if (!answer) return;
  await fixAndSend(deps, answered, held, answer);
}

/**
 * The answer and its parts: the keyword rule's handoff or the AI's answer. Null when there is none
 * (the AI gave up, recorded): the slots are given back.
 */
async function answerOf(
  deps: EngineDeps,
  ctx: AnsweredContext,
  held: HeldSlots,
): Promise<{ answer: StructuredReply; parts: BurstPart[] } | null> {
  // The keyword rule ('quero falar com um atendente'): handed over in code, the AI is not asked.
  // The context block's inputs (local time, customer's name, business hours; decision 018/019), read in the claim.
  const context = contextBlockInputOf(ctx.contextRows);
  const answer = keywordHandoff(ctx.recent, context) ?? (await askAi(deps, ctx, context));
  if (!answer) {
    await held.giveBack();
    return null;
  }
  // The AI read an opt-out the rules missed: silence, and the conversation opts out (decision 048).
  if (answer.optOut) {
    await held.giveBack();
    await optOutByAiReading(deps, ctx);
    return null;
  }
  // A handoff answer is one message: the conversation goes Manual before it is sent (a takeover stops
  // any further part), and its first part is sent whatever the switch says.
  // Cut into a few messages, or one on a Cloud number that chose it (Meta charges each; decision 064).
  const texts = answer.handoff
    ? hardSplit(answer.reply, WHATSAPP_TEXT_MAX).slice(0, 1)
    : replyTextParts(answer.reply, { oneBalloon: ctx.oneBalloon });
  // The catalogue photos it sends go after its text, each a message of its own (decision 025).
  const photos = answer.handoff ? [] : ((answer as AiAnswer).sendPhotos ?? []);
  const parts: BurstPart[] = texts.length ? [...texts, ...photos.map((photo) => ({ photo }))] : [];
  if (parts.length === 0) {
    await held.giveBack();
    await recordAiGaveUp(deps, ctx, aiFailureReason(new Error('empty answer')));
    return null;
  }
  return { answer, parts };
}

/** Fixes the answer (unless superseded or switched off meanwhile), hands over when it says so, sends it, alerts. */
async function fixAndSend(
  deps: EngineDeps,
  ctx: AnsweredContext,
  held: HeldSlots,
  { answer, parts }: { answer: StructuredReply; parts: BurstPart[] },
): Promise<void> {
  const origin = answer.handoff ? 'handoff_answer' : 'ai_reply';
  // Approval mode: the answer waits as a draft, nothing is sent (decision 045).
  if (ctx.approval && outboundStop(origin, { approval: true }) === 'approval')
    return holdAsDraft(deps, { ...ctx, approval: ctx.approval }, held, { answer, parts, origin });
  // What the answer does beside its text (alerts, funnel, order) is published before the send and
  // delivered once it reached the customer, by whichever process (docs/decisions/057-engine-events.md);
  // what is queued is stored with the answer, for the recovery if this process dies before queueing it.
  const published = {
    key: `answer:${ctx.id}:${ctx.version}`,
    afterBurst: ctx.id,
    events: answerEvents({ ...ctx, burstId: ctx.id }, answer),
  };
  const first = await deps.writer.fix({
    id: ctx.id,
    version: ctx.version,
    token: ctx.token,
    userId: ctx.userId,
    convId: ctx.convId,
    parts,
    events: queuedPart(deps.events, published),
  });
  if (!first) {
    await held.giveBack();
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
  await publishEngineEvents(deps, published);
  await sendParts(deps, {
    origin,
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
    slot: held.slot,
    receivedAt: ctx.lastMessageAt,
    changedBy: (answer as AiAnswer).changedBy ?? null,
  });
}
