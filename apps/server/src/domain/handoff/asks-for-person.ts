/**
 * The keyword rule of a handoff (docs/decisions/015-handoff.md): a customer message asking for a
 * person ('quero falar com alguém', 'atendente', 'humano'…) hands the conversation over whatever the
 * AI would have said. Accents, case and punctuation do not matter.
 */
const PATTERNS: readonly RegExp[] = [
  /\batendente\b/,
  /\bhumano\b/,
  /\bfalar com (alguem|uma pessoa|pessoa|um humano|gente|o dono|a dona|o responsavel|a responsavel|o gerente|a gerente|voce de verdade)\b/,
  /\b(pessoa|gente) de verdade\b/,
  /\bnao (quero|gosto de) (falar com )?(robo|bot|maquina|ia)\b/,
  /\bme (passa|transfere|transfira) (para|pra) (alguem|uma pessoa|um atendente)\b/,
];

const normalise = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

export function asksForPerson(text: string | null | undefined): boolean {
  if (!text) return false;
  const t = normalise(text);
  return PATTERNS.some((p) => p.test(t));
}

/** Why the conversation was handed over when the keyword rule matched (shown in the inbox). */
export const HANDOFF_ASKED_REASON = 'O cliente pediu para falar com uma pessoa.';

/** The one answer the customer gets when the keyword rule hands over (the AI is not asked). */
export const HANDOFF_ANSWER =
  'Claro! Vou chamar uma pessoa da nossa equipe para continuar o seu atendimento por aqui. É só aguardar um pouquinho.';
