import { describe, expect, it, vi } from 'vitest';
import type { ChatRequest, CompletionTurn, Llm, ToolCall } from '../../integrations/llm/llm.ts';
import type { FactSource } from '../facts/fact-source.ts';
import type { FactLookup } from '../facts/lookup-facts.ts';
import { completeReply, MAX_CALLS_PER_ROUND, MAX_TOOL_ROUNDS } from './complete-reply.ts';
import { REPLY_TOOLS, runReplyTool } from './reply-tools.ts';

const REQUEST: ChatRequest = { messages: [{ role: 'user', content: 'Quanto custa o brigadeiro?' }], maxTokens: 800 };
const BRIGADEIRO: FactSource = {
  kind: 'product',
  id: 'item-1',
  label: 'Catálogo: Brigadeiro',
  text: 'Brigadeiro (Produto) — R$ 3,50 por unidade.',
  photoKey: 'fotos/item-1.jpg',
  amounts: [350],
};
const call = (id: string, name: string, args: unknown): ToolCall => ({
  id,
  name,
  arguments: typeof args === 'string' ? args : JSON.stringify(args),
});

/** An Llm whose turns follow a script (then the last entry forever); every request is kept. */
function scriptedLlm(turns: CompletionTurn[], final = 'Resposta final') {
  const seen: ChatRequest[] = [];
  const completed: ChatRequest[] = [];
  let n = 0;
  const llm: Llm = {
    kind: 'openai',
    complete: async (r) => (completed.push(r), final),
    completeTurn: async (r) => (seen.push(r), turns[Math.min(n++, turns.length - 1)]!),
  };
  return { llm, seen, completed };
}

describe('completeReply', () => {
  it('a model that answers at once costs one call and leaves the request as it was', async () => {
    const { llm, seen, completed } = scriptedLlm([{ text: 'Oi!', toolCalls: [] }]);
    const lookup = vi.fn<FactLookup>();
    const out = await completeReply(llm, REQUEST, lookup);
    expect(out).toEqual({ text: 'Oi!', request: REQUEST, found: [] });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.tools).toEqual(REPLY_TOOLS);
    expect(completed).toHaveLength(0);
    expect(lookup).not.toHaveBeenCalled();
  });

  it('without tool calls (AI_TOOL_CALLS=off) it is a plain completion', async () => {
    const complete = vi.fn(async () => 'Só contexto');
    const out = await completeReply({ kind: 'openai', complete }, REQUEST, vi.fn());
    expect(out.text).toBe('Só contexto');
    expect(complete).toHaveBeenCalledWith(REQUEST);
  });

  it('runs the lookup, gives the result back with the call id and returns what it found', async () => {
    const { llm, seen } = scriptedLlm([
      { text: null, toolCalls: [call('c1', 'buscar_catalogo', { consulta: 'brigadeiro' })] },
      { text: 'Brigadeiro: R$ 3,50.', toolCalls: [] },
    ]);
    const lookup = vi.fn<FactLookup>(async () => [BRIGADEIRO]);
    const out = await completeReply(llm, REQUEST, lookup);
    expect(lookup).toHaveBeenCalledWith('catalogue', 'brigadeiro');
    expect(out.text).toBe('Brigadeiro: R$ 3,50.');
    expect(out.found).toEqual([BRIGADEIRO]);
    expect(seen[1]!.messages.slice(1)).toEqual([
      { role: 'assistant', content: null, toolCalls: [call('c1', 'buscar_catalogo', { consulta: 'brigadeiro' })] },
      {
        role: 'tool',
        toolCallId: 'c1',
        content: JSON.stringify({
          resultados: [{ fonte: 'Catálogo: Brigadeiro', texto: BRIGADEIRO.text, foto: 'item-1' }],
        }),
      },
    ]);
    // The guard's second attempt continues the conversation with the lookup in it.
    expect(out.request).toMatchObject({ messages: seen[1]!.messages, toolChoice: 'none' });
  });

  it(`stops after ${MAX_TOOL_ROUNDS} rounds and then asks for the answer without tools`, async () => {
    const { llm, seen, completed } = scriptedLlm([
      { text: null, toolCalls: [call('c', 'buscar_conhecimento', { consulta: 'entrega' })] },
    ]);
    const lookup = vi.fn<FactLookup>(async () => []);
    const out = await completeReply(llm, REQUEST, lookup);
    expect(seen).toHaveLength(MAX_TOOL_ROUNDS);
    expect(lookup).toHaveBeenCalledTimes(MAX_TOOL_ROUNDS);
    expect(completed).toHaveLength(1);
    expect(completed[0]!.toolChoice).toBe('none');
    expect(completed[0]!.messages.filter((m) => m.role === 'tool')).toHaveLength(MAX_TOOL_ROUNDS);
    expect(out).toMatchObject({ text: 'Resposta final', request: completed[0] });
  });

  it(`runs at most ${MAX_CALLS_PER_ROUND} calls a round; every call gets a result`, async () => {
    const many = Array.from({ length: MAX_CALLS_PER_ROUND + 2 }, (_, i) =>
      call(`c${i}`, 'buscar_catalogo', { consulta: `item ${i}` }),
    );
    const { llm, seen } = scriptedLlm([
      { text: null, toolCalls: many },
      { text: 'ok', toolCalls: [] },
    ]);
    const lookup = vi.fn<FactLookup>(async () => []);
    await completeReply(llm, REQUEST, lookup);
    expect(lookup).toHaveBeenCalledTimes(MAX_CALLS_PER_ROUND);
    const results = seen[1]!.messages.filter((m) => m.role === 'tool');
    expect(results.map((m) => (m as { toolCallId: string }).toolCallId)).toEqual(many.map((c) => c.id));
    expect(JSON.parse((results.at(-1) as { content: string }).content)).toEqual({
      erro: 'Chamadas demais nesta rodada.',
    });
  });

  it('a turn with neither text nor calls is a failure (the engine retries the answer)', async () => {
    const { llm } = scriptedLlm([{ text: null, toolCalls: [] }]);
    await expect(completeReply(llm, REQUEST, vi.fn())).rejects.toMatchObject({ code: 'UPSTREAM' });
  });
});

describe('runReplyTool', () => {
  const lookup = vi.fn<FactLookup>(async () => []);
  const errorOf = async (c: ToolCall) => {
    const result = await runReplyTool(c, lookup);
    expect(result.found).toEqual([]);
    return (JSON.parse(result.content) as { erro: string }).erro;
  };

  it('answers bad arguments and unknown tools with an error the model can read, without searching', async () => {
    lookup.mockClear();
    expect(await errorOf(call('a', 'buscar_catalogo', '{consulta: bolo'))).toMatch(
      /^Argumentos inválidos: envie um JSON/,
    );
    expect(await errorOf(call('b', 'buscar_catalogo', { query: 'bolo' }))).toMatch(/^Argumentos inválidos: consulta/);
    expect(await errorOf(call('c', 'buscar_catalogo', { consulta: 42 }))).toMatch(/consulta deve ser um texto/);
    expect(await errorOf(call('d', 'buscar_catalogo', { consulta: ' ' }))).toMatch(/consulta vazia/);
    expect(await errorOf(call('e', 'buscar_catalogo', { consulta: 'x'.repeat(201) }))).toMatch(/longa demais/);
    expect(await errorOf(call('f', 'apagar_tudo', { consulta: 'bolo' }))).toBe(
      'Ferramenta desconhecida: apagar_tudo. Use buscar_catalogo ou buscar_conhecimento.',
    );
    expect(await errorOf(call('g', 'constructor', {}))).toMatch(/^Ferramenta desconhecida/);
    expect(lookup).not.toHaveBeenCalled();
  });

  it('says when nothing was found', async () => {
    const result = await runReplyTool(call('a', 'buscar_conhecimento', { consulta: 'garantia' }), lookup);
    expect(JSON.parse(result.content)).toEqual({ resultados: [], aviso: 'Nada encontrado.' });
    expect(lookup).toHaveBeenCalledWith('knowledge', 'garantia');
  });

  it('describes its arguments with the JSON schema of the same zod schema', () => {
    expect(REPLY_TOOLS.map((t) => t.name)).toEqual(['buscar_catalogo', 'buscar_conhecimento']);
    expect(REPLY_TOOLS[0]!.parameters).toMatchObject({
      type: 'object',
      properties: { consulta: { type: 'string', minLength: 2, maxLength: 200 } },
      required: ['consulta'],
    });
    expect(REPLY_TOOLS[0]!.parameters).not.toHaveProperty('$schema');
  });
});
