import type { ContextBlockInput } from '../../../domain/ai-reply/context-block.ts';
import { buildReplyRequest } from '../../../domain/ai-reply/reply-request.ts';
import { answerReply } from '../../../domain/ai-reply/complete-reply.ts';
import type { StructuredReply } from '../../../domain/ai-reply/structured-reply.ts';
import { loadReplyFacts } from '../../../domain/facts/load-reply-facts.ts';
import { type ReplyPhoto, replyPhotos } from '../../../domain/facts/reply-photos.ts';
import { guardAiAnswer } from '../../../domain/outbound/ai-text-rules.ts';
import type { OutboundRule } from '../../../domain/outbound/outbound-rules.ts';
import { agendaInstructions, agendaToolKit, type AgendaToolKit } from '../../../domain/agenda-chat/agenda-tools.ts';
import { hourText } from '../../../domain/agenda-chat/tool-args.ts';
import { type BookingTurn, heldStandingNote, NO_BOOKING_TURN } from '../../../domain/agenda-guard/guard-booking.ts';
import type { PendingBooking } from '../../../domain/agenda-chat/pending-booking.ts';
import type { ChatRequest } from '../../../integrations/llm/llm.ts';
import { withRetry } from '../../../lib/retry.ts';
import type { EngineDeps } from '../engine-deps.ts';
import type { AnsweredContext } from './hold-slots.ts';
import { aiFailureReason, recordAiGaveUp } from './record-ai-gave-up.ts';
import { understandReplyMedia } from './understand-reply-media.ts';

/** 'digitando…' is shown when preparing the answer takes longer than this. */
const TYPING_AFTER_MS = 300;
/** The AI's answer with the catalogue photos it may send (only items among its facts with a photo). */
export type AiAnswer = StructuredReply & {
  sendPhotos?: ReplyPhoto[];
  changedBy?: OutboundRule | null;
  /** Approval mode: the agenda change the draft makes when the owner sends it (decision 045). */
  booking?: PendingBooking | null;
};

/** Asks the AI (with retries) and reads its structured answer; null when it gave up (recorded). */
export async function askAi(
  deps: EngineDeps,
  ctx: AnsweredContext,
  context: ContextBlockInput,
): Promise<AiAnswer | null> {
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
  const kit = agendaKit(deps, ctx);
  // A model without tool calls reads the slots in the request and asks for a change in its answer.
  const structured = kit !== null && !deps.llm.completeTurn;
  const request = withAgenda(
    buildReplyRequest(ctx.agent, recent, context, facts.sources),
    kit,
    ctx,
    structured ? await kit.offer() : null,
  );
  try {
    const asked = await withRetry(
      async () => {
        // maxRetries 0: this loop is the retry (ENGINE_LLM_ATTEMPTS); the provider's would multiply it.
        // The AI may look facts up with tool calls first (domain/ai-reply/complete-reply.ts, decision 027).
        const reply = await answerReply(
          deps.llm,
          { ...request, maxRetries: 0 },
          facts,
          structured ? undefined : (kit ?? undefined),
        );
        if (reply.answer.reply === '' && !reply.answer.optOut) throw new Error('empty answer');
        return reply;
      },
      { attempts: deps.config.llmAttempts, baseMs: deps.config.retryBaseMs, shouldRetry: () => true },
    );
    // An opt-out sends nothing: there is no text to guard.
    if (asked.answer.optOut) return asked.answer;
    // The change a model without tools asked for is made before the guard reads the turn.
    if (structured && asked.answer.agenda)
      await kit.run({ id: 'structured', name: asked.answer.agenda.name, arguments: asked.answer.agenda.arguments });
    // The booking guard reads what the agenda tools changed in this turn (decision 070).
    const turn: BookingTurn = kit?.turn ?? standingTurn(ctx);
    const outcome = await guardAiAnswer(deps.llm, asked.request, asked.answer, facts, turn);
    const guarded = outcome.answer;
    return {
      ...guarded,
      sendPhotos: replyPhotos(guarded.photos, facts.sources),
      // The audit record says a guard's fallback replaced what the AI wrote (decision 046).
      changedBy: outcome.changedBy,
      booking: kit?.pending() ?? null,
    };
  } catch (err) {
    deps.log.warn({ err, burstId: ctx.id }, 'engine: the AI did not answer; nothing is sent to the customer');
    await recordAiGaveUp(deps, ctx, aiFailureReason(err));
    return null;
  } finally {
    clearTimeout(typing);
  }
}

/**
 * The agenda's tools for this answer (decision 070): only for an account whose claim said it has an
 * agenda (services); in approval mode a change waits for the owner's 'Enviar' (`pending()`). Without tool
 * calls the same kit runs the change the answer names in its "agenda" field.
 */
function agendaKit(deps: EngineDeps, ctx: AnsweredContext): AgendaToolKit | null {
  if (!ctx.agenda.has || !deps.agenda) return null;
  return agendaToolKit({
    port: deps.agenda,
    accountId: ctx.userId,
    convId: ctx.convId,
    timeZone: ctx.contextRows.timeZone,
    now: () => new Date(),
    approval: ctx.approval !== null,
    standing: ctx.agenda.standing,
    heldUntil: ctx.agenda.heldUntil,
  });
}

/** The guard's turn when no agenda tool ran: the customer's booking as the claim read it. */
function standingTurn(ctx: AnsweredContext): BookingTurn {
  const { standing, heldUntil } = ctx.agenda;
  if (!standing) return NO_BOOKING_TURN;
  return { changes: [], standing, heldUntil: heldUntil ? hourText(heldUntil, ctx.contextRows.timeZone) : null };
}

/** The agenda's instructions after the reply's system prompt, when its tools are offered. */
function withAgenda(
  request: ChatRequest,
  kit: AgendaToolKit | null,
  ctx: AnsweredContext,
  offer: string | null,
): ChatRequest {
  if (!kit) return request;
  const [system, ...rest] = request.messages;
  const instructions = offer ?? agendaInstructions(ctx.approval !== null);
  // A booking held by an earlier turn is still waiting for its sinal: say so in every turn (decision 074).
  const content =
    kit.turn.standing === 'held' && !offer ? `${instructions}\n${heldStandingNote(kit.turn.heldUntil)}` : instructions;
  const note = { role: 'system' as const, content };
  return { ...request, messages: system ? [system, note, ...rest] : [note, ...rest] };
}
