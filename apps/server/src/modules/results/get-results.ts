import type { Results, ResultsDay, ResultsFigures, ResultsQuery } from '@vendai/contracts';
import { isUuid } from '@vendai/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { profiles } from '../../db/schema/index.ts';
import { getAccountTimeZone } from '../../domain/account/account-time-zone.ts';
import { getCurrentUsage } from '../../domain/usage/get-current-usage.ts';
import { usagePeriod } from '../../domain/usage/usage-period.ts';
import { notFound } from '../../lib/app-error.ts';
import { businessHoursFor, describeBusinessHours } from './business-hours.ts';
import { addDays, resolvePeriod } from './results-period.ts';
import {
  hasAnyMessage,
  listUserNumbers,
  periodAggregates,
  type PeriodAggregates,
  type ResultsScope,
} from './results-repository.ts';

const NUMBER_NOT_FOUND = 'Número não encontrado.';
const n = (v: unknown) => Number(v ?? 0);
const rounded = (v: number | null | undefined) => (v == null ? null : Math.round(v * 10) / 10);

/** Resultados for a period and the one before it (GET /api/results). */
export async function getResults(input: { db: Db; userId: string; query: ResultsQuery; now?: Date }): Promise<Results> {
  const { db, userId, query } = input;
  const now = input.now ?? new Date();
  const [timeZone, userNumbers] = await Promise.all([getAccountTimeZone(db, userId), listUserNumbers(db, userId)]);
  const numberId = query.numberId ?? null;
  if (numberId && (!isUuid(numberId) || !userNumbers.some((x) => x.id === numberId))) throw notFound(NUMBER_NOT_FOUND);

  const period = resolvePeriod(query, timeZone, now);
  const hours = businessHoursFor(userId);
  const scope: ResultsScope = { userId, numberId, from: period.from, to: period.to, timeZone, hours };
  const current = await periodAggregates(db, scope, true);
  const previous = await periodAggregates(db, { ...scope, from: period.previousFrom, to: period.from }, false);
  const [hasData, usage] = await Promise.all([hasAnyMessage(db, userId), usageProjection(db, userId, now)]);

  const heatmap = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
  for (const cell of current.heatmap ?? []) heatmap[cell.d - 1]![cell.h] = n(cell.n);

  return {
    period: {
      kind: period.kind,
      fromDate: period.fromDate,
      toDate: period.toDate,
      previousFromDate: period.previousFromDate,
      previousToDate: period.previousToDate,
      timeZone,
    },
    numbers: userNumbers.map((x) => ({ id: x.id, label: x.apelido ? `${x.apelido} (+${x.phone})` : `+${x.phone}` })),
    numberId,
    hasData,
    current: figures(current),
    previous: figures(previous),
    days: days(current, period.fromDate, period.days),
    heatmap,
    usage,
    businessHours: describeBusinessHours(hours),
  };
}

function figures(a: PeriodAggregates): ResultsFigures {
  const counts = a.counts.find((r) => r.day == null) ?? {};
  const sequence = a.sequence.find((r) => r.day == null) ?? {};
  const side = (who: 'ai' | 'owner') => {
    const row = a.responses.find((r) => r.day == null && r.who === who);
    return { p50: rounded(row?.p50), p90: rounded(row?.p90), count: n(row?.n) };
  };
  const inbox = n(sequence.handovers_inbox);
  const phone = n(sequence.handovers_phone);
  return {
    conversationsStarted: n(a.started.find((r) => r.day == null)?.n),
    customers: n(counts.customers),
    messagesIn: n(counts.messages_in),
    messagesOut: n(counts.messages_out),
    aiMessages: n(counts.ai_messages),
    ownerMessages: n(counts.owner_messages),
    aiAnswers: n(sequence.ai_answers),
    firstResponse: { ai: side('ai'), owner: side('owner') },
    answeredConversations: n(a.conversations?.answered),
    aiOnlyConversations: n(a.conversations?.ai_only),
    handovers: { total: inbox + phone, inbox, phone },
    outsideHoursAnswers: n(sequence.outside_hours_answers),
    optOuts: n(counts.opt_outs),
    failedSends: n(counts.failed_sends),
  };
}

/** Every day of the period, zeros included, in order. */
function days(a: PeriodAggregates, fromDate: string, count: number): ResultsDay[] {
  return Array.from({ length: count }, (_, i) => {
    const date = addDays(fromDate, i);
    const c = a.counts.find((r) => r.day === date) ?? {};
    const s = a.sequence.find((r) => r.day === date) ?? {};
    const median = a.responses.find((r) => r.day === date && r.who == null);
    return {
      date,
      conversationsStarted: n(a.started.find((r) => r.day === date)?.n),
      messagesIn: n(c.messages_in),
      messagesOut: n(c.messages_out),
      aiAnswers: n(s.ai_answers),
      ownerMessages: n(c.owner_messages),
      outsideHoursAnswers: n(s.outside_hours_answers),
      failedSends: n(c.failed_sends),
      firstResponseP50: rounded(median?.p50),
    };
  });
}

/** The plan's AI messages this month (or billing period), and where the current pace ends it. */
async function usageProjection(db: Db, userId: string, now: Date): Promise<Results['usage']> {
  const current = await getCurrentUsage(db, userId, now);
  const [profile] = await db.select({ planId: profiles.activePlanId }).from(profiles).where(eq(profiles.id, userId));
  const window = await usagePeriod(db, userId, profile?.planId ?? null, now);
  const elapsed = Math.max(1, now.getTime() - window.start.getTime());
  const total = window.end.getTime() - window.start.getTime();
  return {
    used: current.ai_messages,
    limit: current.max_ai_messages,
    projected: Math.round((current.ai_messages * total) / elapsed),
    periodStart: window.start.toISOString(),
    periodEnd: window.end.toISOString(),
  };
}
