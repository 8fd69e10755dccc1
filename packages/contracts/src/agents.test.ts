import { describe, expect, it } from 'vitest';
import {
  agentDisplayName,
  agentNameSchema,
  finishTrainingSchema,
  KEY_QUESTIONS,
  KEY_QUESTION_KEYS,
  updateAgentSchema,
} from './agents.ts';

describe('agentDisplayName', () => {
  it('shows the trimmed apelido', () => {
    expect(agentDisplayName({ id: '1a2b3c4d-0000-4000-8000-000000000000', apelido: '  Luna ' })).toBe('Luna');
  });

  it("falls back to 'Agente {first 8 characters of the id}' when the apelido is empty", () => {
    for (const apelido of [null, undefined, '', '   ']) {
      expect(agentDisplayName({ id: '1a2b3c4d-0000-4000-8000-000000000000', apelido })).toBe('Agente 1a2b3c4d');
    }
  });

  it("says 'Sem nome' when there is neither a name nor an id", () => {
    expect(agentDisplayName({ apelido: ' ' })).toBe('Sem nome');
    expect(agentDisplayName({ id: '', apelido: null })).toBe('Sem nome');
  });
});

describe('training contracts', () => {
  it('has the 7 key questions of the spec, in order', () => {
    expect(KEY_QUESTION_KEYS).toEqual([
      'negocio',
      'cliente_ideal',
      'produto',
      'processo_vendas',
      'objecoes',
      'tom',
      'redirecionamento',
    ]);
    for (const q of KEY_QUESTIONS) expect(q.pergunta).toMatch(/\?$/);
  });

  it('agent name: required after trimming, at most 50 characters', () => {
    expect(agentNameSchema.parse('  Luna  ')).toBe('Luna');
    expect(agentNameSchema.safeParse('   ').error?.issues[0]?.message).toBe('Dê um nome ao seu agente.');
    expect(agentNameSchema.safeParse('x'.repeat(51)).success).toBe(false);
    expect(agentNameSchema.safeParse('x'.repeat(50)).success).toBe(true);
  });

  it('finishing needs every key answer, non-blank, and an agentId in update mode', () => {
    const respostas = KEY_QUESTIONS.map((q) => ({
      tipo: 'chave' as const,
      key: q.key,
      pergunta: q.pergunta,
      resposta: ' ok ',
    }));
    const ok = finishTrainingSchema.parse({ apelido: 'Luna', respostas });
    expect(ok.mode).toBe('create');
    expect(ok.respostas[0]!.resposta).toBe('ok');
    expect(finishTrainingSchema.safeParse({ apelido: 'Luna', respostas: respostas.slice(1) }).success).toBe(false);
    expect(
      finishTrainingSchema.safeParse({ apelido: 'Luna', respostas: [...respostas.slice(1), respostas[1]] }).success,
    ).toBe(false);
    expect(finishTrainingSchema.safeParse({ mode: 'update', apelido: 'Luna', respostas }).success).toBe(false);
    expect(finishTrainingSchema.safeParse({ mode: 'update', agentId: 'x', apelido: 'Luna', respostas }).success).toBe(
      true,
    );
  });

  it('agent update: a response delay from the list, or a non-blank prompt', () => {
    for (const timing of [0, 5, 10, 15, 30, 60, 90]) expect(updateAgentSchema.safeParse({ timing }).success).toBe(true);
    for (const timing of [1, 45, 120, '5', null]) expect(updateAgentSchema.safeParse({ timing }).success).toBe(false);
    expect(updateAgentSchema.safeParse({ system_prompt: ' ' }).success).toBe(false);
    expect(updateAgentSchema.safeParse({}).success).toBe(false);
  });
});
