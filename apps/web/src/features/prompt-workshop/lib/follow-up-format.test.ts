import { describe, expect, it } from 'vitest';
import { gapLabel } from './follow-up-format';

describe('gapLabel', () => {
  it('reads hours and days', () => {
    expect([60, 120, 1440, 4320, 10080].map(gapLabel)).toEqual(['1 hora', '2 horas', '1 dia', '3 dias', '7 dias']);
  });
});
