import { describe, expect, it } from 'vitest';
import { formatCharCount, formatCreatedAt, formatDelay } from './format';

describe('agents formatting (pt-BR)', () => {
  it('shows dates as dd/mm/aaaa and a dash for bad dates', () => {
    expect(formatCreatedAt('2025-03-09T15:00:00Z')).toBe('09/03/2025');
    expect(formatCreatedAt('não é data')).toBe('—');
  });

  it('counts characters with the pt-BR thousands separator', () => {
    expect(formatCharCount(1)).toBe('1 caractere');
    expect(formatCharCount(2250)).toBe('2.250 caracteres');
  });

  it('names the response delays', () => {
    expect(formatDelay(0)).toBe('Imediato (0 s)');
    expect(formatDelay(30)).toBe('30 segundos');
  });
});
