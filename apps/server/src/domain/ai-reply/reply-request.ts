import type { AnswerItem } from './reply-context-repository.ts';
import type { ChatRequest, LlmTask } from '../../integrations/llm/llm.ts';
import { asksForPerson, HANDOFF_ASKED_REASON } from '../handoff/asks-for-person.ts';
import { handoffAnswer } from '../handoff/handoff-answer.ts';
import { factsBlock } from '../facts/facts-block.ts';
import type { FactSource } from '../facts/fact-source.ts';
import { type ContextBlockInput, contextBlock } from './context-block.ts';
import { buildHistory, type ContextMessage } from './history.ts';
import { replyFormatInstructions, type StructuredReply } from './structured-reply.ts';

/**
 * How an agent's answer to a customer is asked of the AI: one place for the conversation engine
 * (WhatsApp) and the playground, so what the owner tests is what customers get
 * (test/playground.test.ts fails if they diverge).
 */

/** Recent messages of the conversation given to the AI as context (the history window). */
export const REPLY_CONTEXT_MESSAGES = 20;
/** The AI answers in a bounded size (the spec's playground used 500 tokens; replies may be a little longer). */
export const REPLY_MAX_TOKENS = 800;

export interface ReplyAgent {
  systemPrompt: string;
  respostas: AnswerItem[];
}

/**
 * The keyword rule of a handoff, before any AI (docs/decisions/015-handoff.md): when a customer
 * message since the last answer asks for a person, the answer is the fixed handoff message (saying
 * when a person answers when outside business hours, decision 019).
 */
export function keywordHandoff(
  recentNewestFirst: ContextMessage[],
  context: ContextBlockInput,
): StructuredReply | null {
  for (const m of recentNewestFirst) {
    if (m.direction === 'out') break;
    if (m.messageType === 'text' && asksForPerson(m.content))
      return {
        reply: handoffAnswer(context.hours, context.now, context.timeZone),
        handoff: { reason: HANDOFF_ASKED_REASON },
        needsOwner: null,
        hotLead: false,
      };
  }
  return null;
}

/**
 * The chat request for an answer: the agent's system prompt with the answer format
 * (structured-reply.ts; the Pix promised only when the account can charge one), then the context block (context-block.ts: date, time, customer's name),
 * then the business's facts with their sources when there are any (domain/facts), then the conversation's latest
 * messages (at most REPLY_CONTEXT_MESSAGES, given newest first, sent oldest first); model settings
 * are the LLM defaults (temperature 0.7) with REPLY_MAX_TOKENS.
 */
export function buildReplyRequest(
  agent: ReplyAgent,
  recentNewestFirst: ContextMessage[],
  context: ContextBlockInput,
  facts: readonly FactSource[] = [],
): ChatRequest {
  const history = buildHistory(recentNewestFirst.slice(0, REPLY_CONTEXT_MESSAGES));
  const factsText = factsBlock(facts);
  return {
    messages: [
      { role: 'system', content: `${agent.systemPrompt}\n\n${replyFormatInstructions(context.pixReady === true)}` },
      { role: 'system', content: contextBlock(context) },
      ...(factsText ? [{ role: 'system' as const, content: factsText }] : []),
      ...history,
    ],
    maxTokens: REPLY_MAX_TOKENS,
    task: {
      kind: 'reply',
      systemPrompt: agent.systemPrompt,
      respostas: agent.respostas as Extract<LlmTask, { kind: 'reply' }>['respostas'],
      history,
      pix: context.pixReady === true,
      facts: facts.map((f) => ({
        label: f.label,
        text: f.text,
        ...(f.kind === 'product' ? { itemId: f.id } : {}),
        ...(f.kind === 'product' && f.photoKey ? { photoId: f.id } : {}),
      })),
    },
  };
}
