import { CLOUD_METER_CATEGORIES, type CloudMeter, type CloudMeterCategory } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { getAccountTimeZone } from '../../domain/account/account-time-zone.ts';
import { BRL_PER_USD, estimateBrl, meteredCategory, USD_PER_MESSAGE_BRAZIL } from '../../domain/usage/cloud-prices.ts';
import { meterRowsOfMonth } from './cloud-meter-repository.ts';
import { listNumbersOfAccount } from './numbers-repository.ts';

type Counts = Record<CloudMeterCategory, number>;
const zero = (): Counts => ({ service: 0, utility: 0, marketing: 0, authentication: 0 });

/** 'YYYY-MM' of this moment in the time zone. */
export function monthIn(timeZone: string, now = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}`;
}

/**
 * GET /api/numbers/cloud-meter: for each of the account's Cloud numbers, the messages Meta accepted in
 * the month (this one by default) by category, the billable ones and their estimate in reais
 * (docs/decisions/064-cloud-meter-and-one-balloon.md). A number with nothing sent shows zeros.
 */
export async function getCloudMeter(db: Db, accountId: string, month?: string, now = new Date()): Promise<CloudMeter> {
  const timeZone = await getAccountTimeZone(db, accountId);
  const theMonth = month ?? monthIn(timeZone, now);
  const [rows, numbers] = await Promise.all([
    meterRowsOfMonth(db, accountId, theMonth, timeZone),
    listNumbersOfAccount(db, accountId),
  ]);
  const byNumber = new Map<string, { sent: Counts; billable: Counts; pricedByMeta: number }>();
  for (const n of numbers)
    if (n.provider === 'cloud') byNumber.set(n.id, { sent: zero(), billable: zero(), pricedByMeta: 0 });
  for (const r of rows) {
    // A number removed this month has no row in the list: its charges leave with it (cascade).
    const entry = byNumber.get(r.number_id);
    if (!entry) continue;
    const c = meteredCategory(r.category);
    entry.sent[c] += Number(r.sent);
    entry.billable[c] += Number(r.billable);
    entry.pricedByMeta += Number(r.priced_by_meta);
  }
  return {
    month: theMonth,
    usd_per_message: { ...USD_PER_MESSAGE_BRAZIL },
    brl_per_usd: BRL_PER_USD,
    numbers: [...byNumber].map(([numberId, e]) => ({
      number_id: numberId,
      sent: e.sent,
      billable: e.billable,
      billable_total: CLOUD_METER_CATEGORIES.reduce((sum, c) => sum + e.billable[c], 0),
      priced_by_meta: e.pricedByMeta,
      estimate_brl: estimateBrl(e.billable),
    })),
  };
}
