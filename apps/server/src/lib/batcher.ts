/**
 * Group commit for the hot paths (webhook storage, ingestion): items added while a batch is being
 * written wait and go together in the next one, so an idle system adds no latency and a busy one
 * does one statement (one round trip, one commit) for many items.
 *
 * `run` receives the items in arrival order and answers one result per item, in the same order. If
 * it throws, every item of that batch is rejected with the error (the caller decides how to retry).
 */
export interface BatcherOptions<I, O> {
  run(items: I[]): Promise<O[]>;
  /** Most items in one batch. */
  maxItems: number;
  /** Batches written at once (each takes a database connection). Default 1. */
  concurrency?: number;
  /** Optional size of an item (bytes, say): a batch stops growing past `maxWeight` (one item always goes). */
  weigh?(item: I): number;
  maxWeight?: number;
  /**
   * Least time between the starts of two batches, in ms (default 0). A batch after a quiet moment
   * starts at once; items added sooner wait for the gap and go together. For writes off the critical
   * path only: at a steady rate it trades at most this much delay for fewer statements.
   */
  minGapMs?: number;
}

export interface Batcher<I, O> {
  add(item: I): Promise<O>;
  /** Resolves when nothing is queued or running. */
  drain(): Promise<void>;
  /** Items waiting for a batch (not counting the ones being written). */
  readonly pending: number;
}

interface Waiting<I, O> {
  item: I;
  resolve(value: O): void;
  reject(err: unknown): void;
}

export function createBatcher<I, O>(options: BatcherOptions<I, O>): Batcher<I, O> {
  if (!(options.maxItems >= 1)) throw new Error('batcher: maxItems must be at least 1');
  const concurrency = options.concurrency ?? 1;
  const queue: Waiting<I, O>[] = [];
  let running = 0;
  let idle: (() => void)[] = [];

  const take = (): Waiting<I, O>[] => {
    let weight = 0;
    let n = 0;
    while (n < queue.length && n < options.maxItems) {
      const w = options.weigh?.(queue[n]!.item) ?? 0;
      if (n > 0 && options.maxWeight !== undefined && weight + w > options.maxWeight) break;
      weight += w;
      n += 1;
    }
    return queue.splice(0, n);
  };

  const minGapMs = options.minGapMs ?? 0;
  let lastStart = -Infinity;
  let gapTimer: ReturnType<typeof setTimeout> | undefined;

  const pump = () => {
    while (running < concurrency && queue.length > 0) {
      if (minGapMs > 0) {
        const wait = lastStart + minGapMs - performance.now();
        if (wait > 0) {
          gapTimer ??= setTimeout(() => {
            gapTimer = undefined;
            pump();
          }, wait);
          return;
        }
        lastStart = performance.now();
      }
      const batch = take();
      running += 1;
      // Called in a promise chain: a `run` that throws synchronously rejects its batch like any failure.
      Promise.resolve(batch.map((w) => w.item))
        .then((items) => options.run(items))
        .then(
          (results) => {
            if (results.length !== batch.length)
              throw new Error(`batcher: ${results.length} results for ${batch.length} items`);
            batch.forEach((w, i) => w.resolve(results[i]!));
          },
          (err) => {
            throw err;
          },
        )
        .catch((err) => {
          for (const w of batch) w.reject(err);
        })
        .finally(() => {
          running -= 1;
          pump();
          if (running === 0 && queue.length === 0) {
            const waiters = idle;
            idle = [];
            for (const done of waiters) done();
          }
        });
    }
  };

  return {
    add(item) {
      return new Promise<O>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        // Start on the next microtask so items added in the same tick share the batch.
        if (running < concurrency) queueMicrotask(pump);
      });
    },
    drain() {
      if (running === 0 && queue.length === 0) return Promise.resolve();
      return new Promise<void>((r) => idle.push(r));
    },
    get pending() {
      return queue.length;
    },
  };
}
