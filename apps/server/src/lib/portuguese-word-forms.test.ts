import { describe, expect, it } from 'vitest';
import { otherWordForms } from './portuguese-word-forms.ts';

describe('otherWordForms', () => {
  // Each pair: a word and the other number a customer (or the shop) writes.
  it.each([
    ['pão', 'paes'],
    ['pães', 'pao'],
    ['pao', 'paes'],
    ['mão', 'maos'],
    ['mãos', 'mao'],
    ['limão', 'limoes'],
    ['limões', 'limao'],
    ['pimentão', 'pimentoes'],
    ['alemão', 'alemaes'],
    ['irmão', 'irmaos'],
    ['pastel', 'pasteis'],
    ['pastéis', 'pastel'],
    ['pasteis', 'pastel'],
    ['papel', 'papeis'],
    ['fácil', 'faceis'],
    ['fáceis', 'facil'],
    ['funil', 'funis'],
    ['barris', 'barril'],
    ['animal', 'animais'],
    ['animais', 'animal'],
    ['lençol', 'lencois'],
    ['lençóis', 'lencol'],
    ['pudim', 'pudins'],
    ['pudins', 'pudim'],
    ['bombom', 'bombons'],
    ['Pães', 'pao'],
  ])('%s → includes %s', (word, form) => {
    expect(otherWordForms(word)).toContain(form);
  });

  it.each(['bolo', 'flor', 'luz', 'de', 'em', 'x1', '12', 'bolo-de-pote', ''])('%j has no other form', (word) => {
    expect(otherWordForms(word)).toEqual([]);
  });

  it('never returns the word itself', () => {
    for (const w of ['pão', 'pastel', 'funil', 'pudim', 'animal']) expect(otherWordForms(w)).not.toContain(w);
  });
});
