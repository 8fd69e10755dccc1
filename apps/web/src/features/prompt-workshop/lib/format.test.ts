import { describe, expect, it } from 'vitest';
import { formatCharCount, formatDelay } from './format';

describe('prompt editor formatting (pt-BR)', () => {
  it('counts characters with the pt-BR thousands separator', () => {
    expect(formatCharCount(1)).toBe('1 caractere');
    expect(formatCharCount(2250)).toBe('2.250 caracteres');
  });

  it('names the response delays', () => {
    expect(formatDelay(0)).toBe('Imediato (0 s)');
    expect(formatDelay(30)).toBe('30 segundos');
  });
});
