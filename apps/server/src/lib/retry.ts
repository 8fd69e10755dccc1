/** Options of withRetry: how often, how long to wait, and which failures are worth another try. */
export interface RetryOptions {
  /** Total tries, the first included (1 = no retry). */
  attempts: number;
  /** Wait before the 2nd try; doubles each time (base, 2×base, 4×base…), ±20 % jitter. */
  baseMs: number;
  /** Upper bound of one wait (before jitter). */
  maxMs?: number;
  /** false: give up at once with this error. Default: every failure is retried. */
  shouldRetry?: (err: unknown) => boolean;
  /** Injected in tests; defaults to a timer. */
  sleep?: (ms: number) => Promise<void>;
  /** Injected in tests; defaults to Math.random. */
  random?: () => number;
}

const timer = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The wait before try n+1 (n ≥ 1): base·2^(n-1), capped at maxMs, times 0.8–1.2. */
export function retryDelayMs(
  attempt: number,
  { baseMs, maxMs = Infinity }: Pick<RetryOptions, 'baseMs' | 'maxMs'>,
  random = Math.random,
): number {
  return Math.min(baseMs * 2 ** (attempt - 1), maxMs) * (0.8 + random() * 0.4);
}

/**
 * The one retry helper of the server: runs `fn` up to `attempts` times with exponential backoff and
 * throws the last error. Used for AI calls (integrations/llm/openai-llm.ts, whose SDK retries are off)
 * and gateway sends and batch writes (modules/conversation-engine).
 */
export async function withRetry<T>(fn: (attempt: number) => Promise<T>, options: RetryOptions): Promise<T> {
  const { attempts, shouldRetry = () => true, sleep = timer, random = Math.random } = options;
  let lastError: unknown;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      return await fn(attempt);
    } catch (err) {
      lastError = err;
      if (attempt >= attempts || !shouldRetry(err)) break;
      await sleep(retryDelayMs(attempt, options, random));
    }
  }
  throw lastError;
}
