import type { ContextMessage } from '../../../domain/ai-reply/history.ts';
import { findInsights, toInsightDto, type InsightRow } from '../../../domain/media-insights/insight-repository.ts';
import {
  canUnderstand,
  insightKindOf,
  type MediaMessage,
  understandMessage,
  type UnderstandDeps,
} from '../../../domain/media-insights/understand-message.ts';
import type { EngineDeps } from '../engine-deps.ts';
import type { ReplyContext } from './claim-due-replies.ts';
import { selectConversationMessages, selectMediaChat } from './media-repository.ts';

/** The understanding deps of the engine (limits from EngineConfig.media). */
export function understandDeps(deps: EngineDeps): UnderstandDeps {
  return {
    db: deps.db,
    storage: deps.storage,
    mediaAi: deps.mediaAi,
    log: deps.log,
    limits: {
      audioMaxSeconds: deps.config.media.audioMaxSeconds,
      maxBytes: deps.config.media.maxBytes,
      attempts: deps.config.llmAttempts,
      retryBaseMs: deps.config.retryBaseMs,
    },
    fetchFromGateway: (m) => mediaFromGateway(deps, m),
  };
}

/** A received message's media through the gateway (getBase64FromMediaMessage), by its WhatsApp key. */
async function mediaFromGateway(deps: EngineDeps, m: MediaMessage) {
  if (!m.externalId) return null;
  const [chat] = await selectMediaChat(deps.db, m);
  if (!chat) return null;
  const got = await deps.gateway.mediaBase64(chat.instanceName, {
    key: { id: m.externalId, remoteJid: chat.contactJid, fromMe: false },
  });
  return got ? { data: Buffer.from(got.base64, 'base64'), mimetype: got.mimetype } : null;
}

/** Publishes a new insight to the owner's inbox (message.insight). Best-effort. */
export async function publishInsight(deps: Pick<EngineDeps, 'realtime' | 'log'>, row: InsightRow): Promise<void> {
  await deps.realtime
    .publish(row.userId, { event: 'message.insight', data: toInsightDto(row) })
    .catch((err) => deps.log.warn({ err }, 'media: realtime publish failed'));
}

/**
 * Before a burst is answered (run-reply.ts), the customer's voice notes, images and documents in the
 * AI's context window get understood (docs/decisions/016-media-understanding.md): the newest
 * `config.media.maxPerReply` not understood yet are transcribed / described / read now, in this reply's
 * claim (its lease is renewed meanwhile), so the reply is built once, after the transcript exists.
 * Outcomes are stored: a restart, a superseded burst or a later reply reuses them. Returns the context
 * with each message's insight attached. Never throws.
 */
export async function understandReplyMedia(deps: EngineDeps, ctx: ReplyContext): Promise<ContextMessage[]> {
  const candidates = ctx.recent.filter(
    (m) => m.id && m.direction === 'in' && ['audio', 'image', 'sticker', 'document'].includes(m.messageType),
  );
  if (candidates.length === 0) return ctx.recent;
  try {
    const ids = candidates.map((m) => m.id!);
    const known = await findInsights(deps.db, ids);
    const wanted = ids.filter((id) => !known.has(id)).slice(0, deps.config.media.maxPerReply);
    if (wanted.length > 0) {
      const rows = await selectConversationMessages(deps.db, ctx.convId, wanted);
      const udeps = understandDeps(deps);
      for (const row of rows) {
        const m: MediaMessage = { ...row, accountId: ctx.userId };
        const kind = insightKindOf(m);
        if (!kind || !canUnderstand(deps.mediaAi, kind) || row.deletedAt) continue;
        const insight = await understandMessage(udeps, m);
        if (!insight) continue;
        known.set(insight.messageId, insight);
        await publishInsight(deps, insight);
      }
    }
    return ctx.recent.map((m) => {
      const insight = m.id ? known.get(m.id) : undefined;
      return insight ? { ...m, insight: { kind: insight.kind, state: insight.state, text: insight.text } } : m;
    });
  } catch (err) {
    deps.log.warn({ err, burstId: ctx.id }, 'media: understanding failed; the AI gets the plain descriptions');
    return ctx.recent;
  }
}
