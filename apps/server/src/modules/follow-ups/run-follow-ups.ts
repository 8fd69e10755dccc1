import { randomUUID } from 'node:crypto';
import { loadBusinessHours } from '../../domain/business-hours/load-business-hours.ts';
import { openAtOrAfter } from '../../domain/follow-ups/ladder.ts';
import type { FollowUpDeps } from './follow-up-deps.ts';
import { automaticFacts, exclusionReason, outsideCloudWindow } from './follow-up-context.ts';
import { type FollowUpContext, type FollowUpRow, loadFollowUpContext } from './follow-ups-repository.ts';
import {
  claimDueFollowUps,
  claimLapsed,
  finishClaimed,
  releaseUnstored,
  rescheduleClaimed,
  rescheduleLapsed,
} from './follow-up-claims-repository.ts';
import { capReason } from './follow-up-guards.ts';
import { FOLLOW_UP_REASONS } from './follow-up-reasons.ts';
import { publish, recordOutcome, sendStored, storeOutgoing } from './send-follow-up.ts';
import { writeTouch } from './write-touch.ts';
import { holdTouchSpend } from './touch-spend.ts';
import type { AnswerItem } from '@vendai/contracts';
import { loadReplyFacts } from '../../domain/facts/load-reply-facts.ts';
import { guardTouch } from '../../domain/outbound/ai-text-rules.ts';
import { alertOwner } from '../../domain/handoff/owner-alerts.ts';
import { applies, type OutboundRule, outboundStop } from '../../domain/outbound/outbound-rules.ts';
import { recordOutbound } from '../../domain/outbound/outbound-audit.ts';

/** Follow-ups one process claims per pass. */
const CLAIM_BATCH = 20;

/**
 * Claims the due follow-ups (state scheduled → sending, with this pass's token; rows another process
 * holds are skipped) and handles each once. Returns how many were claimed.
 */
export async function runDueFollowUps(deps: FollowUpDeps): Promise<number> {
  const token = randomUUID();
  const claimed = await claimDueFollowUps(deps.db, token, deps.now().toISOString(), CLAIM_BATCH);
  for (const f of claimed) {
    await handleClaimed(deps, f, token).catch(async (err: unknown) => {
      deps.log.warn({ err, followUpId: f.id }, 'follow-ups: handling failed; it goes back to scheduled');
      // Nothing stored yet → it is decided again on the next pass; a stored message is left to recovery.
      await releaseUnstored(deps.db, f.id, token);
    });
  }
  return claimed.length;
}

/** Decides (the door out's rules for its origin, decision 046), writes the text and sends it. */
async function handleClaimed(deps: FollowUpDeps, f: FollowUpRow, token: string): Promise<void> {
  const c = await loadFollowUpContext(deps.db, f);
  if (!c) return finish(deps, f, token, 'cancelled', FOLLOW_UP_REASONS.off);
  const excluded = exclusionReason(f, c);
  // The audit names the door's rule when one stopped it (else the follow-up's own condition, 'excluded').
  if (excluded)
    return finish(deps, f, token, 'cancelled', excluded, outboundStop(originOf(f), automaticFacts(c)) ?? 'excluded');
  // Then when and where: business hours (the default week when none were set), the daily caps and
  // the breaker, the Cloud 24-hour window — in the door's order, each only for the origins it applies to.
  const origin = originOf(f);
  const later = applies(origin, 'business_hours') ? await nextOpening(deps, f, c) : null;
  const capped = !later && applies(origin, 'daily_cap') ? await capReason(deps, f, c) : null;
  const stop = outboundStop(origin, {
    outsideHours: later !== null,
    overDailyCap: capped !== null,
    windowClosed: outsideCloudWindow(c, deps.now()),
  });
  if (stop === 'business_hours') return reschedule(deps, f, token, later!);
  if (stop === 'daily_cap') return finish(deps, f, token, 'skipped', capped!, stop);
  if (stop) return finish(deps, f, token, 'skipped', FOLLOW_UP_REASONS.cloudWindow, stop);
  // The door out's spend rule (decision 046, "Spend for touches"): held before the AI writes, given back when nothing goes.
  const spend = f.kind === 'touch' ? await holdTouchSpend(deps, f) : null;
  if (spend && 'stop' in spend) return finish(deps, f, token, 'skipped', spend.stop, 'spend');
  try {
    const sent = await writeAndSend(deps, f, c, token);
    if (sent !== 'sent' && sent !== 'unconfirmed') await spend?.giveBack();
  } catch (err) {
    await spend?.giveBack();
    throw err;
  }
}

/** Writes (a touch) or takes (a scheduled message) the text, checks it and sends it. */
async function writeAndSend(deps: FollowUpDeps, f: FollowUpRow, c: FollowUpContext, token: string) {
  const text = f.kind === 'touch' ? await writeTouch(deps, f, c.system_prompt ?? '') : f.text;
  if (!text) return finish(deps, f, token, 'skipped', FOLLOW_UP_REASONS.noText);
  // The door out's price guard for AI-written text (decision 046): an invented amount never goes.
  if (f.kind === 'touch' && !(await touchPassesGuard(deps, f, c, text)))
    return finish(deps, f, token, 'skipped', FOLLOW_UP_REASONS.priceGuard, 'price_guard');
  const message = await storeOutgoing(deps, f, text, token);
  if (!message) return finish(deps, f, token, 'cancelled', FOLLOW_UP_REASONS.customerReplied);
  await publish(deps, f.user_id, f.conv_id, message);
  return sendStored(
    deps,
    f,
    { origin: originOf(f), messageId: message.id, instanceName: c.instance_name, contactJid: c.contact_jid, text },
    token,
  );
}

/** What sends it: the AI's touch or the owner's scheduled message (docs/decisions/046-one-door-out.md). */
const originOf = (f: FollowUpRow) => (f.kind === 'touch' ? ('ai_touch' as const) : ('scheduled' as const));

/** The touch's amounts are the business's; else the owner is told (a 'needs_owner' alert) and it is not sent. */
async function touchPassesGuard(deps: FollowUpDeps, f: FollowUpRow, c: FollowUpContext, text: string) {
  if (!c.agent_id) return false;
  const respostas = typeof c.respostas === 'string' ? (JSON.parse(c.respostas) as AnswerItem[]) : (c.respostas ?? []);
  const agent = { id: c.agent_id, systemPrompt: c.system_prompt ?? '', respostas };
  const facts = await loadReplyFacts(deps.db, f.user_id, agent, []);
  const verdict = await guardTouch(text, facts);
  if (verdict.ok) return true;
  await alertOwner(deps.alerts, {
    accountId: f.user_id,
    convId: f.conv_id,
    kind: 'needs_owner',
    why: verdict.alert,
  }).catch((err: unknown) => deps.log.warn({ err }, 'follow-ups: the price guard alert failed'));
  return false;
}

/** A touch due outside the business hours (the default week when none were set) waits for the next opening. */
async function nextOpening(deps: FollowUpDeps, f: FollowUpRow, c: FollowUpContext): Promise<Date | null> {
  const now = deps.now();
  const open = openAtOrAfter(now, await loadBusinessHours(deps.db, f.user_id), c.time_zone);
  return open && open.getTime() > now.getTime() ? open : null;
}

async function reschedule(deps: FollowUpDeps, f: FollowUpRow, token: string, at: Date): Promise<void> {
  const moved = await rescheduleClaimed(deps.db, f.id, token, at);
  if (moved)
    await recordOutbound(deps, {
      origin: originOf(f),
      outcome: 'deferred',
      rule: 'business_hours',
      userId: f.user_id,
      convId: f.conv_id,
      detail: at.toISOString(),
    });
}

async function finish(
  deps: FollowUpDeps,
  f: FollowUpRow,
  token: string,
  state: 'cancelled' | 'skipped',
  reason: string,
  /** The door's rule that stopped it ('excluded': the conversation's facts, follow-up-context.ts), for the audit record. */
  rule?: OutboundRule | 'excluded',
): Promise<void> {
  const stopped = await finishClaimed(deps.db, f.id, token, state, reason);
  // A planned message stopped by a rule leaves its audit record (decision 046).
  if (stopped && rule)
    await recordOutbound(deps, {
      origin: originOf(f),
      outcome: 'stopped',
      rule: rule === 'excluded' ? null : rule,
      userId: f.user_id,
      convId: f.conv_id,
      detail: reason,
    });
  await publish(deps, f.user_id, f.conv_id, null);
}

/**
 * Follow-ups whose process died while handling them (their lease lapsed): taken over by one process
 * (a new token). Nothing stored yet → scheduled again. The message stored and in flight → settled
 * with the gateway as the engine settles an interrupted reply: it has it → sent; its record provably
 * lacks it → sent now, once; it cannot tell → failed as interrupted, never sent twice.
 */
export async function recoverLapsed(deps: FollowUpDeps): Promise<void> {
  const token = randomUUID();
  const lapsed = await claimLapsed(deps.db, token, deps.config.leaseMs);
  for (const f of lapsed) {
    deps.log.warn({ followUpId: f.id }, 'follow-ups: resuming a follow-up whose process stopped');
    if (!f.message_id) {
      await rescheduleLapsed(deps.db, f.id, token);
      continue;
    }
    const out = {
      origin: originOf(f),
      messageId: f.message_id,
      instanceName: f.instance_name,
      contactJid: f.contact_jid,
      text: f.content ?? '',
    };
    if (f.msg_status !== 'pending' || f.msg_external) {
      await recordOutcome(
        deps,
        f,
        f.message_id,
        token,
        f.msg_status === 'failed' && !f.msg_external
          ? { error: FOLLOW_UP_REASONS.interrupted }
          : { externalId: f.msg_external },
      );
      continue;
    }
    const verdict = await deps.sender.lookUp(out, new Date(f.msg_created ?? Date.now()).getTime());
    if (verdict === 'absent') await sendStored(deps, f, out, token);
    else if (verdict === 'unknown')
      await recordOutcome(deps, f, f.message_id, token, { error: FOLLOW_UP_REASONS.interrupted });
    else await recordOutcome(deps, f, f.message_id, token, { externalId: verdict.externalId });
  }
}
