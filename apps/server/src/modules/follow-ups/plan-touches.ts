import { loadBusinessHours } from '../../domain/business-hours/load-business-hours.ts';
import { touchDueAt } from '../../domain/follow-ups/ladder.ts';
import type { FollowUpDeps } from './follow-up-deps.ts';
import { cancelUnwelcomeFollowUps, insertTouch, selectTouchCandidates } from './touch-plan-repository.ts';

/** Conversations looked at per pass (the rest on the next one). */
const PLAN_BATCH = 500;
/** Conversations quiet for longer than this get no ladder (every gap is at most 7 days). */
const PLAN_HORIZON = '30 days';

/**
 * Schedules the next touch of every conversation where one is welcome (docs/decisions/037-follow-ups.md):
 * the ladder on for the number's agent, a chat the customer started, VendAI's sent reply the last message,
 * the AI on, no opt-out, no 'Nunca responder', no handoff, no paid or closed deal (the door out's rules,
 * docs/decisions/046-one-door-out.md), no reply in preparation, and touches left
 * since the customer last wrote. One touch per anchor (the unique index): two processes planning at
 * once insert it once. Its time: the gap after the anchor, moved to the next business opening.
 */
export async function planTouches(deps: FollowUpDeps): Promise<string[]> {
  const candidates = await selectTouchCandidates(deps.db, deps.now().toISOString(), PLAN_HORIZON, PLAN_BATCH);
  const planned: string[] = [];
  const hoursOf = new Map<string, Awaited<ReturnType<typeof loadBusinessHours>>>();
  for (const c of candidates) {
    const gaps = typeof c.gaps_minutes === 'string' ? (JSON.parse(c.gaps_minutes) as number[]) : c.gaps_minutes;
    const gap = gaps[Number(c.step) - 1];
    if (gap === undefined) continue; // the ladder is done until the customer writes again
    if (!hoursOf.has(c.user_id)) hoursOf.set(c.user_id, await loadBusinessHours(deps.db, c.user_id));
    const due = touchDueAt({
      lastReplyAt: new Date(c.anchor_at),
      gapMinutes: gap,
      hours: hoursOf.get(c.user_id)!,
      timeZone: c.time_zone,
    });
    if (!due) continue;
    const inserted = await insertTouch(deps.db, c, due);
    if (inserted) planned.push(`${c.user_id}:${c.conv_id}`);
  }
  return planned;
}

/**
 * Stops at once what is no longer welcome, before its time comes (the inbox stops showing it): a
 * touch whose anchor is no longer the last message (the customer or the owner wrote) or whose
 * conversation went Manual, handed over, opted out, 'Nunca responder', paid or closed; a scheduled message the
 * customer answered first when the owner asked so, or to a contact who opted out.
 */
export async function cancelUnwelcome(deps: FollowUpDeps): Promise<string[]> {
  const rows = await cancelUnwelcomeFollowUps(deps.db);
  return [...new Set(rows.map((r) => `${r.user_id}:${r.conv_id}`))];
}
