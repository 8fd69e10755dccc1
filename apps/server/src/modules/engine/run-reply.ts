import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { conversations, messages, replyBursts } from '../../db/schema/index.ts';
import type { ChatRequest, LlmTask } from '../../integrations/llm/llm.ts';
import type { EngineDeps } from './engine-deps.ts';
import { PendingEvents } from './engine-events.ts';
import { type BurstRecord, countAiMessage, findAgent, findNumberForEngine, planAllowance, touchConversation } from './engine-repository.ts';
import { replyJob } from './engine-jobs.ts';
import { messagePreview } from './map-gateway-message.ts';
import { buildHistory, splitReply } from './reply-rules.ts';
import { withRetry } from './retry.ts';

/** Shown in the inbox on an AI message the gateway finally refused. */
export const AI_SEND_FAILED = 'Não foi possível enviar a resposta da IA pelo WhatsApp. Verifique a conexão do número.';
/** Shown on a part whose send was cut by a restart: it may or may not have reached the customer. */
export const AI_SEND_INTERRUPTED = 'Envio interrompido pelo reinício do servidor. Confira no WhatsApp antes de reenviar.';

/** The AI answers in a bounded size (the playground uses 500 tokens; replies may be a little longer). */
const REPLY_MAX_TOKENS = 800;

/**
 * engine.reply handler: answers one burst at most once.
 * 1. claim it (waiting → generating, with a fresh claim token), only if its version is still current;
 * 2. check who answers (ai-reply-behaviour.md §2), show 'digitando…', ask the AI with retries;
 * 3. fix the answer (generating → sending) only if no customer message arrived meanwhile and the
 *    owner did not take over; 4. send the parts (sendReplyParts), each re-checked just before.
 */
export async function runReply(deps: EngineDeps, job: { burstId: string; version: number }): Promise<void> {
  const [burst] = await deps.db.select().from(replyBursts).where(eq(replyBursts.id, job.burstId)).limit(1);
  if (!burst || burst.version !== job.version || burst.state !== 'waiting') return;
  if (burst.dueAt.getTime() > Date.now() + 50) {
    // Picked up early (clock rounding): come back when due.
    await deps.jobs.send(replyJob, job, { startAfter: burst.dueAt });
    return;
  }
  const token = randomUUID();
  const [claimed] = await deps.db
    .update(replyBursts)
    .set({ state: 'generating', claimToken: token, claimedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(replyBursts.id, job.burstId), eq(replyBursts.version, job.version), eq(replyBursts.state, 'waiting')))
    .returning();
  if (!claimed) return;

  const lease = keepLease(deps, claimed.id, token);
  try {
    await generateAndSend(deps, claimed, token);
  } finally {
    lease.stop();
  }
}

async function generateAndSend(deps: EngineDeps, burst: BurstRecord, token: string): Promise<void> {
  const [conv] = await deps.db.select().from(conversations).where(eq(conversations.id, burst.convId)).limit(1);
  if (!conv) return;
  const number = await findNumberForEngine(deps.db, conv.numberId);
  const agent = number?.agente ? await findAgent(deps.db, number.agente) : null;

  // Who answers (ai-reply-behaviour.md §2), checked again now that the burst is due.
  const allowance = await planAllowance(deps.db, burst.userId);
  const refusal =
    conv.type !== 'chat' ? 'group'
    : !conv.agenteAtivo ? 'ai-off'
    : conv.optedOut ? 'opted-out'
    : !number || !agent ? 'no-agent'
    : !agent.active ? 'agent-inactive'
    : allowance.isFree && allowance.aiMessages >= allowance.maxAiMessages ? 'free-limit'
    : null;
  if (refusal || !number || !agent) {
    await finishBurst(deps, burst.id, token, 'cancelled', refusal ?? 'no-agent');
    return;
  }

  // 'digitando…' while the answer is prepared; cosmetic, so never awaited and never fatal.
  deps.gateway
    .sendPresence(number.instanceName, { number: conv.contactJid, presence: 'composing', delayMs: deps.config.typingMs })
    .catch((err) => deps.log.debug({ err }, 'engine: presence failed'));

  const recent = await deps.db
    .select({
      direction: messages.direction,
      messageType: messages.messageType,
      content: messages.content,
      mediaFilename: messages.mediaFilename,
      mediaDuration: messages.mediaDuration,
      status: messages.status,
    })
    .from(messages)
    .where(eq(messages.convId, conv.id))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(deps.config.contextMessages);
  const history = buildHistory(recent);
  const request: ChatRequest = {
    messages: [{ role: 'system', content: agent.systemPrompt }, ...history],
    maxTokens: REPLY_MAX_TOKENS,
    task: { kind: 'reply', systemPrompt: agent.systemPrompt, respostas: agent.respostas as Extract<LlmTask, { kind: 'reply' }>['respostas'], history },
  };

  let answer: string;
  try {
    answer = await withRetry(
      async () => {
        const text = await deps.llm.complete(request);
        if (!text || text.trim() === '') throw new Error('empty answer');
        return text;
      },
      { attempts: deps.config.llmAttempts, baseMs: deps.config.retryBaseMs, shouldRetry: () => true },
    );
  } catch (err) {
    deps.log.warn({ err, burstId: burst.id }, 'engine: the AI did not answer; nothing is sent to the customer');
    await finishBurst(deps, burst.id, token, 'failed', 'llm');
    return;
  }
  const parts = splitReply(answer);
  if (parts.length === 0) {
    await finishBurst(deps, burst.id, token, 'failed', 'empty');
    return;
  }

  // Fix the answer: only if this is still the current version of the burst and the AI is still on.
  const fixed = await deps.db.transaction(async (tx) => {
    const [c] = await tx
      .select({ agenteAtivo: conversations.agenteAtivo, optedOut: conversations.optedOut })
      .from(conversations)
      .where(eq(conversations.id, conv.id))
      .for('update');
    if (!c?.agenteAtivo || c.optedOut) return 'off' as const;
    const [row] = await tx
      .update(replyBursts)
      .set({ state: 'sending', parts, claimedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(replyBursts.id, burst.id), eq(replyBursts.claimToken, token), eq(replyBursts.version, burst.version), eq(replyBursts.state, 'generating')))
      .returning({ id: replyBursts.id });
    return row ? ('fixed' as const) : ('superseded' as const);
  });
  if (fixed === 'off') {
    await finishBurst(deps, burst.id, token, 'cancelled', 'takeover');
    return;
  }
  // Superseded: a new customer message put the burst back to waiting; its own job answers it whole.
  if (fixed === 'superseded') return;

  await sendReplyParts(deps, { burstId: burst.id, token, maxAiMessages: allowance.maxAiMessages });
}

/**
 * Sends the fixed parts of a burst in order, from the first unfinished one. Before each part: the
 * owner may have taken over (stop), and the part's message row is stored with the burst pointing at
 * it (inflight), so a crash during the gateway call is never followed by a second send of it.
 */
export async function sendReplyParts(deps: EngineDeps, input: { burstId: string; token: string; maxAiMessages: number }): Promise<void> {
  const { burstId, token } = input;
  for (;;) {
    const [head] = await deps.db.select({ convId: replyBursts.convId }).from(replyBursts).where(eq(replyBursts.id, burstId)).limit(1);
    if (!head) return;
    const step = await deps.db.transaction(async (tx) => {
      // Lock order conversation → burst, as ingestion and takeover do (no deadlock between them).
      const [c] = await tx.select().from(conversations).where(eq(conversations.id, head.convId)).limit(1).for('update');
      const [b] = await tx.select().from(replyBursts).where(eq(replyBursts.id, burstId)).limit(1).for('update');
      if (!b || b.state !== 'sending' || b.claimToken !== token) return null;
      if (b.sentParts >= b.parts.length) return { done: true as const, burst: b };
      if (!c || !c.agenteAtivo || c.optedOut) return { stopped: true as const, burst: b };
      const [msg] = await tx
        .insert(messages)
        .values({
          userId: b.userId,
          convId: b.convId,
          direction: 'out',
          content: b.parts[b.sentParts]!,
          fromMe: true,
          author: 'ai',
          messageType: 'text',
          status: 'pending',
        })
        .returning();
      await tx.update(replyBursts).set({ inflightMessageId: msg!.id, claimedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(replyBursts.id, b.id));
      return { burst: b, conv: c, message: msg!, index: b.sentParts };
    });
    if (!step) return;
    if ('done' in step) {
      await finishBurst(deps, burstId, token, 'done', null, 'sending');
      return;
    }
    if ('stopped' in step) {
      await finishBurst(deps, burstId, token, step.burst.sentParts === 0 ? 'cancelled' : 'done', 'takeover', 'sending');
      return;
    }

    const { burst, conv, message, index } = step;
    const number = await findNumberForEngine(deps.db, conv.numberId);
    const created = new PendingEvents(burst.userId);
    created.message(message, 'created');
    await created.publish(deps);

    let externalId: string | null = null;
    let failure: unknown = null;
    try {
      const sent = await withRetry(() => deps.gateway.sendText(number!.instanceName, { number: conv.contactJid, text: message.content! }), {
        attempts: deps.config.sendAttempts,
        baseMs: deps.config.retryBaseMs,
      });
      externalId = sent?.key?.id ?? null;
    } catch (err) {
      failure = err;
    }

    const events = new PendingEvents(burst.userId);
    const ok = failure === null;
    await deps.db.transaction(async (tx) => {
      if (externalId) {
        // An echo stored on its own before we knew the id would collide with it: ours is the message.
        await tx.delete(messages).where(and(eq(messages.convId, conv.id), eq(messages.externalId, externalId), sql`${messages.id} <> ${message.id}`));
      }
      const [updated] = await tx
        .update(messages)
        .set(ok ? { status: 'sent', externalId: externalId ?? message.externalId } : { status: 'failed', error: AI_SEND_FAILED })
        .where(eq(messages.id, message.id))
        .returning();
      if (updated) events.message(updated, 'updated');
      await tx
        .update(replyBursts)
        .set({ sentParts: index + 1, inflightMessageId: null, claimedAt: sql`now()`, updatedAt: sql`now()`, ...(ok ? {} : { state: 'failed', reason: 'gateway', claimToken: null }) })
        .where(eq(replyBursts.id, burstId));
      if (ok) {
        await touchConversation(tx, conv.id, { at: new Date(), preview: messagePreview({ type: 'text', content: message.content, media: null }), unreadIncrement: 0 });
        events.conversation(conv.id, 'updated');
        // One AI-answered message per reply, counted when its first part went out.
        if (index === 0) await countAiMessage(tx, burst.userId, input.maxAiMessages);
      }
    });
    await events.publish(deps);
    if (!ok) {
      deps.log.warn({ err: failure, burstId, messageId: message.id }, 'engine: the gateway refused the AI answer; marked failed');
      return;
    }
  }
}

/** Ends a burst we hold the claim of. */
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
