import type { BusinessFacts } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { getAccountTimeZone } from '../account/account-time-zone.ts';
import { businessHoursStatus } from '../business-hours/business-hours-status.ts';
import { describeBusinessHours } from '../business-hours/describe-week.ts';
import { loadBusinessHours } from '../business-hours/load-business-hours.ts';
import type { ContextBlockInput } from './context-block.ts';
import { findContactName, hasPixAccount } from './reply-context-repository.ts';

/** The account's rows a context block is made of (read by loadContextBlockInput, or by the reply claim). */
export interface ContextBlockRows {
  timeZone: string;
  week: ({ from: string; to: string } | null)[] | null;
  closedDays: string[];
  /** The facts kept once beside the week (docs/decisions/066-business-facts-in-one-place.md). */
  facts: BusinessFacts;
  contactName: string | null;
  /** The account has a Pix provider configured (pix_accounts). */
  pixReady: boolean;
  /** The ad or 'Link de origem' the customer came from last (docs/decisions/071-ad-attribution.md); null: direct. */
  source?: { kind: 'ad' | 'link'; headline: string | null } | null;
}

/** The context block's inputs from rows already read (no query): business hours only when the owner set them. */
export function contextBlockInputOf(rows: ContextBlockRows, now: Date = new Date()): ContextBlockInput {
  const hours = rows.week ? businessHoursStatus(rows.week, rows.closedDays, now, rows.timeZone) : null;
  return {
    now,
    timeZone: rows.timeZone,
    contactName: rows.contactName,
    hours,
    pixReady: rows.pixReady,
    source: rows.source ?? null,
    facts: { ...rows.facts, week: rows.week ? describeBusinessHours(rows.week) : null },
  };
}

/**
 * What the context block of a reply is made of, read for the account (and the conversation when
 * there is one: the playground has none, so no customer name): the same reads for WhatsApp and
 * the playground. Business hours only when the owner set them (decision 019); the business's facts
 * as kept on Configurações (decision 066).
 */
export async function loadContextBlockInput(
  db: Db,
  accountId: string,
  convId: string | null,
  now: Date = new Date(),
): Promise<ContextBlockInput> {
  const timeZone = await getAccountTimeZone(db, accountId);
  const { week, closedDays, facts } = await loadBusinessHours(db, accountId);
  const pixReady = await hasPixAccount(db, accountId);
  if (!convId) return contextBlockInputOf({ timeZone, week, closedDays, facts, contactName: null, pixReady }, now);
  const contactName = await findContactName(db, accountId, convId);
  return contextBlockInputOf({ timeZone, week, closedDays, facts, contactName, pixReady }, now);
}
