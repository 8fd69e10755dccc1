import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pushResumeBack, resumeWhenDue, setHandedOver } from './handoff-repository.ts';

/**
 * The AI's off and on states of a conversation after a takeover or a handoff (docs/decisions/015-handoff.md).
 * `ai_resumes_at` is the whole timer: set when the AI goes off, pushed back by every owner message,
 * and checked by the database when the next customer message arrives (ingestion, both paths).
 * Nothing waits in memory, so it holds across restarts and processes.
 */

/** now() + the quiet time of the conversation's agent; null when the agent says 'nunca' (or has none). */
export const resumeAtOf = (convIdColumn: ReturnType<typeof sql> | string) => sql`(
  select case when a.resume_after_minutes is null then null::timestamptz
              else now() + make_interval(mins => a.resume_after_minutes) end
  from conversations rc join numbers rn on rn.id = rc.number_id join agentes a on a.id = rn.agente
  where rc.id = ${convIdColumn})`;

/**
 * Hands the conversation over to a person: Manual with the reason shown in the inbox, the AI back
 * after the agent's quiet time (or at `resumeAt`, an SQL time), its open burst cancelled, and assigned
 * to the agent's handoff person when it names one (decision 044). Only if the AI is still on; true when it was.
 */
export async function handOver(
  db: Db,
  convId: string,
  reason: string,
  resumeAt: ReturnType<typeof sql> = resumeAtOf(convId),
): Promise<boolean> {
  return setHandedOver(db, convId, reason, resumeAt);
}

/** The owner wrote while the AI is off and coming back: the quiet time starts again from now. */
export async function postponeResume(db: Db, convId: string): Promise<void> {
  await pushResumeBack(db, convId, resumeAtOf(convId));
}

/**
 * A customer message arrived: the AI is back if its quiet time is over (then this message is the
 * first it answers; what arrived while it was off is context, never answered on its own).
 * The rule: domain/conversation-rules/ai-resume.ts, shared with the batch ingestion's statement.
 */
export async function resumeIfDue(db: Db, convId: string): Promise<boolean> {
  return resumeWhenDue(db, convId);
}
