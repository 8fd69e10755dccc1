import { describe, expect, it } from 'vitest';
import { parsePriceInput, priceInputOf } from './price';

describe('price field', () => {
  it.each([
    ['89,90', 8990],
    ['R$ 1.234,56', 123456],
    ['80', 8000],
    ['1.234', 123400],
    ['80.50', 8050],
    ['', null],
    ['80,O0', undefined],
    ['abc', undefined],
  ])('%s → %s', (text, cents) => expect(parsePriceInput(text)).toBe(cents));
  it('shows centavos the Brazilian way', () => {
    expect(priceInputOf(123456)).toBe('1.234,56');
    expect(priceInputOf(null)).toBe('');
  });
});
