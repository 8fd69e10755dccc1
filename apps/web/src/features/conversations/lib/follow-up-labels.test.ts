import { describe, expect, it } from 'vitest';
import { followUpWhen, localInputValue } from './follow-up-labels';

describe('followUpWhen', () => {
  const now = new Date(2026, 10, 24, 10, 0);
  it('says today, tomorrow or the weekday and date', () => {
    expect(followUpWhen(new Date(2026, 10, 24, 15, 1).toISOString(), now)).toBe('hoje às 15:01');
    expect(followUpWhen(new Date(2026, 10, 25, 8, 0).toISOString(), now)).toBe('amanhã às 08:00');
    expect(followUpWhen(new Date(2026, 10, 27, 8, 0).toISOString(), now)).toMatch(/27\/11.* às 08:00$/);
  });
  it('fills a datetime-local input in local time', () => {
    expect(localInputValue(new Date(2026, 0, 5, 7, 3))).toBe('2026-01-05T07:03');
  });
});
