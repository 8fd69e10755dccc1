import type { Db } from '../../db/client.ts';
import { findMediaUsageMonth } from './usage-repository.ts';

/** A month's media counters of an account (usage endpoint; counted by domain/media-insights). */
export async function getMediaUsage(db: Db, accountId: string, month: string) {
  const row = await findMediaUsageMonth(db, accountId, month);
  return {
    transcriptions: row?.transcriptions ?? 0,
    transcribed_seconds: row?.transcribedSeconds ?? 0,
    descriptions: row?.descriptions ?? 0,
    documents: row?.documents ?? 0,
  };
}
