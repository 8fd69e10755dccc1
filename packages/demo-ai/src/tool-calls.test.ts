import { describe, expect, it } from 'vitest';
import { createDemoLlm } from './demo-llm.ts';
import type { DemoRequest } from './demo-types.ts';
import { lookupWords } from './tool-calls.ts';

const TOOLS = [{ name: 'buscar_catalogo' }, { name: 'buscar_conhecimento' }];
const BOLO = { label: 'Catálogo: Bolo de cenoura', text: 'Bolo de cenoura (Produto) — R$ 60,00 por unidade.' };

const reply = (customer: string, facts = [BOLO]): DemoRequest => {
  const history = [{ role: 'user' as const, content: customer }];
  return {
    messages: [{ role: 'system', content: 'Você é Luna.' }, ...history],
    tools: TOOLS,
    task: { kind: 'reply', systemPrompt: 'Você é Luna.', respostas: [], history, facts },
  };
};

const demo = createDemoLlm({ assembleSystemPrompt: () => '' });

describe('the demo AI’s tool calls', () => {
  it('looks the catalogue up for a product the given facts do not have, then answers from the result', async () => {
    const request = reply('Oi! Quanto custa o brigadeiro gourmet?');
    const first = await demo.completeTurn!(request);
    expect(first).toEqual({
      text: null,
      toolCalls: [{ id: 'demo-call-1', name: 'buscar_catalogo', arguments: '{"consulta":"brigadeiro gourmet"}' }],
    });
    const result = {
      resultados: [
        { fonte: 'Catálogo: Brigadeiro gourmet', texto: 'Brigadeiro gourmet (Produto) — R$ 3,50 por unidade.' },
      ],
    };
    const answer = await demo.completeTurn!({
      ...request,
      messages: [
        ...request.messages,
        { role: 'assistant', content: null, toolCalls: first.toolCalls },
        { role: 'tool', toolCallId: 'demo-call-1', content: JSON.stringify(result) },
      ],
    });
    expect(answer.toolCalls).toEqual([]);
    expect(answer.text).toMatch(/^Brigadeiro gourmet: R\$ 3,50 por unidade\./);
  });

  it('answers at once when a given fact is about it, when tools are not offered or must not be called', async () => {
    expect((await demo.completeTurn!(reply('Quanto custa o bolo de cenoura?'))).text).toMatch(
      /^Bolo de cenoura: R\$ 60,00/,
    );
    expect((await demo.completeTurn!({ ...reply('Quanto custa o pudim?'), tools: [] })).toolCalls).toEqual([]);
    expect((await demo.completeTurn!({ ...reply('Quanto custa o pudim?'), toolChoice: 'none' })).toolCalls).toEqual([]);
    expect((await demo.completeTurn!(reply('Oi, boa tarde!'))).toolCalls).toEqual([]);
  });

  it('looks the knowledge base up for another question, and never with AI_TOOL_CALLS=off', async () => {
    const turn = await demo.completeTurn!(reply('Vocês entregam em Contagem?'));
    expect(turn.toolCalls.map((c) => [c.name, c.arguments])).toEqual([
      ['buscar_conhecimento', '{"consulta":"entregam Contagem"}'],
    ]);
    expect(createDemoLlm({ assembleSystemPrompt: () => '', toolCalls: 'off' })).not.toHaveProperty('completeTurn');
  });

  it('searches the message’s last meaningful words', () => {
    expect(lookupWords('Queria saber quanto custa aquele bolo de pote de ninho com nutella?')).toBe(
      'pote ninho nutella',
    );
    expect(lookupWords('Quanto custa?')).toBe('');
  });
});
