import { describe, expect, it } from 'vitest';
import type { WeeklyHours } from '@vendai/contracts';
import { type AvailabilityInput, freeSlots, isFreeSlot } from './availability.ts';

const NINE_TO_NOON = { from: '09:00', to: '12:00' };
const WEEKDAYS: WeeklyHours = [null, NINE_TO_NOON, NINE_TO_NOON, NINE_TO_NOON, NINE_TO_NOON, NINE_TO_NOON, null];
const EVERY_DAY: WeeklyHours = [
  NINE_TO_NOON,
  NINE_TO_NOON,
  NINE_TO_NOON,
  NINE_TO_NOON,
  NINE_TO_NOON,
  NINE_TO_NOON,
  NINE_TO_NOON,
];

const SERVICE = { durationMinutes: 60, bufferBeforeMinutes: 0, bufferAfterMinutes: 0, minNoticeMinutes: 0 };

function input(over: Partial<AvailabilityInput> = {}): AvailabilityInput {
  return {
    // A Monday, 06:00 in São Paulo (UTC−3).
    now: new Date('2026-03-02T09:00:00Z'),
    timeZone: 'America/Sao_Paulo',
    from: new Date('2026-03-02T00:00:00Z'),
    to: new Date('2026-03-03T03:00:00Z'),
    horizonDays: 60,
    stepMinutes: 30,
    service: SERVICE,
    professional: { week: WEEKDAYS, breaks: [], daysOff: [] },
    closedDays: [],
    busy: [],
    ...over,
  };
}

const starts = (i: AvailabilityInput) => freeSlots(i).map((s) => s.start.toISOString());

describe('free slots', () => {
  it('offers the working hours of the local day on the step grid, the service inside them', () => {
    expect(starts(input())).toEqual([
      '2026-03-02T12:00:00.000Z',
      '2026-03-02T12:30:00.000Z',
      '2026-03-02T13:00:00.000Z',
      '2026-03-02T13:30:00.000Z',
      '2026-03-02T14:00:00.000Z',
    ]);
    expect(freeSlots(input())[0]!.end.toISOString()).toBe('2026-03-02T13:00:00.000Z');
  });

  it('keeps a booking and its buffers out', () => {
    const busy = [{ from: new Date('2026-03-02T13:00:00Z'), to: new Date('2026-03-02T14:00:00Z') }];
    expect(starts(input({ busy }))).toEqual(['2026-03-02T12:00:00.000Z', '2026-03-02T14:00:00.000Z']);
    // 15 minutes after each appointment: 09:00 would end at 10:00 + 15 min, inside the 10:00 booking.
    const buffered = input({ busy, service: { ...SERVICE, bufferAfterMinutes: 15 } });
    expect(starts(buffered)).toEqual(['2026-03-02T14:00:00.000Z']);
    // 15 minutes before: 11:00 (14:00Z) would start its buffer at 10:45, inside the booking.
    const before = input({ busy, service: { ...SERVICE, bufferBeforeMinutes: 15 } });
    expect(starts(before)).toEqual(['2026-03-02T12:00:00.000Z']);
  });

  it('keeps the breaks of the weekday out', () => {
    const breaks = [{ from: '10:00', to: '10:30', weekdays: [1] }];
    expect(starts(input({ professional: { week: WEEKDAYS, breaks, daysOff: [] } }))).toEqual([
      '2026-03-02T12:00:00.000Z',
      '2026-03-02T13:30:00.000Z',
      '2026-03-02T14:00:00.000Z',
    ]);
    const otherDay = [{ from: '10:00', to: '10:30', weekdays: [2] }];
    expect(starts(input({ professional: { week: WEEKDAYS, breaks: otherDay, daysOff: [] } }))).toHaveLength(5);
  });

  it('closes days off, the account closed days and national holidays', () => {
    expect(starts(input({ professional: { week: WEEKDAYS, breaks: [], daysOff: ['2026-03-02'] } }))).toEqual([]);
    expect(starts(input({ closedDays: ['2026-03-02'] }))).toEqual([]);
    // Tiradentes, Tuesday 21 April 2026.
    const tiradentes = input({
      now: new Date('2026-04-20T09:00:00Z'),
      from: new Date('2026-04-21T00:00:00Z'),
      to: new Date('2026-04-22T03:00:00Z'),
    });
    expect(starts(tiradentes)).toEqual([]);
    const dayAfter = input({
      now: new Date('2026-04-20T09:00:00Z'),
      from: new Date('2026-04-22T00:00:00Z'),
      to: new Date('2026-04-23T03:00:00Z'),
    });
    expect(starts(dayAfter)).toHaveLength(5);
  });

  it('honours the minimum notice', () => {
    // 09:40 local: with two hours' notice the first start is 12:00 (nothing before 11:40).
    const late = input({ now: new Date('2026-03-02T12:40:00Z'), service: { ...SERVICE, minNoticeMinutes: 120 } });
    expect(starts(late)).toEqual([]);
    const shortNotice = input({ now: new Date('2026-03-02T12:40:00Z'), service: { ...SERVICE, minNoticeMinutes: 30 } });
    expect(starts(shortNotice)).toEqual(['2026-03-02T13:30:00.000Z', '2026-03-02T14:00:00.000Z']);
  });

  it('stops at the horizon', () => {
    const week = input({ to: new Date('2026-03-20T00:00:00Z'), horizonDays: 2 });
    const days = new Set(starts(week).map((s) => s.slice(0, 10)));
    expect([...days]).toEqual(['2026-03-02', '2026-03-03']);
  });

  it('keeps local hours across a DST change (New York springs forward on 8 March 2026)', () => {
    const ny = input({
      timeZone: 'America/New_York',
      now: new Date('2026-03-06T00:00:00Z'),
      from: new Date('2026-03-07T00:00:00Z'),
      to: new Date('2026-03-10T00:00:00Z'),
      professional: { week: EVERY_DAY, breaks: [], daysOff: [] },
      stepMinutes: 180,
    });
    // 09:00 EST (UTC−5) on Saturday, 09:00 EDT (UTC−4) on Sunday and Monday.
    expect(starts(ny)).toEqual(['2026-03-07T14:00:00.000Z', '2026-03-08T13:00:00.000Z', '2026-03-09T13:00:00.000Z']);
  });

  it('keeps local hours across São Paulo’s last DST start (4 November 2018, midnight skipped)', () => {
    const sp = input({
      now: new Date('2018-11-01T00:00:00Z'),
      from: new Date('2018-11-03T00:00:00Z'),
      to: new Date('2018-11-06T00:00:00Z'),
      professional: { week: EVERY_DAY, breaks: [], daysOff: [] },
      stepMinutes: 180,
    });
    // Saturday 09:00 at UTC−3, Sunday (DST began at 00:00) and Monday 09:00 at UTC−2.
    expect(starts(sp)).toEqual(['2018-11-03T12:00:00.000Z', '2018-11-04T11:00:00.000Z', '2018-11-05T11:00:00.000Z']);
  });

  it('answers whether one start is free', () => {
    const base = input();
    expect(isFreeSlot(base, new Date('2026-03-02T13:00:00Z'))).toBe(true);
    expect(isFreeSlot(base, new Date('2026-03-02T13:10:00Z'))).toBe(false);
    expect(isFreeSlot(base, new Date('2026-03-02T15:00:00Z'))).toBe(false);
  });
});
