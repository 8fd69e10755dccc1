import { describe, expect, it } from 'vitest';
import { cleanSystemPrompt } from './clean-system-prompt.ts';

const body = `# Identidade\nVocê é Luna.\n${'Contexto do negócio com detalhes. '.repeat(8)}\n# Regras importantes\n- Faça uma pergunta por vez.\n- Envie links só com interesse real.`;

describe('cleanSystemPrompt', () => {
  it('keeps a good prompt as it is', () => {
    expect(cleanSystemPrompt(`  ${body}  `)).toBe(body);
  });

  it('removes a code fence around the whole answer and <think> blocks', () => {
    expect(cleanSystemPrompt(`\`\`\`markdown\n${body}\n\`\`\``)).toBe(body);
    expect(cleanSystemPrompt(`<think>vou pensar</think>\n${body}`)).toBe(body);
  });

  it('refuses answers too short to be a prompt', () => {
    expect(cleanSystemPrompt('Desculpe, não consegui.')).toBeNull();
    expect(cleanSystemPrompt('')).toBeNull();
  });

  it('appends the rules when the spec’s warning is missing', () => {
    const noRules = `# Identidade\n${'Você é Luna e vende bolos. '.repeat(12)}`;
    const cleaned = cleanSystemPrompt(noRules)!;
    expect(cleaned.startsWith(noRules.trim())).toBe(true);
    expect(cleaned).toContain('# Regras importantes');
    expect(cleaned).toContain('Faça uma pergunta por vez');
    expect(cleaned).toContain('Envie links somente quando a pessoa demonstrar interesse real');
  });
});
