import { AGENT_NOT_FOUND_MESSAGE, type PlaygroundReply, type PlaygroundRequest } from '@vendai/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { selectAgent } from '../../domain/agents/agents-repository.ts';
import { answerAsAgent } from '../../domain/ai-reply/answer-as-agent.ts';
import type { ContextMessage } from '../../domain/ai-reply/history.ts';
import type { Llm } from '../../integrations/llm/llm.ts';
import { factsUsed } from '../../domain/facts/facts-used.ts';
import { replyPhotos } from '../../domain/facts/reply-photos.ts';
import { mediaUrl } from '../../integrations/storage/storage-keys.ts';
import { priceGuardAlertWhy } from '../../domain/price-guard/guard-reply.ts';
import { splitReply } from '../../domain/ai-reply/split-reply.ts';
import { AppError } from '../../lib/app-error.ts';
import { claimTestMessage } from '../../domain/usage/test-allowance.ts';

/**
 * The playground's chat as the conversation engine would see it: the owner plays the customer
 * ('in'), the agent's earlier bubbles are its sent parts ('out'), newest first.
 */
export function playgroundContext(messages: PlaygroundRequest['messages']): ContextMessage[] {
  return messages
    .map((m) => ({
      direction: m.role === 'user' ? ('in' as const) : ('out' as const),
      messageType: 'text',
      content: m.text,
      mediaFilename: null,
      mediaDuration: null,
      status: m.role === 'user' ? 'received' : 'sent',
    }))
    .reverse();
}

/**
 * One playground answer (docs/product/screens.md#playground), exactly as a WhatsApp customer would get it: the
 * engine's request (domain/ai-reply: system prompt, context block, the latest 20 messages, model settings) and its
 * splitting into WhatsApp-sized parts. Nothing is stored; an answer the model gives counts in the plan's
 * monthly test allowance, not in the AI messages (domain/usage/test-allowance.ts); the route is also
 * rate-limited per user.
 */
export async function replyInPlayground({
  db,
  llm,
  accountId,
  input,
  log,
}: {
  db: Db;
  llm: Llm;
  accountId: string;
  input: PlaygroundRequest;
  log: FastifyBaseLogger;
}): Promise<PlaygroundReply> {
  const agent = await selectAgent(db, accountId, input.agent_id);
  if (!agent) throw new AppError('NOT_FOUND', AGENT_NOT_FOUND_MESSAGE);
  const context = playgroundContext(input.messages);
  // The same rules as WhatsApp: the keyword handoff, then the AI's structured answer (only its text is shown),
  // the business's facts and the price guard (docs/decisions/025-catalogue-and-price-guard.md). Counted in the
  // plan's monthly test allowance (domain/usage/test-allowance.ts); given back on failure.
  const { answer, retried, blocked, facts } = await answerAsAgent({
    db,
    llm,
    accountId,
    agent,
    context,
    claim: () => claimTestMessage(db, accountId, 'playground'),
  });
  const guard: PlaygroundReply['guard'] = { retried, blocked: blocked ? priceGuardAlertWhy(blocked) : null };
  const parts = splitReply(answer.reply);
  if (parts.length === 0) {
    log.warn({ agentId: agent.id }, 'playground: the AI answered nothing');
    throw new AppError('UPSTREAM');
  }
  const used = factsUsed(answer.reply, facts.sources).map(({ kind, id, label }) => ({ kind, id, label }));
  // The photos WhatsApp would send after the text (only catalogue items among the facts with a photo).
  const photos = (answer.handoff ? [] : replyPhotos(answer.photos, facts.sources)).map((p) => ({
    itemId: p.itemId,
    caption: p.caption,
    url: mediaUrl(p.key),
  }));
  return { parts, factsUsed: used, photos, guard };
}
