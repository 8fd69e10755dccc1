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
