import type { FastifyBaseLogger } from 'fastify';
import { LIMITS, type RefinementSet } from '@vendai/contracts';
import type { z } from 'zod';
import type { generateQuestionsSchema } from '@vendai/contracts';
import type { AppDeps } from '../../types.ts';
import { claimAiAssist } from '../../domain/usage/ai-assists.ts';
import { assertCanTrain } from './assert-can-train.ts';
import { dropFactQuestions } from './drop-fact-questions.ts';
import { formatAnswers } from './format-answers.ts';
import { failureQuestionSet, parseRefinementQuestions } from './parse-refinement-questions.ts';
import { promptTemplates, renderTemplate } from './prompt-templates.ts';

type Input = z.infer<typeof generateQuestionsSchema>;

/**
 * Call A (docs/product/integrations.md): the 7 key answers → 3 to 6 refinement questions. Never fails because of the
 * AI: an unusable answer gives the default questions, a provider failure the two failure questions.
 */
export async function generateRefinementQuestions({
  deps,
  accountId,
  input,
  log,
}: {
  deps: Pick<AppDeps, 'db' | 'llm'>;
  accountId: string;
  input: Input;
  log: FastifyBaseLogger;
}): Promise<RefinementSet> {
  await assertCanTrain(deps.db, accountId, input.mode, input.agentId);
  const t = promptTemplates();
  // One AI assist per set of questions (decision 050), given back when the AI fails.
  const giveBack = await claimAiAssist(deps.db, accountId, 'training-questions');
  let answer: string;
  try {
    answer = await deps.llm.complete({
      messages: [
        {
          role: 'system',
          content: renderTemplate(t.questionsSystem, { min: LIMITS.refinementMin, max: LIMITS.refinementMax }),
        },
        { role: 'user', content: renderTemplate(t.questionsUser, { respostas: formatAnswers(input.respostas) }) },
      ],
      task: { kind: 'refinement-questions', respostas: input.respostas },
    });
  } catch (err) {
    await giveBack();
    log.warn({ err: (err as Error).message }, 'refinement questions: AI failed, using the two default questions');
    return failureQuestionSet();
  }
  const set = parseRefinementQuestions(answer);
  if (set.source !== 'ai') log.info({ source: set.source }, 'refinement questions: AI answer was not plain JSON');
  // Hours, address, payment methods and delivery areas are kept once on Configurações (decision 066).
  return dropFactQuestions(set);
}
