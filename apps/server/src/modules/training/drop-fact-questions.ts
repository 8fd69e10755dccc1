import { LIMITS, type RefinementSet } from '@vendai/contracts';
import { DEFAULT_QUESTIONS } from './parse-refinement-questions.ts';

/**
 * A refinement question asking for one of the business's facts (hours, address, payment methods,
 * delivery areas): those are kept once on Configurações and reach the AI in every reply
 * (docs/decisions/066-business-facts-in-one-place.md), so the training does not ask them again.
 */
const FACT_QUESTION =
  /hor[áa]rios?\b|\bque horas\b|funcionamento|endere[çc]o|onde (fica|voc[êe]s ficam)|formas? de pagamento|aceita\w* (pix|cart[ãa]o)|(áreas?|regi[õo]es|bairros|cidades) (de|que voc[êe]s?) (entrega|atend)|\bentreg\w* (em|para) quais/i;

export const asksForAFact = (question: string) => FACT_QUESTION.test(question);

/** The set without questions asking for a fact, topped up from the default questions to the minimum. */
export function dropFactQuestions(set: RefinementSet): RefinementSet {
  const kept = set.perguntas.filter((q) => !asksForAFact(q.pergunta));
  if (kept.length === set.perguntas.length) return set;
  for (const extra of DEFAULT_QUESTIONS) {
    if (kept.length >= LIMITS.refinementMin) break;
    if (!kept.some((q) => q.pergunta === extra.pergunta)) kept.push(extra);
  }
  return { ...set, perguntas: kept, total: kept.length };
}
