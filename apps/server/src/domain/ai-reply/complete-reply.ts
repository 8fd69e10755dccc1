import type { ChatRequest, Llm, LlmMessage, ToolCall, ToolDefinition } from '../../integrations/llm/llm.ts';
import { AppError } from '../../lib/app-error.ts';
import type { FactSource } from '../facts/fact-source.ts';
import type { ReplyFacts } from '../facts/load-reply-facts.ts';
import type { FactLookup } from '../facts/lookup-facts.ts';
import { parseStructuredReply, type StructuredReply } from './structured-reply.ts';
import { REPLY_TOOLS, runReplyTool } from './reply-tools.ts';

/** Rounds of tool calls before the model must answer (docs/decisions/027-tool-calls-and-retrieved-context.md). */
export const MAX_TOOL_ROUNDS = 2;
/** Calls run in one round; further calls of that round get an error result. */
export const MAX_CALLS_PER_ROUND = 4;

/**
 * More tools for this answer (the agenda's, decision 070): their definitions, and a runner that answers
 * its own calls (null: not one of its tools, the lookups answer it).
 */
export interface ExtraTools {
  tools: ToolDefinition[];
  run(call: ToolCall): Promise<{ content: string } | null>;
}

/** The AI's answer text, the request it answered (with the lookup's turns) and the sources it looked up. */
export interface CompletedReply {
  text: string;
  /** What the price guard's second attempt continues (the lookup's turns included, tools no longer callable). */
  request: ChatRequest;
  found: FactSource[];
}

/**
 * The AI's answer to a reply request, the same for the engine and the playground (decision 027). The
 * retrieved facts are already in the request; when tool calls are on (`llm.completeTurn`), the model
 * may also look up the catalogue and the knowledge base: at most MAX_TOOL_ROUNDS rounds, then it is
 * asked to answer without tools. A model that answers at once costs one call, as without tools.
 */
export async function completeReply(
  llm: Llm,
  request: ChatRequest,
  lookup: FactLookup,
  extra?: ExtraTools,
): Promise<CompletedReply> {
  if (!llm.completeTurn) return { text: await llm.complete(request), request, found: [] };
  const found: FactSource[] = [];
  let current: ChatRequest = { ...request, tools: [...REPLY_TOOLS, ...(extra?.tools ?? [])], toolChoice: 'auto' };
  for (let round = 0; round < MAX_TOOL_ROUNDS; round++) {
    const turn = await llm.completeTurn(current);
    if (turn.toolCalls.length === 0) {
      // Nothing said: a failure like an empty completion (the engine retries the whole answer).
      if (turn.text === null) throw new AppError('UPSTREAM');
      return { text: turn.text, request: round === 0 ? request : { ...current, toolChoice: 'none' }, found };
    }
    const results: LlmMessage[] = [];
    for (const [i, call] of turn.toolCalls.entries()) {
      const result =
        i < MAX_CALLS_PER_ROUND
          ? await runTool(call, lookup, extra)
          : { content: JSON.stringify({ erro: 'Chamadas demais nesta rodada.' }), found: [] };
      found.push(...result.found);
      results.push({ role: 'tool', toolCallId: call.id, content: result.content });
    }
    current = {
      ...current,
      messages: [...current.messages, { role: 'assistant', content: turn.text, toolCalls: turn.toolCalls }, ...results],
    };
  }
  // The rounds are spent: the answer now, from what it has.
  const final: ChatRequest = { ...current, toolChoice: 'none' };
  return { text: await llm.complete(final), request: final, found };
}

async function runTool(call: ToolCall, lookup: FactLookup, extra: ExtraTools | undefined) {
  const own = extra ? await extra.run(call) : null;
  return own ? { content: own.content, found: [] } : runReplyTool(call, lookup);
}

/**
 * The AI's structured answer to a reply request, looking up with the reply's facts (engine and
 * playground): what it looked up joins the reply's facts; `request` is what the price guard continues.
 */
export async function answerReply(
  llm: Llm,
  request: ChatRequest,
  facts: Pick<ReplyFacts, 'lookup' | 'learn'>,
  extra?: ExtraTools,
): Promise<{ answer: StructuredReply; request: ChatRequest }> {
  const completed = await completeReply(llm, request, facts.lookup, extra);
  facts.learn(completed.found);
  return { answer: parseStructuredReply(completed.text), request: completed.request };
}
