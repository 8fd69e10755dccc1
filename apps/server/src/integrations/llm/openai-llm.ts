import type OpenAI from 'openai';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { type ChatRequest, type CompletionTurn, type Embeddings, type Llm, LLM_DEFAULTS } from './llm.ts';
import {
  refusesTools,
  rememberToolsRefused,
  toOpenAiMessages,
  toolParams,
  toolsRefused,
  turnOf,
} from './openai-tools.ts';
import { createHttpAgent, requestFetch } from '../../lib/http-client.ts';
import { type RetryOptions, withRetry } from '../../lib/retry.ts';

export interface OpenAiLlmOptions {
  /** The endpoint's base URL, ending in /v1 (normaliseBaseUrl adds it to a bare host). */
  baseURL: string;
  apiKey?: string;
  model: string;
  /** An embeddings model on the same endpoint (AI_EMBEDDINGS_MODEL); unset → no `embeddings`. */
  embeddingsModel?: string;
  timeoutMs: number;
  /**
   * Retries on connection errors, timeouts, 408, 409, 429 and 5xx, with exponential backoff
   * (lib/retry.ts; the SDK's own retries are off so attempts never multiply). A request may lower it.
   */
  maxRetries: number;
  log?: FastifyBaseLogger;
  /** AI_TOOL_CALLS: 'auto' offers tools to the model (completeTurn), 'off' never does. */
  toolCalls?: 'auto' | 'off';
}

/** First wait and cap of the AI retries' backoff (the values the SDK used). */
const RETRY_BASE_MS = 500;
const RETRY_MAX_MS = 8000;

/**
 * The SDK, loaded on the first AI call rather than at start (docs/performance.md); its error classes
 * are read from it (an SDK error cannot exist before it is loaded).
 */
let sdk: typeof import('openai') | undefined;
async function loadSdk(): Promise<typeof import('openai')> {
  sdk ??= await import('openai');
  return sdk;
}

/** The failures the SDK itself would retry: no connection, a timeout, 408, 409, 429 and 5xx. */
function isRetryableAiError(err: unknown): boolean {
  if (!sdk) return false;
  if (err instanceof sdk.APIConnectionError) return true; // includes APIConnectionTimeoutError
  if (!(err instanceof sdk.APIError) || err.status === undefined) return false;
  return err.status === 408 || err.status === 409 || err.status === 429 || err.status >= 500;
}

export const AI_UNAVAILABLE_MESSAGE = 'A IA não respondeu agora. Tente novamente em instantes.';

/**
 * The SDK appends /chat/completions to baseURL, so an OpenAI-compatible base must end in /v1.
 * A bare host (`http://127.0.0.1:8080`) gets `/v1`; any other path is kept as given.
 */
export function normaliseBaseUrl(raw: string): string {
  const url = new URL(raw);
  const pathname = url.pathname.replace(/\/+$/, '');
  url.pathname = pathname === '' ? '/v1' : pathname;
  return url.toString().replace(/\/$/, '');
}

/** What a failed call is logged as (never the key or the request). */
function failureDetail(err: unknown) {
  return sdk && err instanceof sdk.APIConnectionTimeoutError
    ? { reason: 'timeout' }
    : sdk && err instanceof sdk.APIError
      ? { reason: 'http', status: err.status, message: err.message }
      : { reason: 'error', message: (err as Error).message };
}

/** Any OpenAI-compatible chat-completions endpoint, through the official SDK. The key stays here. */
export function createOpenAiLlm(options: OpenAiLlmOptions): Llm {
  let created: Promise<OpenAI> | undefined;
  const client = () =>
    (created ??= loadSdk().then(
      ({ default: OpenAI }) =>
        new OpenAI({
          baseURL: normaliseBaseUrl(options.baseURL),
          // Local servers (llama.cpp, Ollama, vLLM) often need no key; the SDK insists on one.
          apiKey: options.apiKey || 'sem-chave',
          timeout: options.timeoutMs,
          maxRetries: 0,
          // undici's request on a keep-alive pool: a third of the global fetch's CPU per call (lib/http-client.ts).
          fetch: requestFetch(createHttpAgent()),
        }),
    ));

  const retry = (retries: number) => ({
    attempts: 1 + retries,
    baseMs: RETRY_BASE_MS,
    maxMs: RETRY_MAX_MS,
    shouldRetry: isRetryableAiError,
  });

  const llm: Llm = {
    kind: 'openai',
    embeddings: options.embeddingsModel
      ? openAiEmbeddings(client, options.embeddingsModel, () => retry(options.maxRetries), options.log)
      : undefined,
    async complete(request: ChatRequest) {
      const text = (await turn(request)).text;
      if (text === null) {
        options.log?.warn({ model: options.model }, 'AI provider answered without text');
        throw new AppError('UPSTREAM', AI_UNAVAILABLE_MESSAGE);
      }
      return text;
    },
    ...(options.toolCalls === 'off' ? {} : { completeTurn: turn }),
  };
  return llm;

  /** One chat completion (with the request's tools unless this model refused them): its text and calls. */
  async function turn(request: ChatRequest): Promise<CompletionTurn> {
    const key = `${options.baseURL} ${options.model}`;
    const sdkClient = await client();
    const create = (withTools: boolean) =>
      withRetry(
        () =>
          sdkClient.chat.completions.create({
            model: options.model,
            messages: toOpenAiMessages(request.messages),
            ...(withTools ? toolParams(request) : {}),
            temperature: request.temperature ?? LLM_DEFAULTS.temperature,
            max_tokens: request.maxTokens ?? LLM_DEFAULTS.maxTokens,
            top_p: request.topP ?? LLM_DEFAULTS.topP,
            stream: false,
          }),
        retry(request.maxRetries ?? options.maxRetries),
      );
    const withTools = Boolean(request.tools?.length) && !toolsRefused(key);
    try {
      const completion = await create(withTools).catch((err: unknown) => {
        if (!withTools || !refusesTools(err, sdk!.APIError)) throw err;
        // Context-only from now on for this model (docs/decisions/027-tool-calls-and-retrieved-context.md).
        rememberToolsRefused(key);
        options.log?.warn(
          { llm: failureDetail(err), model: options.model },
          'AI model refused tools; not offered again',
        );
        return create(false);
      });
      return turnOf(completion.choices?.[0]?.message);
    } catch (err) {
      options.log?.warn({ llm: failureDetail(err), model: options.model }, 'AI provider failed');
      throw new AppError('UPSTREAM', AI_UNAVAILABLE_MESSAGE, { cause: err });
    }
  }
}

/** POST /embeddings on the same endpoint and key, with the same retries; vectors in the inputs' order. */
function openAiEmbeddings(
  client: () => Promise<OpenAI>,
  model: string,
  retry: () => RetryOptions,
  log?: FastifyBaseLogger,
): Embeddings {
  return {
    model,
    async embed(texts) {
      if (texts.length === 0) return [];
      try {
        const sdkClient = await client();
        const res = await withRetry(
          () => sdkClient.embeddings.create({ model, input: texts, encoding_format: 'float' }),
          retry(),
        );
        const vectors = [...res.data].sort((a, b) => a.index - b.index).map((d) => d.embedding);
        if (vectors.length !== texts.length) throw new Error(`${vectors.length} vectors for ${texts.length} texts`);
        return vectors;
      } catch (err) {
        log?.warn({ llm: failureDetail(err), model }, 'AI embeddings failed');
        throw new AppError('UPSTREAM', AI_UNAVAILABLE_MESSAGE, { cause: err });
      }
    },
  };
}
