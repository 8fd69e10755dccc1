/** Runs `fn` up to `attempts` times, waiting base, 2×base, 4×base… (±20 %) between failures. */
export async function withRetry<T>(
  fn: (attempt: number) => Promise<T>,
  { attempts, baseMs, shouldRetry = () => true }: { attempts: number; baseMs: number; shouldRetry?: (err: unknown) => boolean },
): Promise<T> {
  let lastError: unknown;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      return await fn(attempt);
    } catch (err) {
      lastError = err;
      if (attempt === attempts || !shouldRetry(err)) break;
      const wait = baseMs * 2 ** (attempt - 1) * (0.8 + Math.random() * 0.4);
      await new Promise((r) => setTimeout(r, wait));
    }
  }
  throw lastError;
}
