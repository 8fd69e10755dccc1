import type { Db } from '../../db/client.ts';
import type { AnswerItem } from './reply-context-repository.ts';
import type { Llm } from '../../integrations/llm/llm.ts';
import { loadReplyFacts, type ReplyFacts } from '../facts/load-reply-facts.ts';
import { guardAnswer, type BlockedVerdict } from '../price-guard/guard-reply.ts';
import type { ContextMessage } from './history.ts';
import { loadContextBlockInput } from './load-context.ts';
import { buildReplyRequest, keywordHandoff } from './reply-request.ts';
import { answerReply } from './complete-reply.ts';
import type { StructuredReply } from './structured-reply.ts';

export interface AnsweringAgent {
  id: string;
  systemPrompt: string;
  respostas: AnswerItem[];
}

export interface AgentAnswer {
  answer: StructuredReply;
  /** The price guard asked the AI again; `blocked`: its fallback text replaced the AI's answer. */
  retried: boolean;
  blocked: BlockedVerdict | null;
  /** The answer was the keyword handoff (no AI call). */
  keyword: boolean;
  facts: ReplyFacts;
}

/**
 * An agent's answer to a conversation without a WhatsApp customer, by the same rules as WhatsApp: the
 * keyword handoff, then the AI's structured answer to the engine's request (domain/ai-reply) with the
 * business's facts, through the price guard (docs/decisions/025-catalogue-and-price-guard.md). Used by the
 * playground and the agent's tests (docs/decisions/039-agent-tests.md); nothing is stored or sent.
 * `claim` is called before the AI is (the plan's test allowance) and its give-back on a failure.
 */
export async function answerAsAgent({
  db,
  llm,
  accountId,
  agent,
  context,
  claim,
}: {
  db: Db;
  llm: Llm;
  accountId: string;
  agent: AnsweringAgent;
  /** The conversation, newest first ('in': the customer). */
  context: ContextMessage[];
  claim: () => Promise<() => Promise<void>>;
}): Promise<AgentAnswer> {
  const block = await loadContextBlockInput(db, accountId, null);
  const keyword = keywordHandoff(context, block);
  const facts = await loadReplyFacts(db, accountId, agent, context, { embeddings: llm.embeddings });
  if (keyword) return { answer: keyword, retried: false, blocked: null, keyword: true, facts };
  const giveBack = await claim();
  try {
    const request = buildReplyRequest(agent, context, block, facts.sources);
    // The AI may look facts up with tool calls first, as for WhatsApp (decision 027).
    const first = await answerReply(llm, request, facts);
    const outcome = await guardAnswer(llm, first.request, first.answer, facts);
    return { ...outcome, keyword: false, facts };
  } catch (err) {
    await giveBack();
    throw err;
  }
}
