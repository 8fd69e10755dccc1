import { createDemoLlm } from '@vendai/demo-ai';
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../../config/env.ts';
import { assembleSystemPrompt } from '../../domain/prompts/system-prompt.ts';
import type { Llm } from './llm.ts';
import { createOpenAiLlm } from './openai-llm.ts';

/** The LLM port chosen by configuration (env.ts has already refused a production start without one). */
export function createLlm(env: Env, log?: FastifyBaseLogger): Llm {
  // The offline demo AI (workspace package @vendai/demo-ai) answers with the product's own prompt rules.
  if (env.aiProvider === 'demo')
    return createDemoLlm({
      assembleSystemPrompt,
      embeddingsModel: env.AI_EMBEDDINGS_MODEL,
      toolCalls: env.AI_TOOL_CALLS,
    }) satisfies Llm;
  return createOpenAiLlm({
    baseURL: env.AI_BASE_URL!,
    apiKey: env.AI_API_KEY,
    model: env.AI_MODEL,
    embeddingsModel: env.AI_EMBEDDINGS_MODEL,
    timeoutMs: env.AI_TIMEOUT_MS,
    maxRetries: env.AI_MAX_RETRIES,
    toolCalls: env.AI_TOOL_CALLS,
    log,
  });
}
