import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBatcher } from './batcher.ts';

/** A promise resolved from outside: lets a test hold a batch "in flight". */
function deferred<T = void>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('createBatcher', () => {
  it('sends items added in one tick together, and items added while a batch is in flight in the next one', async () => {
    const batches: number[][] = [];
    const gates: ReturnType<typeof deferred<void>>[] = [];
    const b = createBatcher<number, string>({
      maxItems: 100,
      async run(items) {
        batches.push(items);
        const gate = deferred();
        gates.push(gate);
        await gate.promise;
        return items.map((i) => `r${i}`);
      },
    });
    const first = [b.add(1), b.add(2)];
    await tick();
    expect(batches).toEqual([[1, 2]]);
    const second = [b.add(3), b.add(4), b.add(5)];
    await tick();
    // Concurrency 1: nothing else starts while the first batch runs.
    expect(batches).toHaveLength(1);
    expect(b.pending).toBe(3);
    gates[0]!.resolve();
    expect(await Promise.all(first)).toEqual(['r1', 'r2']);
    await tick();
    expect(batches).toEqual([
      [1, 2],
      [3, 4, 5],
    ]);
    gates[1]!.resolve();
    // Each caller gets the result at its own position.
    expect(await Promise.all(second)).toEqual(['r3', 'r4', 'r5']);
    await b.drain();
    expect(b.pending).toBe(0);
  });

  it('runs up to `concurrency` batches at once and respects maxItems', async () => {
    let running = 0;
    let most = 0;
    const sizes: number[] = [];
    const b = createBatcher<number, number>({
      maxItems: 3,
      concurrency: 2,
      async run(items) {
        running += 1;
        most = Math.max(most, running);
        sizes.push(items.length);
        await new Promise((r) => setImmediate(r)); // in flight across a turn of the event loop
        running -= 1;
        return items.map((i) => i * 10);
      },
    });
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => b.add(i)));
    expect(results).toEqual(Array.from({ length: 10 }, (_, i) => i * 10));
    expect(most).toBe(2);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(3);
    expect(sizes.reduce((a, n) => a + n, 0)).toBe(10);
  });

  it('rejects every item of a failing batch and goes on with the next', async () => {
    let calls = 0;
    const b = createBatcher<string, string>({
      maxItems: 10,
      async run(items) {
        calls += 1;
        if (calls === 1) throw new Error('falhou');
        return items;
      },
    });
    const failing = [b.add('a'), b.add('b')].map((p) =>
      p.then(
        () => 'ok',
        (e: Error) => e.message,
      ),
    );
    expect(await Promise.all(failing)).toEqual(['falhou', 'falhou']);
    expect(await b.add('c')).toBe('c');
  });

  it('rejects the batch when `run` answers the wrong number of results', async () => {
    const b = createBatcher<number, number>({ maxItems: 10, run: async () => [1] });
    await expect(Promise.all([b.add(1), b.add(2)])).rejects.toThrow(/1 results for 2 items/);
  });

  it('stops a batch before it passes maxWeight, but always takes one item', async () => {
    const batches: number[][] = [];
    const gate = deferred();
    const b = createBatcher<number, number>({
      maxItems: 100,
      maxWeight: 10,
      weigh: (w) => w,
      async run(items) {
        batches.push(items);
        await gate.promise;
        return items;
      },
    });
    // The first batch holds the line so the rest queue up together.
    const all = [b.add(1)];
    await tick();
    all.push(b.add(4), b.add(6), b.add(25), b.add(3), b.add(3), b.add(3), b.add(2));
    gate.resolve();
    await Promise.all(all);
    expect(batches).toEqual([[1], [4, 6], [25], [3, 3, 3], [2]]);
  });

  describe('with a least gap between batches', () => {
    afterEach(() => vi.useRealTimers());

    it('starts a batch after a quiet moment at once, and sends what comes sooner together after the gap', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
      const batches: number[][] = [];
      const b = createBatcher<number, number>({
        maxItems: 100,
        minGapMs: 25,
        async run(items) {
          batches.push(items);
          return items;
        },
      });
      const first = b.add(1);
      await vi.advanceTimersByTimeAsync(0);
      expect(batches).toEqual([[1]]);
      expect(await first).toBe(1);
      // 5 ms and 15 ms later: both wait for the gap and go in one batch, 25 ms after the first started.
      await vi.advanceTimersByTimeAsync(5);
      const second = b.add(2);
      await vi.advanceTimersByTimeAsync(10);
      const third = b.add(3);
      await vi.advanceTimersByTimeAsync(9);
      expect(batches).toEqual([[1]]);
      expect(b.pending).toBe(2);
      await vi.advanceTimersByTimeAsync(1);
      expect(batches).toEqual([[1], [2, 3]]);
      expect(await Promise.all([second, third])).toEqual([2, 3]);
      // A quiet moment past the gap: the next item goes at once.
      await vi.advanceTimersByTimeAsync(100);
      const fourth = b.add(4);
      await vi.advanceTimersByTimeAsync(0);
      expect(batches).toEqual([[1], [2, 3], [4]]);
      await fourth;
      await b.drain();
    });
  });
});
