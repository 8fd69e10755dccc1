import { describe, expect, it } from 'vitest';
import { filtersFromSearch, filtersToSearch, resultsSearch } from './filters';
import { formatChange, formatDay, formatDuration, formatShare } from './format';

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
