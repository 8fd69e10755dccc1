import { describe, expect, it } from 'vitest';
import { retryDelayMs, withRetry } from './retry.ts';

const recorder = () => {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
};

describe('withRetry', () => {
  it('returns the first success and passes the attempt number', async () => {
    const { waits, sleep } = recorder();
    const seen: number[] = [];
    const result = await withRetry(
      async (attempt) => {
        seen.push(attempt);
        if (attempt < 3) throw new Error(`falhou ${attempt}`);
        return 'ok';
      },
      { attempts: 5, baseMs: 100, sleep, random: () => 0.5 },
    );
    expect(result).toBe('ok');
    expect(seen).toEqual([1, 2, 3]);
    expect(waits).toEqual([100, 200]);
  });

  it('throws the last error after the last attempt, without waiting after it', async () => {
    const { waits, sleep } = recorder();
    let calls = 0;
    await expect(
      withRetry(
        async (attempt) => {
          calls++;
          throw new Error(`falhou ${attempt}`);
        },
        { attempts: 3, baseMs: 10, sleep, random: () => 0.5 },
      ),
    ).rejects.toThrow('falhou 3');
    expect(calls).toBe(3);
    expect(waits).toHaveLength(2);
  });

  it('gives up at once when shouldRetry says no', async () => {
    const { waits, sleep } = recorder();
    let calls = 0;
    await expect(
      withRetry(
        async () => {
          calls++;
          throw new Error('definitivo');
        },
        { attempts: 5, baseMs: 10, shouldRetry: () => false, sleep },
      ),
    ).rejects.toThrow('definitivo');
    expect(calls).toBe(1);
    expect(waits).toEqual([]);
  });

  it('attempts: 1 means one try and no retry', async () => {
    const { waits, sleep } = recorder();
    let calls = 0;
    const failing = async () => {
      calls++;
      throw new Error('uma vez');
    };
    await expect(withRetry(failing, { attempts: 1, baseMs: 10, sleep })).rejects.toThrow('uma vez');
    expect(calls).toBe(1);
    expect(waits).toEqual([]);
  });
});

describe('retryDelayMs', () => {
  it('doubles from the base, caps at maxMs and jitters ±20 %', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, { baseMs: 500 }, () => 0.5))).toEqual([500, 1000, 2000, 4000]);
    expect(retryDelayMs(10, { baseMs: 500, maxMs: 8000 }, () => 0.5)).toBe(8000);
    expect(retryDelayMs(1, { baseMs: 500 }, () => 0)).toBeCloseTo(400);
    expect(retryDelayMs(1, { baseMs: 500 }, () => 1)).toBeCloseTo(600);
  });
});
