import { describe, expect, it } from 'vitest';
import { isPartialSuggestion } from './prompt-workshop.ts';

const text = (n: number) => 'x'.repeat(n);

describe('isPartialSuggestion (docs/product/rules.md#states-and-transitions, docs/product/limits.md: under 60% of the current length and under 200 characters)', () => {
  it('a short fragment of a long prompt is partial', () => {
    expect(isPartialSuggestion(text(3_000), text(150))).toBe(true);
    expect(isPartialSuggestion(text(3_000), text(199))).toBe(true);
  });
  it('200 characters or more is never partial (the floor), even far under 60%', () => {
    expect(isPartialSuggestion(text(3_000), text(200))).toBe(false);
    expect(isPartialSuggestion(text(3_000), text(1_000))).toBe(false);
  });
  it('60% or more of the current length is never partial, however short', () => {
    expect(isPartialSuggestion(text(100), text(60))).toBe(false);
    expect(isPartialSuggestion(text(100), text(59))).toBe(true);
    expect(isPartialSuggestion(text(150), text(180))).toBe(false);
  });
  it('measures without surrounding blank space', () => {
    expect(isPartialSuggestion(text(1_000), `   ${text(150)}\n\n\n`)).toBe(true);
    expect(isPartialSuggestion(`${text(90)}${' '.repeat(500)}`, text(60))).toBe(false);
  });
});
