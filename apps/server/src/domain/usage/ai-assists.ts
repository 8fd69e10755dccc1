import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  type AiAssistColumn,
  decrementAiAssist,
  findAiAssistUsage,
  incrementAiAssist,
} from './allowance-repository.ts';
import { allowanceMonthOf, planAllowance } from './plan-allowance.ts';

/**
 * AI assists (docs/decisions/050-upload-and-model-call-limits.md): model calls the owner triggers
 * outside the playground — a price list read by the AI ('price-list'), the training's follow-up
 * questions ('training-questions'), a transcript or description asked in the inbox ('media-request').
 * Each counts once against the plan's monthly allowance (`plans.max_ai_assists`, calendar month, UTC),
 * claimed before the model is called, as the test allowance is (test-allowance.ts).
 */
export type AiAssist = 'price-list' | 'training-questions' | 'media-request';

const COLUMN: Record<AiAssist, AiAssistColumn> = {
  'price-list': 'price_list',
  'training-questions': 'training_questions',
  'media-request': 'media_requests',
};

/** The Portuguese refusal past the allowance (403 LIMIT_REACHED). */
export function aiAssistsMessage(max: number): string {
  return (
    `Você usou os ${max.toLocaleString('pt-BR')} usos de IA do seu plano neste mês (leitura de listas de preços, ` +
    'perguntas do treinamento, transcrições e descrições pedidas na conversa). Eles renovam no início do próximo ' +
    'mês; para ter mais, faça upgrade do plano.'
  );
}

/**
 * Claims one assist before the model is called (a conditional increment: concurrent calls never pass
 * the allowance). Past it → 403 with aiAssistsMessage. Returns the give-back, for a call that failed.
 */
export async function claimAiAssist(
  db: Db,
  accountId: string,
  kind: AiAssist,
  now = new Date(),
): Promise<() => Promise<void>> {
  const max = await planAllowance(db, accountId, 'max_ai_assists');
  const month = allowanceMonthOf(now);
  if (!(await incrementAiAssist(db, accountId, month, COLUMN[kind], max)))
    throw new AppError('LIMIT_REACHED', aiAssistsMessage(max));
  return async () => {
    await decrementAiAssist(db, accountId, month, COLUMN[kind]);
  };
}

/** This month's assists by kind, for /api/usage. */
export async function countAiAssists(db: Db, accountId: string, now = new Date()) {
  const row = await findAiAssistUsage(db, accountId, allowanceMonthOf(now));
  return {
    price_list: Number(row?.price_list ?? 0),
    training_questions: Number(row?.training_questions ?? 0),
    media_requests: Number(row?.media_requests ?? 0),
  };
}
