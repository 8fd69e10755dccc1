import type { Env } from '../../config/env.ts';
import { createLlm } from '../../integrations/llm/create-llm.ts';
import type { Llm } from '../../integrations/llm/llm.ts';

/** The model the agent's replies come from, as a run records it ('demo' for the offline AI). */
export function modelUnderTest(env: Env): string {
  return env.aiProvider === 'demo' ? 'demo' : env.AI_MODEL;
}

/**
 * The judge (docs/decisions/039-agent-tests.md): the same endpoint with AI_JUDGE_MODEL when set, else
 * the reply model; the offline demo AI judges deterministically.
 */
export function createJudgeLlm(env: Env, replyLlm: Llm): Llm {
  if (env.aiProvider === 'demo' || !env.AI_JUDGE_MODEL || env.AI_JUDGE_MODEL === env.AI_MODEL) return replyLlm;
  return createLlm({ ...env, AI_MODEL: env.AI_JUDGE_MODEL });
}
