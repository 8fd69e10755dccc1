import { describe, expect, it } from 'vitest';
import { LIMITS } from '@vendai/contracts';
import { asksForABusinessFact as asksForAFact } from '@vendai/contracts';
import { dropFactQuestions } from './drop-fact-questions.ts';

const q = (pergunta: string) => ({ pergunta, categoria: 'geral', justificativa: '' });

describe('dropFactQuestions: the training does not ask what Configurações keeps', () => {
  it('recognises questions asking for the hours, the address, the payment methods or the delivery areas', () => {
    for (const text of [
      'Em quais dias e horários você atende, e com quanta antecedência o cliente precisa agendar?',
      'Qual é o endereço da loja?',
      'Quais formas de pagamento você aceita?',
      'Vocês aceitam cartão de crédito?',
      'Em quais bairros de entrega vocês atendem?',
    ])
      expect(asksForAFact(text), text).toBe(true);
    for (const text of [
      'Quanto tempo costuma levar do primeiro contato até a compra?',
      'Qual é a garantia do serviço?',
      'Há opções de parcelamento ou de entrada mais acessível?',
    ])
      expect(asksForAFact(text), text).toBe(false);
  });

  it('drops them and tops the set up to the minimum with the default questions', () => {
    const set = {
      perguntas: [
        q('Qual é o endereço da loja?'),
        q('Qual é a garantia do serviço?'),
        q('Quais formas de pagamento você aceita?'),
      ],
      total: 3,
      contexto: 'x',
      source: 'ai' as const,
    };
    const out = dropFactQuestions(set);
    expect(out.perguntas[0]!.pergunta).toBe('Qual é a garantia do serviço?');
    expect(out.perguntas).toHaveLength(LIMITS.refinementMin);
    expect(out.total).toBe(out.perguntas.length);
    expect(out.perguntas.some((p) => asksForAFact(p.pergunta))).toBe(false);
    const clean = { ...set, perguntas: [q('Qual é a garantia?')], total: 1 };
    expect(dropFactQuestions(clean)).toBe(clean);
  });
});
