import { AGENT_TESTS, type AgentTestAttempt, type AgentTestExpectation } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { type AnsweringAgent, answerAsAgent } from '../../domain/ai-reply/answer-as-agent.ts';
import type { ContextMessage } from '../../domain/ai-reply/history.ts';
import { splitReply } from '../../domain/ai-reply/split-reply.ts';
import { isOptOut } from '../../domain/conversation-rules/opt-out.ts';
import { factsBlock } from '../../domain/facts/facts-block.ts';
import type { ReplyFacts } from '../../domain/facts/load-reply-facts.ts';
import { claimTestMessage } from '../../domain/usage/test-allowance.ts';
import type { Llm } from '../../integrations/llm/llm.ts';
import { type CheckedReply, deterministicChecks, structuredChecks } from './checks.ts';
import { judgeReply } from './judge.ts';

export interface CaseRunDeps {
  db: Db;
  llm: Llm;
  /** The judge model (AI_JUDGE_MODEL). */
  judge: Llm;
}

export interface CaseToRun {
  accountId: string;
  /** The agent with the prompt under test (the live one or the draft). */
  agent: AnsweringAgent;
  turns: string[];
  expectation: AgentTestExpectation;
}

const text = (direction: 'in' | 'out', content: string): ContextMessage => ({
  direction,
  messageType: 'text',
  content,
  mediaFilename: null,
  mediaDuration: null,
  status: direction === 'in' ? 'received' : 'sent',
});

/** Every model call of a run counts in the plan's monthly test allowance (given back when it fails). */
const claim = (db: Db, accountId: string) => () => claimTestMessage(db, accountId, 'playground');

/**
 * The scripted customer's conversation through the production reply path (domain/ai-reply/answer-as-agent.ts),
 * never sent anywhere: each turn the customer speaks and the agent answers, as on WhatsApp — a turn that
 * asks to leave ('sair') stops the AI (decision 023), a handoff stops it too. The last answer is checked.
 */
async function converse(
  deps: CaseRunDeps,
  c: CaseToRun,
): Promise<{ replies: string[]; last: CheckedReply; facts: ReplyFacts | null }> {
  const context: ContextMessage[] = [];
  const replies: string[] = [];
  let last: CheckedReply = {
    reply: '',
    flags: { handoff: false, needsOwner: false, hotLead: false, silent: true },
    blocked: null,
  };
  let facts: ReplyFacts | null = null;
  for (const turn of c.turns) {
    context.unshift(text('in', turn));
    if (isOptOut(turn)) {
      last = { reply: '', flags: { handoff: false, needsOwner: false, hotLead: false, silent: true }, blocked: null };
      replies.push('');
      break;
    }
    const out = await answerAsAgent({
      ...deps,
      accountId: c.accountId,
      agent: c.agent,
      context,
      claim: claim(deps.db, c.accountId),
    });
    facts = out.facts;
    const { answer } = out;
    last = {
      reply: answer.reply,
      flags: { handoff: !!answer.handoff, needsOwner: !!answer.needsOwner, hotLead: answer.hotLead, silent: false },
      blocked: out.blocked,
    };
    replies.push(answer.reply);
    if (answer.handoff) break;
    for (const part of splitReply(answer.reply).reverse()) context.unshift(text('out', part));
  }
  return { replies, last, facts };
}

const NOTHING_ALLOWED = { cents: new Set<number>(), percents: new Set<number>(), discountsAllowed: false };

/** One attempt: the conversation, then its checks (deterministic, structured, and the judge when asked). */
async function attempt(deps: CaseRunDeps, c: CaseToRun): Promise<AgentTestAttempt> {
  const { replies, last, facts } = await converse(deps, c);
  const allowed = facts ? (await facts.guard()).allowed : NOTHING_ALLOWED;
  const checks = [...deterministicChecks(last, c.expectation, allowed), ...structuredChecks(last.flags, c.expectation)];
  if (c.expectation.rubric && !last.flags.silent) {
    const giveBack = await claim(deps.db, c.accountId)();
    try {
      checks.push(
        await judgeReply(deps.judge, {
          rubric: c.expectation.rubric,
          customer: c.turns,
          reply: last.reply,
          business: [c.agent.systemPrompt, factsBlock(facts?.sources ?? []) ?? ''].join('\n\n'),
        }),
      );
    } catch (err) {
      await giveBack();
      throw err;
    }
  }
  return { replies, flags: last.flags, checks, passed: checks.every((x) => x.passed) };
}

/**
 * A case on one prompt: once, or AGENT_TESTS.judgedRuns times when it is judged (a model's answers vary:
 * the result says how often it passed). The case passes when most attempts pass.
 */
export async function runCase(
  deps: CaseRunDeps,
  c: CaseToRun,
): Promise<{ attempts: AgentTestAttempt[]; passes: number; runs: number; passed: boolean }> {
  const runs = c.expectation.rubric ? AGENT_TESTS.judgedRuns : 1;
  const attempts: AgentTestAttempt[] = [];
  for (let i = 0; i < runs; i += 1) attempts.push(await attempt(deps, c));
  const passes = attempts.filter((a) => a.passed).length;
  return { attempts, passes, runs, passed: passes * 2 > runs };
}
