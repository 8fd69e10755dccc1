/** Resultados' pure rules: periods in the account's time zone and the default business hours. */
import { describe, expect, it } from 'vitest';
import { describeBusinessHours } from '../src/domain/business-hours/describe-week.ts';
import { DEFAULT_BUSINESS_HOURS } from '../src/domain/business-hours/default-hours.ts';
import { histogramPercentile } from '../src/modules/results/histogram.ts';
import { localDateOf, localMidnight, resolvePeriod } from '../src/modules/results/results-period.ts';

describe('results periods', () => {
  it('ends today in the account time zone, previous period of the same length', () => {
    // 02:30 UTC on 3 March is still 2 March in São Paulo.
    const now = new Date('2026-03-03T02:30:00Z');
    const p = resolvePeriod({ period: '7d' }, 'America/Sao_Paulo', now);
    expect(p).toMatchObject({
      fromDate: '2026-02-24',
      toDate: '2026-03-02',
      previousFromDate: '2026-02-17',
      previousToDate: '2026-02-23',
      days: 7,
    });
    expect(p.from.toISOString()).toBe('2026-02-24T03:00:00.000Z');
    expect(p.to.toISOString()).toBe('2026-03-03T03:00:00.000Z');
    expect(p.previousFrom.toISOString()).toBe('2026-02-17T03:00:00.000Z');
    expect(resolvePeriod({ period: 'today' }, 'Asia/Tokyo', now).fromDate).toBe('2026-03-03');
    expect(resolvePeriod({ period: '30d' }, 'America/Sao_Paulo', now).days).toBe(30);
  });

  it('finds local midnight across a DST change', () => {
    expect(localMidnight('2026-03-29', 'Europe/Lisbon').toISOString()).toBe('2026-03-29T00:00:00.000Z');
    expect(localMidnight('2026-03-30', 'Europe/Lisbon').toISOString()).toBe('2026-03-29T23:00:00.000Z');
    expect(localDateOf(new Date('2026-03-29T23:30:00Z'), 'Europe/Lisbon')).toBe('2026-03-30');
  });

  it('refuses a custom period longer than a year or reversed', () => {
    const now = new Date('2026-03-03T12:00:00Z');
    expect(() => resolvePeriod({ period: 'custom', from: '2024-01-01', to: '2026-01-01' }, 'UTC', now)).toThrow(
      /no máximo 366 dias/,
    );
    expect(() => resolvePeriod({ period: 'custom', from: '2026-01-02', to: '2026-01-01' }, 'UTC', now)).toThrow();
  });
});

describe('default business hours', () => {
  it('are weekdays 08–18, Saturday 08–13, Sunday closed', () => {
    expect(describeBusinessHours(DEFAULT_BUSINESS_HOURS)).toBe(
      'segunda a sexta 08:00–18:00; sábado 08:00–13:00; domingo fechado',
    );
  });
});

describe('percentiles from a histogram', () => {
  it('interpolate like percentile_cont', () => {
    const values = [30, 40, 50, 60, 60].map((value) => ({ value, n: 1 }));
    expect(histogramPercentile(values, 0.5)).toBe(50);
    expect(histogramPercentile(values, 0.9)).toBe(60);
    expect(
      histogramPercentile(
        [
          { value: 30, n: 1 },
          { value: 50, n: 1 },
        ],
        0.5,
      ),
    ).toBe(40);
    expect(
      histogramPercentile(
        [
          { value: 10, n: 9 },
          { value: 600, n: 1 },
        ],
        0.9,
      ),
    ).toBeCloseTo(69, 5);
    expect(histogramPercentile([], 0.5)).toBeNull();
  });
});
