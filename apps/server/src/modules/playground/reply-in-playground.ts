import { AGENT_NOT_FOUND_MESSAGE, type PlaygroundReply, type PlaygroundRequest } from '@vendai/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { selectAgent } from '../../domain/agents/agents-repository.ts';
import type { ContextMessage } from '../../domain/ai-reply/history.ts';
import { loadContextBlockInput } from '../../domain/ai-reply/load-context.ts';
import { buildReplyRequest, keywordHandoff } from '../../domain/ai-reply/reply-request.ts';
import { parseStructuredReply } from '../../domain/ai-reply/structured-reply.ts';
import { splitReply } from '../../domain/ai-reply/split-reply.ts';
import type { Llm } from '../../integrations/llm/llm.ts';
import { AppError } from '../../lib/app-error.ts';

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
 * One playground answer (part 2 "Playground"), exactly as a WhatsApp customer would get it: the
 * engine's request (domain/ai-reply: system prompt, context block, the latest 20 messages, model settings) and its
 * splitting into WhatsApp-sized parts. Nothing is stored and nothing counts against the monthly AI
 * messages; the route is rate-limited per user instead.
 */
export async function replyInPlayground({
  db,
  llm,
  userId,
  input,
  log,
}: {
  db: Db;
  llm: Llm;
  userId: string;
  input: PlaygroundRequest;
  log: FastifyBaseLogger;
}): Promise<PlaygroundReply> {
  const agent = await selectAgent(db, userId, input.agent_id);
  if (!agent) throw new AppError('NOT_FOUND', AGENT_NOT_FOUND_MESSAGE);
  const context = playgroundContext(input.messages);
  // The same rules as WhatsApp: the keyword handoff, then the AI's structured answer (only its text is shown).
  const block = await loadContextBlockInput(db, userId, null);
  const answer =
    keywordHandoff(context, block) ??
    parseStructuredReply(await llm.complete(buildReplyRequest(agent, context, block)));
  const parts = splitReply(answer.reply);
  if (parts.length === 0) {
    log.warn({ agentId: agent.id }, 'playground: the AI answered nothing');
    throw new AppError('UPSTREAM');
  }
  return { parts };
}
