import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { decrementTestUsage, incrementTestUsage, sumTestUsage } from './allowance-repository.ts';
import { allowanceMonthOf, planAllowance } from './plan-allowance.ts';

/**
 * The playground, the agent's tests and the prompt coach call the model for the owner, not for customers: they count in
 * their own monthly allowance per plan (`plans.max_test_messages`, calendar month, UTC), apart from
 * the AI messages (docs/decisions/021-spend-and-abuse-limits.md).
 */

export type TestUse = 'playground' | 'coach';

/** The Portuguese refusal past the allowance (403 LIMIT_REACHED). */
export function testAllowanceMessage(max: number): string {
  return (
    `Você usou as ${max.toLocaleString('pt-BR')} mensagens de teste do seu plano neste mês ` +
    '(Playground, Testes do assistente e Treinadora de Prompt). Elas renovam no início do próximo mês; para ter mais, faça upgrade do plano.'
  );
}

/**
 * Claims one test message before the model is called, atomically (a conditional increment: concurrent
 * calls never pass the allowance). Past it → 403 with testAllowanceMessage. Returns the give-back, for
 * a call that failed (nothing was answered).
 */
export async function claimTestMessage(
  db: Db,
  accountId: string,
  use: TestUse,
  now = new Date(),
): Promise<() => Promise<void>> {
  const max = await planAllowance(db, accountId, 'max_test_messages');
  const month = allowanceMonthOf(now);
  if (!(await incrementTestUsage(db, accountId, month, use, max)))
    throw new AppError('LIMIT_REACHED', testAllowanceMessage(max));
  return async () => {
    await decrementTestUsage(db, accountId, month, use);
  };
}

/** This month's test messages (playground + coach), for /api/usage. */
export async function countTestMessages(db: Db, accountId: string, now = new Date()): Promise<number> {
  return sumTestUsage(db, accountId, allowanceMonthOf(now));
}

/** The test messages the account may still use this month (the plan's allowance less what was used). */
export async function testMessagesLeft(db: Db, accountId: string, now = new Date()): Promise<number> {
  const [max, used] = await Promise.all([
    planAllowance(db, accountId, 'max_test_messages'),
    countTestMessages(db, accountId, now),
  ]);
  return Math.max(0, max - used);
}
