import { describe, expect, it } from 'vitest';
import { formatCreatedAt } from './format';

describe('agents formatting (pt-BR)', () => {
  it('shows dates as dd/mm/aaaa and a dash for bad dates', () => {
    expect(formatCreatedAt('2025-03-09T15:00:00Z')).toBe('09/03/2025');
    expect(formatCreatedAt('não é data')).toBe('—');
  });
});
