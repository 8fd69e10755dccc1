import { describe, expect, it } from 'vitest';
import { parseCoachAnswer } from './parse-coach-answer.ts';

const PROMPT = '# Identidade\nVocê é Luna.\n\n# Regras importantes\n- Uma pergunta por vez.';

describe('parseCoachAnswer', () => {
  it('reads the JSON asked for: update and clarify', () => {
    expect(
      parseCoachAnswer(JSON.stringify({ mode: 'update', message: 'Mudei o tom.', updated_prompt: PROMPT })),
    ).toEqual({ mode: 'update', message: 'Mudei o tom.', updatedPrompt: PROMPT, source: 'json' });
    expect(parseCoachAnswer('{"mode":"clarify","message":"Qual cidade?","updated_prompt":null}')).toEqual({
      mode: 'clarify',
      message: 'Qual cidade?',
      updatedPrompt: null,
      source: 'json',
    });
  });

  it('finds the JSON inside prose and code fences, and unwraps a fenced prompt', () => {
    const prose = `Claro!\n\`\`\`json\n${JSON.stringify({ mode: 'update', message: 'ok', updated_prompt: `\`\`\`markdown\n${PROMPT}\n\`\`\`` })}\n\`\`\`\nAbraço.`;
    expect(parseCoachAnswer(prose)).toEqual({
      mode: 'update',
      message: 'ok',
      updatedPrompt: PROMPT,
      source: 'json-extracted',
    });
  });

  it('accepts the keys models use instead (camelCase, Portuguese, English) and drops <think> blocks', () => {
    expect(
      parseCoachAnswer(
        `<think>hmm {"x":1}</think>{"modo":"update","mensagem":"Feito.","novo_prompt":"${'a'.repeat(10)}"}`,
      ),
    ).toMatchObject({ mode: 'update', message: 'Feito.', updatedPrompt: 'a'.repeat(10) });
    expect(parseCoachAnswer('{"updatedPrompt":"Novo prompt","message":"Pronto"}')).toMatchObject({
      mode: 'update',
      updatedPrompt: 'Novo prompt',
    });
    expect(parseCoachAnswer('{"question":"Para qual bairro?"}')).toMatchObject({
      mode: 'clarify',
      message: 'Para qual bairro?',
    });
  });

  it('an update without a prompt is a clarify with its message; clarify never carries a prompt', () => {
    expect(parseCoachAnswer('{"mode":"update","message":"Qual o novo preço?"}')).toMatchObject({
      mode: 'clarify',
      message: 'Qual o novo preço?',
      updatedPrompt: null,
    });
    expect(
      parseCoachAnswer(`{"mode":"clarify","message":"Confirma?","updated_prompt":"${'b'.repeat(20)}"}`),
    ).toMatchObject({ mode: 'clarify', updatedPrompt: null });
  });

  it('invalid JSON or plain text: a clarify with the text; nothing at all: null', () => {
    expect(parseCoachAnswer('Qual região você atende? {"mode": "update", "updated_prompt": "quebr')).toMatchObject({
      mode: 'clarify',
      source: 'text',
      message: 'Qual região você atende? {"mode": "update", "updated_prompt": "quebr',
    });
    expect(parseCoachAnswer('   ')).toBeNull();
    expect(parseCoachAnswer('<think>só pensei</think>')).toBeNull();
    expect(parseCoachAnswer('x'.repeat(5_000))!.message).toHaveLength(2_000);
  });
});

describe('parseCoachAnswer: a FAQ suggestion', () => {
  it('reads mode "faq" with its entry (English or Portuguese keys); the prompt is not changed', () => {
    const answer = parseCoachAnswer(
      '{"mode":"faq","message":"Melhor guardar como pergunta frequente.","updated_prompt":null,"faq":{"question":"Qual é o valor do frete?","answer":"O frete agora é R$ 15."}}',
    );
    expect(answer).toEqual({
      mode: 'faq',
      message: 'Melhor guardar como pergunta frequente.',
      updatedPrompt: null,
      faq: { question: 'Qual é o valor do frete?', answer: 'O frete agora é R$ 15.' },
      source: 'json',
    });
    const pt = parseCoachAnswer(
      'Claro!\n```json\n{"modo":"faq","faq":{"pergunta":"Vocês abrem sábado?","resposta":"Sim, das 9h às 13h."}}\n```',
    );
    expect(pt).toMatchObject({
      mode: 'faq',
      updatedPrompt: null,
      faq: { question: 'Vocês abrem sábado?', answer: 'Sim, das 9h às 13h.' },
      source: 'json-extracted',
    });
    expect(pt!.message).toContain('Conhecimento');
  });

  it('an incomplete entry is no FAQ suggestion: a question without an answer falls back to the message', () => {
    const answer = parseCoachAnswer('{"mode":"faq","message":"Qual é o novo valor?","faq":{"question":"Frete?"}}');
    expect(answer).toMatchObject({ mode: 'clarify', message: 'Qual é o novo valor?', updatedPrompt: null });
    expect(answer!.faq).toBeUndefined();
    // An update with a prompt stays an update even if the model also wrote an entry.
    const update = parseCoachAnswer(
      '{"mode":"update","message":"ok","updated_prompt":"# Novo","faq":{"question":"a","answer":"b"}}',
    );
    expect(update).toMatchObject({ mode: 'update', updatedPrompt: '# Novo' });
  });
});

describe('parseCoachAnswer: a catalogue change', () => {
  const ITEMS = [
    {
      id: 'c1',
      name: 'Camiseta básica',
      priceCents: 4990,
      availability: 'em_estoque' as const,
      description: 'Algodão.',
    },
    {
      id: 'b1',
      name: 'Bolo de chocolate',
      priceCents: 8000,
      availability: 'em_estoque' as const,
      description: '',
      options: [
        { name: 'Com morango', priceCents: 9500 },
        { name: 'Fatia', priceCents: null },
      ],
    },
  ];

  it('reads an existing item’s new price (centavos, or reais as written) with its fields before and after', () => {
    const answer = parseCoachAnswer(
      '{"mode":"catalogue","message":"Sugiro mudar no Catálogo.","updated_prompt":null,"catalogue":{"item_id":"c1","price_cents":5990}}',
      ITEMS,
    );
    expect(answer).toEqual({
      mode: 'catalogue',
      message: 'Sugiro mudar no Catálogo.',
      updatedPrompt: null,
      catalogue: {
        itemId: 'c1',
        name: 'Camiseta básica',
        before: { priceCents: 4990, availability: 'em_estoque', description: 'Algodão.' },
        after: { priceCents: 5990 },
      },
      source: 'json',
    });
    const reais = parseCoachAnswer('{"modo":"catalogo","catalogo":{"id":"c1","preco":"R$ 1.059,90"}}', ITEMS);
    expect(reais?.catalogue?.after).toEqual({ priceCents: 105990 });
    const soldOut = parseCoachAnswer(
      'Pronto:\n```json\n{"mode":"catalogue","catalogue":{"item_id":"b1","availability":"Esgotado","price_cents":8000}}\n```',
      ITEMS,
    );
    // The unchanged price is left out: only what differs is applied.
    expect(soldOut).toMatchObject({
      mode: 'catalogue',
      source: 'json-extracted',
      catalogue: { after: { availability: 'esgotado' } },
    });
  });

  it('a new item needs its name and a field; its name may not be one the catalogue has', () => {
    expect(
      parseCoachAnswer(
        '{"mode":"catalogue","catalogue":{"item_id":null,"name":"Bolo de cenoura","price_cents":7000}}',
        ITEMS,
      )?.catalogue,
    ).toEqual({ itemId: null, name: 'Bolo de cenoura', before: null, after: { priceCents: 7000 } });
    expect(
      parseCoachAnswer('{"mode":"catalogue","catalogue":{"name":"camiseta básica","price_cents":7000}}', ITEMS)?.mode,
    ).toBe('clarify');
  });

  it('an option’s new price: the option as saved before and after, the item’s own fields untouched', () => {
    const answer = parseCoachAnswer(
      '{"mode":"catalogue","message":"ok","catalogue":{"item_id":"b1","option":"com MORANGO","price_cents":9900}}',
      ITEMS,
    );
    expect(answer?.catalogue).toEqual({
      itemId: 'b1',
      name: 'Bolo de chocolate',
      before: {
        priceCents: 8000,
        availability: 'em_estoque',
        description: '',
        optionPrice: { name: 'Com morango', priceCents: 9500 },
      },
      after: { optionPrice: { name: 'Com morango', priceCents: 9900 } },
    });
    // An option without a price of its own gets one; reais are read too.
    expect(
      parseCoachAnswer('{"mode":"catalogue","catalogue":{"item_id":"b1","opcao":"Fatia","preco":"12,50"}}', ITEMS)
        ?.catalogue?.after,
    ).toEqual({ optionPrice: { name: 'Fatia', priceCents: 1250 } });
    // An option the item does not have, no price, the saved price, or a new item's option → a clarify.
    for (const change of [
      '{"item_id":"b1","option":"Com nozes","price_cents":9900}',
      '{"item_id":"b1","option":"Com morango"}',
      '{"item_id":"b1","option":"Com morango","price_cents":9500}',
      '{"item_id":"c1","option":"Com morango","price_cents":9900}',
      '{"item_id":null,"name":"Torta","option":"Fatia","price_cents":900}',
    ])
      expect(parseCoachAnswer(`{"mode":"catalogue","catalogue":${change}}`, ITEMS)?.mode, change).toBe('clarify');
  });

  it('an unknown item id, a price that does not read, or nothing that changes → a clarify, never a change', () => {
    for (const change of [
      '{"item_id":"someone-elses","price_cents":5990}',
      '{"item_id":"c1","price":"cinquenta e nove"}',
      '{"item_id":"c1","price_cents":-5}',
      '{"item_id":"c1","price_cents":59.9}',
      '{"item_id":"c1","availability":"talvez"}',
      '{"item_id":"c1","price_cents":4990}',
      '{"item_id":"c1"}',
    ]) {
      const answer = parseCoachAnswer(`{"mode":"catalogue","message":"ok","catalogue":${change}}`, ITEMS);
      expect(answer, change).toMatchObject({ mode: 'clarify', updatedPrompt: null });
      expect(answer!.catalogue, change).toBeUndefined();
      expect(answer!.message, change).toContain('catálogo');
    }
    // Without the catalogue it was shown, no id is known.
    expect(parseCoachAnswer('{"mode":"catalogue","catalogue":{"item_id":"c1","price_cents":5990}}')?.mode).toBe(
      'clarify',
    );
    // A prompt update stays an update.
    expect(
      parseCoachAnswer(
        '{"mode":"update","updated_prompt":"# Novo","catalogue":{"item_id":"c1","price_cents":1}}',
        ITEMS,
      )?.mode,
    ).toBe('update');
  });
});
