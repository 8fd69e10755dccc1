import { resultRows } from '../../../db/rows.ts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { monthStart } from '../../../domain/usage/get-current-usage.ts';
import { type PaidAnswerSlot, releasePaidAnswer, reservePaidAnswer } from '../../../domain/usage/overage-ceiling.ts';
import type { EngineDeps } from '../engine-deps.ts';

/** A slot of the free plan's monthly AI messages, claimed before answering. */
export interface AiSlot {
  userId: string;
  month: string;
}

/**
 * Paid plans: one answer of the billing period below the overage ceiling (domain/usage/overage-ceiling.ts;
 * the owner is alerted once when it pauses). 'overage-ceiling' is the burst's reason then.
 */
export async function reservePaidSlot(
  deps: EngineDeps,
  ctx: { userId: string; convId: string },
): Promise<PaidAnswerSlot | 'overage-ceiling' | null> {
  const alertDeps = { ...deps, appUrl: deps.config.appUrl };
  const slot = await reservePaidAnswer(alertDeps, ctx);
  return slot === 'paused' ? 'overage-ceiling' : slot;
}

/** Gives a paid answer back (nothing was sent); never fatal. */
export async function releasePaidSlot(deps: EngineDeps, slot: PaidAnswerSlot | null): Promise<void> {
  if (slot)
    await releasePaidAnswer(deps.db, slot).catch((err) =>
      deps.log.warn({ err }, 'engine: a paid slot could not be given back'),
    );
}

/**
 * Claims one of the free plan's AI messages for this month, atomically in the database (docs/decisions/010-input-hardening.md
 * item 4): a conditional increment that only succeeds below the limit, so concurrent bursts at the
 * edge never overshoot it (the row lock orders them). Null when the limit is reached. The answer
 * counts from here on; it is given back (releaseAiSlot) when nothing is sent after all.
 */
export async function reserveAiSlot(
  db: Db,
  userId: string,
  maxAiMessages: number,
  now = new Date(),
): Promise<AiSlot | null> {
  const month = monthStart(now).toISOString().slice(0, 10);
  const rows = resultRows<{ ai_messages: number }>(
    await db.execute(sql`
      insert into usage_monthly (user_id, month, ai_messages)
      select ${userId}, ${month}::date, 1 where ${maxAiMessages}::int > 0
      on conflict (user_id, month) do update set ai_messages = usage_monthly.ai_messages + 1
        where usage_monthly.ai_messages < ${maxAiMessages}::int
      returning ai_messages`),
  );
  return rows.length > 0 ? { userId, month } : null;
}

/** Gives a claimed slot back: the answer was not sent (the AI failed, a newer message superseded it, the gateway refused it). */
export async function releaseAiSlot(db: Db, slot: AiSlot): Promise<void> {
  await db.execute(sql`
    update usage_monthly set ai_messages = greatest(0, ai_messages - 1)
    where user_id = ${slot.userId} and month = ${slot.month}::date`);
}
