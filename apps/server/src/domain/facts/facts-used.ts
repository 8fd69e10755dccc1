import { extractAmounts } from '../price-guard/extract-amounts.ts';
import type { FactSource } from './fact-source.ts';

const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();

/**
 * The facts an answer used: a product whose name it mentions or one of whose amounts it quotes; a
 * passage is used when it was given (its words cannot be told apart reliably). Pure.
 */
export function factsUsed(reply: string, sources: readonly FactSource[]): FactSource[] {
  const text = plain(reply);
  const quoted = new Set(extractAmounts(reply));
  return sources.filter((s) => {
    if (s.kind !== 'product') return true;
    const name = plain(s.label.replace(/^Catálogo: /, ''));
    return text.includes(name) || (s.amounts ?? []).some((c) => quoted.has(c));
  });
}
