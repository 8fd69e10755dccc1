import type { ContextBlockInput } from '../../../domain/ai-reply/context-block.ts';
import { contextBlockInputOf } from '../../../domain/ai-reply/load-context.ts';
import { buildReplyRequest, keywordHandoff } from '../../../domain/ai-reply/reply-request.ts';
import { loadReplyFacts } from '../../../domain/facts/load-reply-facts.ts';
import { type ReplyPhoto, replyPhotos } from '../../../domain/facts/reply-photos.ts';
import type { BurstPart } from '../../../db/schema/index.ts';
import { guardAiAnswer } from '../../../domain/outbound/ai-text-rules.ts';
import { type OutboundRule, outboundStop } from '../../../domain/outbound/outbound-rules.ts';
import { recordOutbound } from '../../../domain/outbound/outbound-audit.ts';
import { alertDeps, type EngineDeps } from '../engine-deps.ts';
import { PendingRealtimeEvents } from '../realtime-events.ts';
import type { ReplyContext } from './claim-due-replies.ts';
import { hardSplit, splitReply, WHATSAPP_TEXT_MAX } from '../reply-rules.ts';
import type { StructuredReply } from '../../../domain/ai-reply/structured-reply.ts';
import { answerReply } from '../../../domain/ai-reply/complete-reply.ts';
import { handOver } from '../../../domain/handoff/hand-over.ts';
import { stopAtContactCeiling } from '../../../domain/ai-reply/contact-daily-ceiling.ts';
import { withRetry } from '../../../lib/retry.ts';
import { aiFailureReason, recordAiGaveUp } from './record-ai-gave-up.ts';
import { type AiSlot, releaseAiSlot, releasePaidSlot, reserveAiSlot, reservePaidSlot } from './reserve-ai-slot.ts';
import { understandReplyMedia } from './understand-reply-media.ts';
import { finishBurst, keepLease } from './burst-claim.ts';
import { sendParts } from './send-reply-parts.ts';
import { storeDraft } from '../approval/store-draft.ts';
import { optOutByAiReading } from './ai-opt-out.ts';
import { answerEvents } from '../../../domain/engine-events/answer-events.ts';
import { publishEngineEvents } from '../../../domain/engine-events/event-job.ts';

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

/** A burst the AI answers: its agent and number are known (refusalOf passed). */
type AnsweredContext = ReplyContext & { agent: NonNullable<ReplyContext['agent']>; instanceName: string };

/** The plan's slots held for one answer, and how to give them back when nothing is sent. */
interface HeldSlots {
  /** The free plan's slot (already counted). */
  slot: AiSlot | null;
  giveBack(): Promise<void>;
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
 * The limits checked before the AI is asked: the contact's answers today, the free plan's monthly
 * messages, a paid plan's overage ceiling. Null when one stops this burst (it is cancelled).
 */
async function holdSlots(deps: EngineDeps, ctx: AnsweredContext): Promise<HeldSlots | null> {
  // The contact's answers today (decision 021): past the agent's ceiling, Manual and one owner alert.
  if (await stopAtContactCeiling(alertDeps(deps), ctx)) {
    await finishBurst(deps, ctx.id, ctx.token, 'cancelled', 'contact-ceiling');
    await new PendingRealtimeEvents().conversation(ctx.convId, 'updated').publish(deps);
    return null;
  }

  // The free plan's limit is exact under concurrency: a slot is claimed in the database before the
  // AI is even asked, and given back when nothing is sent (reserve-ai-slot.ts).
  const slot = ctx.isFree ? await reserveAiSlot(deps.db, ctx.userId, ctx.maxAiMessages) : null;
  if (ctx.isFree && !slot) {
    await finishBurst(deps, ctx.id, ctx.token, 'cancelled', 'free-limit');
    return null;
  }
  // Paid plans: the owner's overage ceiling, claimed the same way (the AI pauses at it).
  const paid = ctx.billsOverage ? await reservePaidSlot(deps, ctx) : null;
  if (paid === 'overage-ceiling') {
    await finishBurst(deps, ctx.id, ctx.token, 'cancelled', paid);
    return null;
  }
  const giveBack = async () => {
    await releasePaidSlot(deps, paid);
    if (slot)
      await releaseAiSlot(deps.db, slot).catch((err) =>
        deps.log.warn({ err }, 'engine: an AI slot could not be given back'),
      );
  };
  return { slot, giveBack };
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
  const texts = answer.handoff ? hardSplit(answer.reply, WHATSAPP_TEXT_MAX).slice(0, 1) : splitReply(answer.reply);
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
  // Approval mode: the answer waits as a draft, nothing is sent (decision 045). It counts toward every
  // limit now, as written: the slots held stay taken (decision 046, "Drafts and the limits"). A
  // handoff answer is not drafted (the door's table): the conversation goes to a person now.
  const origin = answer.handoff ? 'handoff_answer' : 'ai_reply';
  if (ctx.approval && outboundStop(origin, { approval: true }) === 'approval') {
    // What it would do once sent (hot lead, order) waits with it: an approved draft is a whole reply.
    const effects = { handoff: null, needsOwner: null, hotLead: answer.hotLead, order: answer.order ?? null };
    if (!(await storeDraft(deps, { ...ctx, approval: ctx.approval }, parts, effects, { countPlan: !held.slot }))) {
      await held.giveBack();
      await finishBurst(deps, ctx.id, ctx.token, 'cancelled', 'ai-off');
      return;
    }
    // The answer held by approval mode leaves its audit record (decision 046); sent later, it is a 'draft'.
    await recordOutbound(deps, {
      origin,
      outcome: 'held',
      rule: 'approval',
      userId: ctx.userId,
      convId: ctx.convId,
      detail: (answer as AiAnswer).changedBy ?? null,
    });
    // What only the owner can settle (the price guard's fallback among it) is told now, not at approval.
    await publishEngineEvents(deps, {
      key: `drafted:${ctx.id}:${ctx.token}`,
      afterBurst: null,
      events: answerEvents(
        { ...ctx, burstId: ctx.id },
        { handoff: null, needsOwner: answer.needsOwner, hotLead: false },
      ),
    });
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
  // What the answer does beside its text (alerts, funnel, order) is published before the send and
  // delivered once it reached the customer, by whichever process (docs/decisions/057-engine-events.md).
  await publishEngineEvents(deps, {
    key: `answer:${ctx.id}:${ctx.token}`,
    afterBurst: ctx.id,
    events: answerEvents({ ...ctx, burstId: ctx.id }, answer),
  });
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

/** The AI's answer with the catalogue photos it may send (only items among its facts with a photo). */
type AiAnswer = StructuredReply & { sendPhotos?: ReplyPhoto[]; changedBy?: OutboundRule | null };

/** Asks the AI (with retries) and reads its structured answer; null when it gave up (recorded). */
async function askAi(deps: EngineDeps, ctx: AnsweredContext, context: ContextBlockInput): Promise<AiAnswer | null> {
  // 'digitando…' while the answer is prepared, once preparing takes long enough to be seen (an
  // answer ready at once needs none, and its typing could show after the message itself). Cosmetic:
  // never awaited, never fatal.
  const instanceName = ctx.instanceName;
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
  const facts = await loadReplyFacts(deps.db, ctx.userId, ctx.agent, recent, {
    embeddings: deps.llm.embeddings,
    present: ctx.facts,
    convId: ctx.convId,
  });
  const request = buildReplyRequest(ctx.agent, recent, context, facts.sources);
  try {
    const asked = await withRetry(
      async () => {
        // maxRetries 0: this loop is the retry (ENGINE_LLM_ATTEMPTS); the provider's would multiply it.
        // The AI may look facts up with tool calls first (domain/ai-reply/complete-reply.ts, decision 027).
        const reply = await answerReply(deps.llm, { ...request, maxRetries: 0 }, facts);
        if (reply.answer.reply === '' && !reply.answer.optOut) throw new Error('empty answer');
        return reply;
      },
      { attempts: deps.config.llmAttempts, baseMs: deps.config.retryBaseMs, shouldRetry: () => true },
    );
    // An opt-out sends nothing: there is no text to guard.
    if (asked.answer.optOut) return asked.answer;
    const outcome = await guardAiAnswer(deps.llm, asked.request, asked.answer, facts);
    const guarded = outcome.answer;
    return {
      ...guarded,
      sendPhotos: replyPhotos(guarded.photos, facts.sources),
      // The audit record says the guard's fallback replaced what the AI wrote (decision 046).
      changedBy: outcome.blocked ? 'price_guard' : null,
    };
  } catch (err) {
    deps.log.warn({ err, burstId: ctx.id }, 'engine: the AI did not answer; nothing is sent to the customer');
    await recordAiGaveUp(deps, ctx, aiFailureReason(err));
    return null;
  } finally {
    clearTimeout(typing);
  }
}
