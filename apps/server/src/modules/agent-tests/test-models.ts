import type { Env } from '../../config/env.ts';
import { parseModelPrices } from '../../config/model-prices.ts';
import { createLlm } from '../../integrations/llm/create-llm.ts';
import type { Llm } from '../../integrations/llm/llm.ts';

/** The model the agent's replies come from, as a run records it ('demo' for the offline AI). */
export function modelUnderTest(env: Env): string {
  return env.aiProvider === 'demo' ? 'demo' : env.AI_MODEL;
}

/** A judge's call, in tokens: the rubric, the business's facts (at most 8,000 characters) and the reply; a short verdict. */
const JUDGE_CALL = { input: 3_000, output: 300 };

/**
 * The chat models the operator configured on the AI endpoint: AI_JUDGE_MODEL, AI_MODEL, and
 * MEDIA_VISION_MODEL when it is on the same endpoint (no MEDIA_VISION_BASE_URL) and not 'off'.
 */
function judgeCandidates(env: Env): string[] {
  const vision =
    env.MEDIA_VISION_MODEL && env.MEDIA_VISION_MODEL !== 'off' && !env.MEDIA_VISION_BASE_URL
      ? env.MEDIA_VISION_MODEL
      : undefined;
  return [...new Set([env.AI_JUDGE_MODEL, env.AI_MODEL, vision].filter((m): m is string => Boolean(m)))];
}

/**
 * The judge's model (docs/decisions/065-agent-tabs-hints-and-judge.md): the cheapest of the configured
 * chat models for a judge's call, by AI_MODEL_PRICES. Compared only when every candidate has a price
 * (an unknown price is never taken for a low one); otherwise AI_JUDGE_MODEL, else AI_MODEL, as
 * before. A tie keeps the earlier candidate (AI_JUDGE_MODEL first).
 */
export function chooseJudgeModel(env: Env): string {
  const fallback = env.AI_JUDGE_MODEL ?? env.AI_MODEL;
  const prices = parseModelPrices(env.AI_MODEL_PRICES);
  if ('error' in prices) return fallback;
  const candidates = judgeCandidates(env);
  if (!candidates.every((m) => prices.has(m))) return fallback;
  const cost = (m: string) => {
    const p = prices.get(m)!;
    return p.input * JUDGE_CALL.input + p.output * JUDGE_CALL.output;
  };
  return candidates.reduce((best, m) => (cost(m) < cost(best) ? m : best));
}

/**
 * The judge (docs/decisions/039-agent-tests.md, 065): the same endpoint with the model chooseJudgeModel
 * picks; the reply model's client when that is AI_MODEL; the offline demo AI judges deterministically.
 */
export function createJudgeLlm(env: Env, replyLlm: Llm): Llm {
  if (env.aiProvider === 'demo') return replyLlm;
  const model = chooseJudgeModel(env);
  return model === env.AI_MODEL ? replyLlm : createLlm({ ...env, AI_MODEL: model });
}
