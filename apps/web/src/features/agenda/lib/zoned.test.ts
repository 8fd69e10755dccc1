import { describe, expect, it } from 'vitest';
import { addDays, dayLabel, hhmm, instantOf, wallClock, weekStart } from './zoned';

describe('agenda wall clock', () => {
  it('turns a local day and time into the instant and back, in the account zone', () => {
    const at = instantOf('2026-03-02', 9 * 60, 'America/Sao_Paulo');
    expect(at.toISOString()).toBe('2026-03-02T12:00:00.000Z');
    expect(wallClock(at, 'America/Sao_Paulo')).toEqual({ day: '2026-03-02', minutes: 540 });
  });

  it('keeps the local hour across a DST change', () => {
    expect(instantOf('2026-03-07', 540, 'America/New_York').toISOString()).toBe('2026-03-07T14:00:00.000Z');
    expect(instantOf('2026-03-09', 540, 'America/New_York').toISOString()).toBe('2026-03-09T13:00:00.000Z');
  });

  it('walks days and weeks', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(weekStart('2026-03-08')).toBe('2026-03-02');
    expect(weekStart('2026-03-02')).toBe('2026-03-02');
    expect(dayLabel('2026-03-02')).toBe('segunda, 02/03');
    expect(hhmm(545)).toBe('09:05');
  });
});
