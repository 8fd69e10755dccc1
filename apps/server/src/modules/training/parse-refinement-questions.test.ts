import { describe, expect, it } from 'vitest';
import {
  DEFAULT_QUESTIONS,
  extractJsonCandidates,
  failureQuestionSet,
  normaliseQuestionSet,
  parseRefinementQuestions,
} from './parse-refinement-questions.ts';

const q = (n: number) => ({ pergunta: `Pergunta ${n}?`, categoria: `c${n}`, justificativa: `porque ${n}` });
const set = (count: number) => ({
  perguntas: Array.from({ length: count }, (_, i) => q(i + 1)),
  total: count,
  contexto: 'Contexto.',
});

describe('extractJsonCandidates', () => {
  it('finds the inside of a ```json fence and each balanced object, ignoring braces inside strings', () => {
    const text = 'Aqui está:\n```json\n{"a": 1}\n```\nE também {"b": "tem } dentro", "c": {"d": 2}} fim {quebrado';
    expect(extractJsonCandidates(text)).toEqual(['{"a": 1}', '{"a": 1}', '{"b": "tem } dentro", "c": {"d": 2}}']);
  });

  it('handles escaped quotes and returns nothing for text without objects', () => {
    expect(extractJsonCandidates('{"x": "aspas \\" e {chave"}')).toEqual(['{"x": "aspas \\" e {chave"}']);
    expect(extractJsonCandidates('nenhum json aqui')).toEqual([]);
    expect(extractJsonCandidates('{{{{')).toEqual([]);
  });
});

describe('parseRefinementQuestions', () => {
  it('plain JSON → the AI’s questions (source ai), total recomputed', () => {
    const result = parseRefinementQuestions(JSON.stringify({ ...set(4), total: 99 }));
    expect(result).toEqual({ ...set(4), source: 'ai' });
  });

  it('JSON in prose or a code fence → extracted (source ai-extracted)', () => {
    expect(parseRefinementQuestions(`Claro!\n\`\`\`json\n${JSON.stringify(set(3))}\n\`\`\`\nAbraço`).source).toBe(
      'ai-extracted',
    );
    expect(parseRefinementQuestions(`Perguntas: ${JSON.stringify(set(3))} Fim.`)).toEqual({
      ...set(3),
      source: 'ai-extracted',
    });
  });

  it('skips an object that is not a question set and takes the next one', () => {
    const text = `{"nota": "rascunho"} e a resposta final: ${JSON.stringify(set(5))}`;
    expect(parseRefinementQuestions(text)).toEqual({ ...set(5), source: 'ai-extracted' });
  });

  it('invalid or empty → the three default questions (ticket, ciclo, qualificação)', () => {
    for (const text of ['', 'não sei', '{"perguntas": []}', '{"perguntas": [1, 2]}', '[]', '{"perguntas": "texto"}']) {
      const result = parseRefinementQuestions(text);
      expect(result.source).toBe('fallback');
      expect(result.perguntas).toEqual(DEFAULT_QUESTIONS);
      expect(result.total).toBe(3);
    }
  });

  it('clamps to 6 and pads to 3 with default questions; drops duplicates and blank questions', () => {
    expect(parseRefinementQuestions(JSON.stringify(set(9))).perguntas).toHaveLength(6);
    const two = parseRefinementQuestions(JSON.stringify({ perguntas: [q(1), q(1), { pergunta: '  ' }, q(2)] }));
    expect(two.perguntas.map((p) => p.pergunta)).toEqual([
      'Pergunta 1?',
      'Pergunta 2?',
      DEFAULT_QUESTIONS[0]!.pergunta,
    ]);
    expect(two.total).toBe(3);
  });
});

describe('normaliseQuestionSet', () => {
  it('accepts the shapes models write: English keys, bare strings, a bare array', () => {
    expect(
      normaliseQuestionSet({
        questions: [{ question: 'Qual o prazo?', category: 'entrega', justification: 'x' }],
        context: 'c',
      }),
    ).toMatchObject({
      perguntas: [
        { pergunta: 'Qual o prazo?', categoria: 'entrega', justificativa: 'x' },
        expect.anything(),
        expect.anything(),
      ],
      contexto: 'c',
    });
    expect(
      normaliseQuestionSet(['Qual o prazo?', 'Aceita Pix?', 'Entrega?'])?.perguntas.map((p) => p.categoria),
    ).toEqual(['geral', 'geral', 'geral']);
    expect(normaliseQuestionSet({ perguntas: [{ pergunta: 'x'.repeat(601) }] })).toBeNull();
    expect(normaliseQuestionSet('texto')).toBeNull();
  });
});

describe('failureQuestionSet', () => {
  it('is the two default questions used when the AI cannot be reached', () => {
    expect(failureQuestionSet()).toMatchObject({ total: 2, source: 'failure' });
  });
});
