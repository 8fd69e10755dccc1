import type { Results, ResultsDay, ResultsFigures, ResultsFunnel, ResultsQuery } from '@vendai/contracts';
import { isUuid } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { getAccountTimeZone } from '../../domain/account/account-time-zone.ts';
import { followUpFigures, type FollowUpFigures } from '../../domain/follow-ups/follow-up-figures.ts';
import { funnelFigures } from '../../domain/funnel/funnel-figures.ts';
import { salesFigures, type SalesFigures } from '../../domain/orders/sales-figures.ts';
import { getCurrentUsage } from '../../domain/usage/get-current-usage.ts';
import { usagePeriod } from '../../domain/usage/usage-period.ts';
import { notFound } from '../../lib/app-error.ts';
import { describeBusinessHours } from '../../domain/business-hours/describe-week.ts';
import { businessHoursFor } from './business-hours.ts';
import { histogramPercentile } from './histogram.ts';
import { addDays, resolvePeriod } from './results-period.ts';
import {
  findActivePlanId,
  hasAnyMessage,
  listAccountNumbers,
  periodAggregates,
  type PeriodAggregates,
  type ResultsScope,
} from './results-repository.ts';
import { planRead } from './rollup-read.ts';
import { templateFigures, type TemplateFigures } from './template-figures.ts';

const NUMBER_NOT_FOUND = 'Número não encontrado.';
const n = (v: unknown) => Number(v ?? 0);
const rounded = (v: number | null | undefined) => (v == null ? null : Math.round(v * 10) / 10);

type ResultsInput = { db: Db; accountId: string; query: ResultsQuery; now?: Date };

/** Resultados for a period and the one before it (GET /api/results). */
export async function getResults(input: ResultsInput): Promise<Results> {
  return (await loadResults(input)).results;
}

/** Resultados and the funnel of each local day's conversations (the CSV's funnel columns). */
export async function loadResults(
  input: ResultsInput,
): Promise<{ results: Results; funnelByDay: Map<string, ResultsFunnel> }> {
  const { db, accountId, query } = input;
  const now = input.now ?? new Date();
  const [timeZone, userNumbers] = await Promise.all([
    getAccountTimeZone(db, accountId),
    listAccountNumbers(db, accountId),
  ]);
  const numberId = query.numberId ?? null;
  if (numberId && (!isUuid(numberId) || !userNumbers.some((x) => x.id === numberId))) throw notFound(NUMBER_NOT_FOUND);

  const period = resolvePeriod(query, timeZone, now);
  const hours = await businessHoursFor(db, accountId, { fromDate: period.previousFromDate, toDate: period.toDate });
  const scope: ResultsScope = { accountId, numberId, from: period.from, to: period.to, timeZone, hours };
  const plan = await planRead(db, accountId, period.previousFrom, now);
  const [
    current,
    previous,
    hasData,
    usage,
    followUps,
    previousFollowUps,
    sales,
    previousSales,
    templates,
    previousTemplates,
    funnel,
  ] = await Promise.all([
    periodAggregates(db, scope, plan, true),
    periodAggregates(db, { ...scope, from: period.previousFrom, to: period.from }, plan, false),
    hasAnyMessage(db, accountId),
    usageProjection(db, accountId, now),
    followUpFigures(db, scope),
    followUpFigures(db, { ...scope, from: period.previousFrom, to: period.from }),
    salesFigures(db, scope),
    salesFigures(db, { ...scope, from: period.previousFrom, to: period.from }),
    templateFigures(db, scope),
    templateFigures(db, { ...scope, from: period.previousFrom, to: period.from }),
    funnelFigures(db, scope),
  ]);

  const heatmap = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
  for (const cell of current.heatmap ?? []) heatmap[cell.d - 1]![cell.h] = n(cell.n);

  const results: Results = {
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
    current: { ...figures(current), followUps: followUps.total, sales: sales.total, templates: templates.total },
    previous: {
      ...figures(previous),
      followUps: previousFollowUps.total,
      sales: previousSales.total,
      templates: previousTemplates.total,
    },
    days: days(current, period.fromDate, period.days, followUps.byDay, sales.byDay, templates.byDay),
    heatmap,
    usage,
    businessHours: describeBusinessHours(hours.week),
    pendingFrom: plan.pendingFrom && plan.pendingFrom < period.to ? plan.pendingFrom.toISOString() : null,
    funnel: funnel.total,
  };
  return { results, funnelByDay: funnel.byDay };
}

function figures(a: PeriodAggregates): Omit<ResultsFigures, 'followUps' | 'sales' | 'templates'> {
  const sum = (key: string) => a.days.reduce((total, d) => total + n(d[key]), 0);
  const side = (who: 'ai' | 'owner') => {
    const buckets = a.responses.filter((r) => r.who === who).map((r) => ({ value: r.bucket, n: n(r.n) }));
    return {
      p50: rounded(histogramPercentile(buckets, 0.5)),
      p90: rounded(histogramPercentile(buckets, 0.9)),
      count: buckets.reduce((total, b) => total + b.n, 0),
    };
  };
  const inbox = sum('handovers_inbox');
  const phone = sum('handovers_phone');
  return {
    conversationsStarted: sum('conversations_started'),
    customers: n(a.conversations?.customers),
    messagesIn: sum('messages_in'),
    messagesOut: sum('messages_out'),
    aiMessages: sum('ai_messages'),
    ownerMessages: sum('owner_messages'),
    aiAnswers: sum('ai_answers'),
    firstResponse: { ai: side('ai'), owner: side('owner') },
    answeredConversations: n(a.conversations?.answered),
    // Answered with no owner message: every answer came from the AI.
    aiOnlyConversations: n(a.conversations?.answered) - n(a.conversations?.with_owner),
    handovers: { total: inbox + phone, inbox, phone },
    aiHandoffs: {
      total: n(a.handoffs?.to_person) + n(a.handoffs?.needs_owner),
      toPerson: n(a.handoffs?.to_person),
      needsOwner: n(a.handoffs?.needs_owner),
    },
    outsideHoursAnswers: sum('outside_hours_answers'),
    optOuts: sum('opt_outs'),
    failedSends: sum('failed_sends'),
  };
}

/** Every day of the period, zeros included, in order. */
function days(
  a: PeriodAggregates,
  fromDate: string,
  count: number,
  followUps: Map<string, FollowUpFigures>,
  sales: Map<string, SalesFigures>,
  templates: Map<string, TemplateFigures>,
): ResultsDay[] {
  return Array.from({ length: count }, (_, i) => {
    const date = addDays(fromDate, i);
    const d = a.days.find((r) => r.day === date) ?? {};
    const buckets = a.responses.filter((r) => r.day === date).map((r) => ({ value: r.bucket, n: n(r.n) }));
    return {
      date,
      conversationsStarted: n(d.conversations_started),
      messagesIn: n(d.messages_in),
      messagesOut: n(d.messages_out),
      aiAnswers: n(d.ai_answers),
      ownerMessages: n(d.owner_messages),
      outsideHoursAnswers: n(d.outside_hours_answers),
      failedSends: n(d.failed_sends),
      firstResponseP50: rounded(histogramPercentile(buckets, 0.5)),
      followUpsSent: followUps.get(date)?.sent ?? 0,
      followUpsReplied: followUps.get(date)?.replied ?? 0,
      followUpsRecovered: followUps.get(date)?.recovered ?? 0,
      orders: sales.get(date)?.orders ?? 0,
      paidOrders: sales.get(date)?.paidOrders ?? 0,
      revenueCents: sales.get(date)?.revenueCents ?? 0,
      templatesUtility: templates.get(date)?.utility ?? 0,
      templatesMarketing: templates.get(date)?.marketing ?? 0,
      templatesAuthentication: templates.get(date)?.authentication ?? 0,
    };
  });
}

/** The plan's AI messages this month (or billing period), and where the current pace ends it. */
async function usageProjection(db: Db, accountId: string, now: Date): Promise<Results['usage']> {
  const current = await getCurrentUsage(db, accountId, now);
  const window = await usagePeriod(db, accountId, await findActivePlanId(db, accountId), now);
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
