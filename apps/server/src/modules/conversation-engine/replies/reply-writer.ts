import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { pgErrorCode } from '../../../db/pg-error.ts';
import type { PreparedTarget } from '../../../db/prepared.ts';
import { createBatcher } from '../../../lib/batcher.ts';
import type { ConversationRow } from '../../../domain/conversations/conversation-repository.ts';
import type { MessageRecord } from '../engine-repository.ts';
import { dropEchoCopy, finishParts, type FixRequest, fixAnswers, type PartOutcome } from './reply-repository.ts';

/** The writes of replies in flight, grouped: many bursts' steps in one statement (group commit). */
export interface ReplyWriter {
  /** generating → sending with the first part stored; null when the burst is no longer ours to answer. */
  fix(request: FixRequest): Promise<MessageRecord | null>;
  /** Records a part's send; the conversation as touched when the part went out. */
  finish(outcome: PartOutcome): Promise<(ConversationRow & { userId: string }) | null>;
}

const MAX_BATCH = 100;

/**
 * Sends are recorded at most this often (group commit with a pace, off the critical path: the customer
 * has the part already). The inbox's 'enviada' and the next part of a long answer wait at most this
 * much longer; at 100 answers a second about two and a half sends share one statement
 * (docs/performance.md).
 */
export const FINISH_GAP_MS = 25;

export function createReplyWriter(db: Db, database: PreparedTarget, log: FastifyBaseLogger): ReplyWriter {
  const fixes = createBatcher<FixRequest, MessageRecord | null>({
    maxItems: MAX_BATCH,
    run: (requests) => oneByOneOnFailure(requests, (rs) => fixAnswers(database, rs), log),
  });

  const finishes = createBatcher<PartOutcome, (ConversationRow & { userId: string }) | null>({
    maxItems: MAX_BATCH,
    minGapMs: FINISH_GAP_MS,
    run: (outcomes) =>
      oneByOneOnFailure(
        outcomes,
        async (os) => {
          const touched = await finishPartsDroppingEchoes(db, database, os);
          const byConv = new Map(touched.map((c) => [c.id, c]));
          return os.map((o) => (o.ok ? (byConv.get(o.convId) ?? null) : null));
        },
        log,
      ),
  });

  return { fix: (r) => fixes.add(r), finish: (o) => finishes.add(o) };
}

/**
 * The gateway's echo of our send may have been stored on its own before we knew its id (it would
 * collide with ours on (conversation, external id)): ours is the message, the copy goes.
 */
async function finishPartsDroppingEchoes(db: Db, database: PreparedTarget, outcomes: PartOutcome[]) {
  try {
    return await finishParts(database, outcomes);
  } catch (err) {
    if (pgErrorCode(err) !== '23505') throw err;
    for (const o of outcomes) if (o.externalId) await dropEchoCopy(db, o.convId, o.externalId, o.messageId);
    return finishParts(database, outcomes);
  }
}

/** A failing batch is tried again item by item, so one bad item never fails the others. */
async function oneByOneOnFailure<I, O>(
  items: I[],
  run: (items: I[]) => Promise<O[]>,
  log: FastifyBaseLogger,
): Promise<O[]> {
  try {
    return await run(items);
  } catch (err) {
    if (items.length === 1) throw err;
    log.warn({ err, items: items.length }, 'engine: a grouped reply write failed; writing one by one');
    const out: O[] = [];
    for (const item of items) out.push((await run([item]))[0]!);
    return out;
  }
}
