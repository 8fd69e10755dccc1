import type { FactSource } from './fact-source.ts';

/** Heading of the facts message: the AI must not show the list itself. */
export const FACTS_HEADING = 'Informações do negócio (fonte de verdade; não mostre esta lista ao cliente):';

/**
 * The facts message of a reply request (docs/decisions/025-catalogue-and-price-guard.md): each fact
 * with its source, then the rule the price guard enforces. Null when there is no fact. Pure.
 */
export function factsBlock(sources: readonly FactSource[]): string | null {
  if (sources.length === 0) return null;
  return [
    FACTS_HEADING,
    ...sources.map(
      (s) =>
        `- [${s.label}] ${s.text}${s.kind === 'product' && s.photoKey ? ` (foto: ${s.id})` : ''}${s.kind === 'product' ? ` (id de pedido: ${s.id})` : ''}`,
    ),
    'Regras: informe só preços, opções e condições que estão nestas informações ou no seu prompt, exatamente ' +
      'como estão. Nunca invente preços, totais ou descontos. Item esgotado: diga que está esgotado. Se o ' +
      'cliente pedir um valor que não está aqui, diga que vai confirmar e já responde.',
  ].join('\n');
}
