import type { ConversationSource } from '@vendai/contracts';
import type { ConversationSourceRow } from './sources-repository.ts';

type Json = Record<string, unknown>;
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);
/** Only web addresses are shown as links or images (a referral is outside input). */
const webUrl = (v: unknown): string | null => {
  const s = str(v);
  return s && /^https?:\/\//i.test(s) ? s : null;
};

/** A source as the inbox shows it: the ad's card (Cloud `referral` or the phone's `externalAdReply`) or the link. */
export function sourceDto(row: ConversationSourceRow): ConversationSource {
  const referral: Json = row.referral ?? {};
  const device = (referral.externalAdReply ?? null) as Json | null;
  return {
    id: row.id,
    messageId: row.messageId,
    kind: row.kind,
    reliability: row.reliability,
    headline: row.headline,
    body: str(referral.body) ?? str(device?.body),
    thumbnailUrl:
      webUrl(referral.thumbnail_url) ??
      webUrl(referral.image_url) ??
      webUrl(device?.thumbnailUrl) ??
      webUrl(device?.originalImageUrl),
    url: webUrl(referral.source_url) ?? webUrl(device?.sourceUrl),
    hasClickId: row.ctwaClid !== null,
    freeEntryUntil: row.freeEntryUntil?.toISOString() ?? null,
    linkCode: row.linkCode,
    receivedAt: row.receivedAt.toISOString(),
  };
}
