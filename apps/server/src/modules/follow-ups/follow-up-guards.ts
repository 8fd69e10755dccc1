import { deliverAlert } from '../../domain/handoff/owner-alerts.ts';
import type { FollowUpDeps } from './follow-up-deps.ts';
import { FOLLOW_UP_REASONS } from './follow-up-reasons.ts';
import {
  countTouchesToday,
  countTouchTrouble,
  insertFollowUpPause,
  selectNumberLabel,
} from './follow-up-guards-repository.ts';

/** The breaker looks at the last day of a number's touches. */
const BREAKER_WINDOW = '24 hours';
/** Failed touch sends in the window that pause the number. */
export const BREAKER_FAILURES = 3;
/** Customers answering a touch with an opt-out word in the window that pause the number. */
export const BREAKER_OPT_OUTS = 3;
/** How long the breaker pauses a number's follow-ups. */
const PAUSE_HOURS = 24;

/**
 * Whether a touch may go on this number now: not paused by the breaker, under the number's daily cap
 * and the account's (touches sent since the local midnight of the account). The reason when not.
 */
export async function capReason(
  deps: FollowUpDeps,
  f: { user_id: string; number_id: string },
  c: { number_daily_cap: number | null; time_zone: string },
): Promise<string | null> {
  const now = deps.now().toISOString();
  const row = await countTouchesToday(deps.db, {
    accountId: f.user_id,
    numberId: f.number_id,
    now,
    timeZone: c.time_zone,
  });
  if (row.paused) return FOLLOW_UP_REASONS.paused;
  if (Number(row.number_today) >= (c.number_daily_cap ?? 30)) return FOLLOW_UP_REASONS.numberCap;
  if (Number(row.account_today) >= deps.config.accountDailyCap) return FOLLOW_UP_REASONS.accountCap;
  return null;
}

/**
 * The breaker (docs/decisions/037-follow-ups.md): when a number's touches of the last day failed to
 * send BREAKER_FAILURES times, or BREAKER_OPT_OUTS customers answered one with an opt-out word, its
 * follow-ups pause for PAUSE_HOURS and the owner is alerted once (the pause row is written once).
 */
export async function tripBreakerIfDue(deps: FollowUpDeps, f: { user_id: string; number_id: string; conv_id: string }) {
  const now = deps.now().toISOString();
  const row = await countTouchTrouble(deps.db, f.number_id, now, BREAKER_WINDOW);
  const failures = Number(row.failures);
  const optOuts = Number(row.opt_outs);
  if (failures < BREAKER_FAILURES && optOuts < BREAKER_OPT_OUTS) return false;
  const why =
    failures >= BREAKER_FAILURES
      ? `${failures} acompanhamentos não puderam ser enviados nas últimas 24 horas`
      : `${optOuts} clientes pediram para sair depois de um acompanhamento nas últimas 24 horas`;
  const paused = await insertFollowUpPause(deps.db, {
    numberId: f.number_id,
    accountId: f.user_id,
    reason: why,
    now,
    hours: PAUSE_HOURS,
  });
  if (!paused) return true; // already paused: the owner was told
  await alertOwnerOfBreaker(deps, f, why);
  return true;
}

async function alertOwnerOfBreaker(
  deps: FollowUpDeps,
  f: { user_id: string; number_id: string; conv_id: string },
  why: string,
) {
  const number = await selectNumberLabel(deps.db, f.number_id);
  if (!number) return;
  await deliverAlert(deps.alerts, {
    accountId: f.user_id,
    convId: f.conv_id,
    kind: 'follow_ups_paused',
    text: [
      `⏸️ Acompanhamentos pausados no número ${number.apelido ?? number.phone} por ${PAUSE_HOURS} horas: ${why}.`,
      'Isso protege o seu número contra bloqueios do WhatsApp. As respostas da IA continuam normalmente.',
      `Revise o acompanhamento do agente: ${deps.alerts.appUrl}/ia-management`,
    ].join('\n'),
    instanceName: number.instance_name,
    numberPhone: number.phone,
    limited: false,
  }).catch((err: unknown) => deps.log.warn({ err }, 'follow-ups: the breaker alert failed'));
}
