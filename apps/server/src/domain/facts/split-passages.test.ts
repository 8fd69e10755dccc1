import { describe, expect, it } from 'vitest';
import { PASSAGE_MAX, PASSAGE_MIN, splitPassages } from './split-passages.ts';

const sentence = (n: number) => `Frase número ${n} do manual, com algumas palavras para encher a linha.`;
const paragraph = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => sentence(from + i)).join(' ');

describe('splitPassages', () => {
  it('keeps a short text whole', () => {
    expect(splitPassages('  Entregamos em toda a cidade.\r\n\r\nAbrimos às 9h.  ')).toEqual([
      'Entregamos em toda a cidade.\n\nAbrimos às 9h.',
    ]);
  });

  it('cuts a long text at sentence ends into passages of about 500 to 800 characters', () => {
    const text = paragraph(1, 60);
    const passages = splitPassages(text);
    expect(passages.length).toBeGreaterThan(4);
    for (const p of passages.slice(0, -1)) {
      expect(p.length).toBeGreaterThanOrEqual(PASSAGE_MIN);
      expect(p.length).toBeLessThanOrEqual(PASSAGE_MAX);
      expect(p).toMatch(/^Frase número \d+.*linha\.$/);
    }
    expect(passages.join(' ')).toBe(text);
  });

  it('prefers a paragraph’s end once a passage is long enough', () => {
    const text = [paragraph(1, 8), paragraph(9, 8), paragraph(17, 2)].join('\n\n');
    const passages = splitPassages(text);
    expect(passages[0]).toBe(paragraph(1, 8));
    expect(passages[1]).toBe(`${paragraph(9, 8)}\n\n${paragraph(17, 2)}`);
  });

  it('cuts a sentence longer than a passage between words, and joins a short tail to the one before', () => {
    const long = Array.from({ length: 300 }, (_, i) => `palavra${i}`).join(' ');
    const passages = splitPassages(`${long} Fim.`);
    for (const p of passages) expect(p.length).toBeLessThanOrEqual(PASSAGE_MAX + 200);
    expect(passages.join(' ')).toBe(`${long} Fim.`);
    expect(passages.at(-1)!.endsWith('Fim.')).toBe(true);
  });
});
