import { describe, expect, it } from 'vitest';
import { demoEmbed } from './embeddings.ts';

const cosine = (a: number[], b: number[]) => a.reduce((sum, v, i) => sum + v * b[i]!, 0);

describe('demoEmbed', () => {
  it('is deterministic and normalised', () => {
    const v = demoEmbed('Entregamos em toda a cidade');
    expect(demoEmbed('Entregamos em toda a cidade')).toEqual(v);
    expect(Math.hypot(...v)).toBeCloseTo(1, 6);
    expect(demoEmbed('oi').every((x) => x === 0)).toBe(true);
  });

  it('points texts about the same thing the same way, synonyms included, accents ignored', () => {
    const delivery = demoEmbed('A taxa de entrega é R$ 18,00 para Contagem.');
    const care = demoEmbed('Lave as travessas à mão com detergente neutro.');
    const question = demoEmbed('Quanto é o frete para Contagem?');
    expect(cosine(question, delivery)).toBeGreaterThan(0.4);
    expect(cosine(question, care)).toBeLessThan(0.1);
    expect(cosine(demoEmbed('Política de devolução'), demoEmbed('politica de troca'))).toBeGreaterThan(0.9);
  });
});
