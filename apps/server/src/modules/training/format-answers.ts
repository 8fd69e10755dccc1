import type { AnswerItem } from '@vendai/contracts';

/** The answers as the templates show them to the model: numbered question, then the answer. */
export function formatAnswers(respostas: readonly AnswerItem[]): string {
  const keys = respostas.filter((r) => r.tipo === 'chave');
  const refinements = respostas.filter((r) => r.tipo === 'refinamento');
  const block = (items: readonly AnswerItem[]) =>
    items.map((r, i) => `${i + 1}. ${r.pergunta.trim()}\nResposta: ${r.resposta.trim()}`).join('\n\n');
  const parts = [`## Perguntas-chave\n\n${block(keys)}`];
  if (refinements.length) parts.push(`## Perguntas de refinamento\n\n${block(refinements)}`);
  return parts.join('\n\n');
}
