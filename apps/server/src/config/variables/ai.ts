import { z } from 'zod';
import { blank, optionalString, optionalUrl } from './parse.ts';
import { parseModelPrices } from '../model-prices.ts';

/** The AI endpoint and models, and media understanding (decisions 004, 016, 027, 039, 065). Composed by ../env.ts; docs/configuration.md describes each variable. */
export const aiVariables = {
  /** LLM: 'openai' (any OpenAI-compatible endpoint) or 'demo' (offline). Default: openai when AI_BASE_URL is set, else demo. */
  AI_PROVIDER: z.preprocess(blank, z.enum(['openai', 'demo']).optional()),
  /** OpenAI-compatible base URL ending in /v1 (a bare host gets /v1). The key never leaves the server. */
  AI_BASE_URL: optionalUrl,
  AI_API_KEY: optionalString,
  AI_MODEL: z.preprocess(blank, z.string().default('openai/gpt-oss-120b')),
  /** The model that judges the agent's test replies (same endpoint); default AI_MODEL (docs/decisions/039-agent-tests.md). */
  AI_JUDGE_MODEL: optionalString,
  /**
   * Prices of the models on the AI endpoint, `model=input/output` in US$ per million tokens, comma-separated
   * (e.g. `openai/gpt-oss-120b=0.15/0.60,openai/gpt-oss-20b=0.075/0.30`). With a price for each configured
   * chat model, the agent tests' judge is the cheapest (docs/decisions/065-agent-tabs-hints-and-judge.md).
   */
  AI_MODEL_PRICES: optionalString.refine((v) => !('error' in parseModelPrices(v)), {
    message: 'AI_MODEL_PRICES: use modelo=entrada/saída (US$ por milhão de tokens), separados por vírgula',
  }),
  /**
   * An embeddings model on the AI endpoint (POST /embeddings; e.g. text-embedding-3-small): the knowledge
   * base's candidates are ranked by similarity too. Unset: full-text and trigram search only. With the
   * demo AI, any value turns on its offline stand-in.
   */
  AI_EMBEDDINGS_MODEL: optionalString,
  /**
   * The AI replies offer the model lookup tools (catalogue, knowledge) besides the retrieved facts: 'auto'
   * (a model whose endpoint refuses tools is not offered them again) or 'off' (retrieved facts only).
   * docs/decisions/027-tool-calls-and-retrieved-context.md
   */
  AI_TOOL_CALLS: z.preprocess(blank, z.enum(['auto', 'off']).default('auto')),
  /** Per-attempt timeout of an AI call, and retries (with backoff) on 429/5xx/timeouts. */
  AI_TIMEOUT_MS: z.preprocess(blank, z.coerce.number().int().positive().default(60_000)),
  AI_MAX_RETRIES: z.preprocess(blank, z.coerce.number().int().min(0).max(10).default(2)),
  /**
   * Media understanding (docs/decisions/016-media-understanding.md): voice notes transcribed through the
   * OpenAI-compatible POST /audio/transcriptions, images described by a vision chat model. Endpoint and
   * key default to AI_BASE_URL / AI_API_KEY; a model set to 'off' turns that part off. Demo AI: both off.
   */
  MEDIA_TRANSCRIPTION_BASE_URL: optionalUrl,
  MEDIA_TRANSCRIPTION_API_KEY: optionalString,
  MEDIA_TRANSCRIPTION_MODEL: z.preprocess(blank, z.string().default('gpt-4o-mini-transcribe')),
  MEDIA_VISION_BASE_URL: optionalUrl,
  MEDIA_VISION_API_KEY: optionalString,
  /** Vision-capable chat model for image descriptions; default AI_MODEL; 'off' when the model has no vision. */
  MEDIA_VISION_MODEL: optionalString,
  /** Voice notes longer than this are not transcribed (the AI gets the fallback description). */
  MEDIA_AUDIO_MAX_SECONDS: z.preprocess(blank, z.coerce.number().int().min(1).max(3600).default(300)),
};
