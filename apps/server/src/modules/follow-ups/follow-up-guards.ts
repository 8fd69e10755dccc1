import { sql } from 'drizzle-orm';
import { resultRows } from '../../db/rows.ts';
import { deliverAlert } from '../../domain/handoff/owner-alerts.ts';
import type { FollowUpDeps } from './follow-up-deps.ts';
import { FOLLOW_UP_REASONS } from './follow-up-reasons.ts';

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
  const [row] = resultRows<{ paused: boolean; number_today: number; account_today: number }>(
    await deps.db.execute(sql`
      with day as (select date_trunc('day', ${now}::timestamptz at time zone ${c.time_zone}) at time zone ${c.time_zone} as start)
      select exists (select 1 from follow_up_pauses p where p.number_id = ${f.number_id}
                     and p.paused_until > ${now}::timestamptz) as paused,
             (select count(*)::int from follow_ups x, day where x.number_id = ${f.number_id} and x.kind = 'touch'
                and x.state in ('sent', 'sending', 'failed') and x.sent_at >= day.start) as number_today,
             (select count(*)::int from follow_ups x, day where x.user_id = ${f.user_id} and x.kind = 'touch'
                and x.state in ('sent', 'sending', 'failed') and x.sent_at >= day.start) as account_today`),
  );
  if (row!.paused) return FOLLOW_UP_REASONS.paused;
  if (Number(row!.number_today) >= (c.number_daily_cap ?? 30)) return FOLLOW_UP_REASONS.numberCap;
  if (Number(row!.account_today) >= deps.config.accountDailyCap) return FOLLOW_UP_REASONS.accountCap;
  return null;
}

/**
 * The breaker (docs/decisions/037-follow-ups.md): when a number's touches of the last day failed to
 * send BREAKER_FAILURES times, or BREAKER_OPT_OUTS customers answered one with an opt-out word, its
 * follow-ups pause for PAUSE_HOURS and the owner is alerted once (the pause row is written once).
 */
export async function tripBreakerIfDue(deps: FollowUpDeps, f: { user_id: string; number_id: string; conv_id: string }) {
  const now = deps.now().toISOString();
  const [row] = resultRows<{ failures: number; opt_outs: number }>(
    await deps.db.execute(sql`
      select (select count(*)::int from follow_ups x where x.number_id = ${f.number_id} and x.kind = 'touch'
                and x.state = 'failed' and x.sent_at > ${now}::timestamptz - interval '${sql.raw(BREAKER_WINDOW)}') as failures,
             (select count(distinct x.conv_id)::int from follow_ups x
                join messages m on m.conv_id = x.conv_id and m.direction = 'in' and m.opt_out and m.created_at > x.sent_at
                where x.number_id = ${f.number_id} and x.kind = 'touch' and x.state = 'sent'
                  and x.sent_at > ${now}::timestamptz - interval '${sql.raw(BREAKER_WINDOW)}') as opt_outs`),
  );
  const failures = Number(row!.failures);
  const optOuts = Number(row!.opt_outs);
  if (failures < BREAKER_FAILURES && optOuts < BREAKER_OPT_OUTS) return false;
  const why =
    failures >= BREAKER_FAILURES
      ? `${failures} acompanhamentos não puderam ser enviados nas últimas 24 horas`
      : `${optOuts} clientes pediram para sair depois de um acompanhamento nas últimas 24 horas`;
  const paused = resultRows<{ number_id: string }>(
    await deps.db.execute(sql`
      insert into follow_up_pauses (number_id, user_id, reason, paused_until)
      values (${f.number_id}, ${f.user_id}, ${why}, ${now}::timestamptz + interval '${sql.raw(String(PAUSE_HOURS))} hours')
      on conflict (number_id) do update set reason = excluded.reason, paused_until = excluded.paused_until,
        created_at = now()
      where follow_up_pauses.paused_until <= ${now}::timestamptz
      returning number_id`),
  );
  if (paused.length === 0) return true; // already paused: the owner was told
  await alertOwnerOfBreaker(deps, f, why);
  return true;
}

async function alertOwnerOfBreaker(
  deps: FollowUpDeps,
  f: { user_id: string; number_id: string; conv_id: string },
  why: string,
) {
  const [number] = resultRows<{ instance_name: string; phone: string; apelido: string | null }>(
    await deps.db.execute(sql`select instance_name, phone, apelido from numbers where id = ${f.number_id}`),
  );
  if (!number) return;
  await deliverAlert(deps.alerts, {
    userId: f.user_id,
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
