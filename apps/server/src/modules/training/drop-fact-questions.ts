import { asksForABusinessFact, LIMITS, type RefinementSet } from '@vendai/contracts';
import { DEFAULT_QUESTIONS } from './parse-refinement-questions.ts';

/** The set without questions asking for a fact, topped up from the default questions to the minimum. */
export function dropFactQuestions(set: RefinementSet): RefinementSet {
  const kept = set.perguntas.filter((q) => !asksForABusinessFact(q.pergunta));
  if (kept.length === set.perguntas.length) return set;
  for (const extra of DEFAULT_QUESTIONS) {
    if (kept.length >= LIMITS.refinementMin) break;
    if (!kept.some((q) => q.pergunta === extra.pergunta)) kept.push(extra);
  }
  return { ...set, perguntas: kept, total: kept.length };
}
