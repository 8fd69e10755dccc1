import { describe, expect, it } from 'vitest';
import { isPartialSuggestion } from '@vendai/contracts';
import { DEMO_ADJUSTMENTS_HEADING, demoPromptCoach } from './prompt-coach.ts';

const PROMPT = [
  '# Identidade\nVocê é Luna, assistente da Doce Encanto.',
  '# Tom de voz\nCarinhoso.',
  '# Regras importantes\n- Mensagens curtas.\n- Aceitamos Pix e cartão.',
  `# Contexto do negócio\n${'Bolos artesanais em Belo Horizonte. '.repeat(10)}`,
].join('\n\n');

describe('demo prompt coach', () => {
  it('vague instructions get one clarifying question', () => {
    for (const instruction of ['melhore o prompt', 'muda isso', 'não gostei']) {
      const a = demoPromptCoach(PROMPT, instruction, false);
      expect(a).toMatchObject({ mode: 'clarify', updated_prompt: null });
      expect(a.message).toMatch(/\?/);
    }
  });

  it('concrete instructions get the whole prompt with the change, deterministically', () => {
    const a = demoPromptCoach(PROMPT, 'Adicione que entregamos em BH aos sábados', false);
    expect(a.mode).toBe('update');
    expect(a.updated_prompt).toContain(`${DEMO_ADJUSTMENTS_HEADING}\n- Entregamos em BH aos sábados.`);
    expect(a.updated_prompt!.startsWith('# Identidade')).toBe(true);
    expect(a.updated_prompt!.indexOf(DEMO_ADJUSTMENTS_HEADING)).toBeLessThan(
      a.updated_prompt!.indexOf('# Regras importantes'),
    );
    expect(demoPromptCoach(PROMPT, 'Adicione que entregamos em BH aos sábados', false)).toEqual(a);
    // A second change joins the same section.
    const b = demoPromptCoach(a.updated_prompt!, 'deixe mais informal', false);
    expect(b.updated_prompt!.split(DEMO_ADJUSTMENTS_HEADING)).toHaveLength(2);
    expect(b.updated_prompt).toMatch(/- Entregamos em BH aos sábados\.\n- Use um tom informal/);
  });

  it('removes lines that mention what the owner asks to remove, or asks when there is none', () => {
    const a = demoPromptCoach(PROMPT, 'remova a parte do Pix', false);
    expect(a.mode).toBe('update');
    expect(a.updated_prompt).not.toMatch(/pix/i);
    expect(demoPromptCoach(PROMPT, 'remova o trecho sobre boleto', false).mode).toBe('clarify');
  });

  it('"só o trecho" gives a partial fragment; full=true the whole prompt', () => {
    const partial = demoPromptCoach(PROMPT, 'Mostre só o trecho: adicione que entregamos em BH', false);
    expect(isPartialSuggestion(PROMPT, partial.updated_prompt!)).toBe(true);
    const full = demoPromptCoach(PROMPT, 'Mostre só o trecho: adicione que entregamos em BH', true);
    expect(isPartialSuggestion(PROMPT, full.updated_prompt!)).toBe(false);
    expect(full.updated_prompt).toContain('- Entregamos em BH.');
  });
});

describe('the demo coach suggests a FAQ entry for a business fact', () => {
  it("'o frete agora é R$ 15' → a FAQ entry with the owner's words; the prompt is not changed", () => {
    expect(demoPromptCoach(PROMPT, 'o frete agora é R$ 15', false)).toEqual({
      mode: 'faq',
      message: expect.stringContaining('Conhecimento'),
      updated_prompt: null,
      faq: { question: 'Qual é o valor do frete?', answer: 'O frete agora é R$ 15.' },
    });
    expect(demoPromptCoach(PROMPT, 'Nosso horário agora é das 9h às 18h', false).faq?.question).toBe(
      'Qual é o horário de atendimento?',
    );
    // An order to change the prompt stays a prompt change.
    expect(demoPromptCoach(PROMPT, 'Adicione que entregamos em BH aos sábados', false).mode).toBe('update');
  });
});

describe('the demo coach suggests a catalogue change for an item it was shown', () => {
  const CATALOGUE = [
    { id: 'c1', name: 'Camiseta básica', priceCents: 4990, availability: 'em_estoque' as const },
    { id: 'c2', name: 'Camiseta básica gola V', priceCents: 5490, availability: 'em_estoque' as const },
    {
      id: 'b1',
      name: 'Bolo de chocolate',
      priceCents: 8000,
      availability: 'em_estoque' as const,
      options: [{ name: 'Com morango', priceCents: 9500 }],
    },
  ];

  it("'o bolo de chocolate com morango agora custa R$ 99' → that option's new price", () => {
    const answer = demoPromptCoach(PROMPT, 'o bolo de chocolate com morango agora custa R$ 99', false, CATALOGUE);
    expect(answer.catalogue).toEqual({ item_id: 'b1', price_cents: 9900, option: 'Com morango' });
    expect(answer.message).toContain('a opção "Com morango" do item "Bolo de chocolate"');
    // Without an option named, the item's own price.
    expect(demoPromptCoach(PROMPT, 'o bolo de chocolate agora custa R$ 85', false, CATALOGUE).catalogue).toEqual({
      item_id: 'b1',
      price_cents: 8500,
    });
  });

  it("'a camiseta básica agora custa R$ 59,90' → the item's new price in centavos; 'acabou' → esgotado", () => {
    expect(demoPromptCoach(PROMPT, 'a camiseta básica agora custa R$ 59,90', false, CATALOGUE)).toEqual({
      mode: 'catalogue',
      message: expect.stringContaining('Catálogo'),
      updated_prompt: null,
      catalogue: { item_id: 'c1', price_cents: 5990 },
    });
    // The longest name the text holds wins.
    expect(demoPromptCoach(PROMPT, 'A camiseta básica gola V agora é R$ 1.200', false, CATALOGUE).catalogue).toEqual({
      item_id: 'c2',
      price_cents: 120000,
    });
    expect(demoPromptCoach(PROMPT, 'o bolo de chocolate acabou', false, CATALOGUE).catalogue).toEqual({
      item_id: 'b1',
      availability: 'esgotado',
    });
    // No item named, or nothing to change: as before (a FAQ entry, a prompt change).
    expect(demoPromptCoach(PROMPT, 'o frete agora é R$ 15', false, CATALOGUE).mode).toBe('faq');
    expect(demoPromptCoach(PROMPT, 'Adicione que o bolo de chocolate é feito em casa', false, CATALOGUE).mode).toBe(
      'update',
    );
  });
});
