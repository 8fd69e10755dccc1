/**
 * The demo AI's campaign variation (docs/decisions/072-campaigns.md): deterministic per seed, different
 * across contacts, the owner's words and figures kept (the server's guard accepts it).
 */
import { describe, expect, it } from 'vitest';
import { demoCampaignSuggestion, demoCampaignVariation } from './campaign.ts';

const text = 'Oi Ana! Esta semana o bolo de pote sai por R$ 10, até dia 15.';

describe('the demo AI’s campaign texts', () => {
  it('varies deterministically per seed, keeping the name and the body', () => {
    const a = demoCampaignVariation(text, 'c1:1:ana');
    expect(demoCampaignVariation(text, 'c1:1:ana')).toBe(a);
    expect(a).toContain('Ana');
    expect(a).toContain('o bolo de pote sai por R$ 10, até dia 15.');
    const many = new Set(Array.from({ length: 20 }, (_, i) => demoCampaignVariation(text, `c1:1:${i}`)));
    expect(many.size).toBeGreaterThan(10);
  });
  it('suggests a text with the name variable and the way out', () => {
    const s = demoCampaignSuggestion('o bolo de pote voltou', '');
    expect(s).toContain('{nome}');
    expect(s).toContain('SAIR');
  });
});
