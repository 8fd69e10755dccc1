import { describe, expect, it } from 'vitest';
import { settlesWithin } from './settles-within.ts';

describe('settlesWithin', () => {
  it('is true when the work resolves or rejects in time, false when the time runs out first', async () => {
    expect(await settlesWithin(Promise.resolve(), 50)).toBe(true);
    expect(await settlesWithin(Promise.reject(new Error('falhou')), 50)).toBe(true);
    const started = Date.now();
    expect(await settlesWithin(new Promise(() => {}), 30)).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
  });
});
