import { describe, expect, it } from 'vitest';
import { filtersFromSearch, filtersToSearch, resultsSearch } from './filters';
import { durationTicks, formatChange, formatDay, formatDuration, formatShare } from './format';

describe('Resultados formats (pt-BR)', () => {
  it('writes durations, shares, dates and changes the Brazilian way', () => {
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(45.4)).toBe('45 s');
    expect(formatDuration(150)).toBe('2 min 30 s');
    expect(formatDuration(120)).toBe('2 min');
    expect(formatDuration(3900)).toBe('1 h 5 min');
    expect(formatShare(28, 29)).toBe('97%');
    expect(formatShare(0, 0)).toBe('—');
    expect(formatDay('2026-03-02')).toBe('02/03');
    expect(formatDay('2026-03-02', true)).toBe('02/03/2026');
    expect(formatChange(30, 7)).toBe('+329%');
    expect(formatChange(9, 10)).toBe('−10%');
    expect(formatChange(1, 0)).toBe('novo');
    expect(formatChange(0, 0)).toBeNull();
  });
});

describe('Resultados filters in the address', () => {
  it('round-trips a custom period and a number, and falls back to 7 days', () => {
    const custom = { period: 'custom' as const, from: '2026-03-02', to: '2026-03-08', numberId: 'n1' };
    expect(filtersFromSearch(filtersToSearch(custom))).toEqual(custom);
    expect(resultsSearch(custom)).toBe('period=custom&from=2026-03-02&to=2026-03-08&numberId=n1');
    expect(filtersFromSearch(new URLSearchParams('periodo=custom'))).toEqual({ period: '7d', numberId: undefined });
    expect(filtersFromSearch(new URLSearchParams('periodo=xyz'))).toEqual({ period: '7d', numberId: undefined });
    expect(resultsSearch({ period: 'today' })).toBe('period=today');
  });
});

describe('eixo do tempo da 1ª resposta', () => {
  const labels = (max: number) => durationTicks(max).map(formatDuration);

  it('não repete rótulos quando os tempos são de poucos segundos', () => {
    // The axis used to read '0 s, 1 s, 1 s, 2 s, 2 s' for a 2.4 s peak.
    expect(labels(2.4)).toEqual(['0 s', '1 s', '2 s', '3 s']);
    expect(labels(0.4)).toEqual(['0 s', '1 s']);
    expect(labels(0)).toEqual(['0 s', '1 s']);
  });

  it('usa passos inteiros de segundos, minutos e horas, no máximo 5 marcas', () => {
    expect(labels(30)).toEqual(['0 s', '10 s', '20 s', '30 s']);
    expect(labels(95)).toEqual(['0 s', '30 s', '1 min', '1 min 30 s', '2 min']);
    expect(labels(1000)).toEqual(['0 s', '5 min', '10 min', '15 min', '20 min']);
    expect(labels(3 * 3600 + 1)).toEqual(['0 s', '1 h', '2 h', '3 h', '4 h']);
    for (const max of [0.2, 1.5, 7, 59, 61, 599, 7201, 90000]) {
      const ticks = durationTicks(max);
      expect(ticks.length).toBeLessThanOrEqual(5);
      expect(ticks.at(-1)).toBeGreaterThanOrEqual(max);
      expect(new Set(ticks.map(formatDuration)).size).toBe(ticks.length);
    }
  });
});
