/**
 * What brought a customer's message, read from the gateway's messageRaw without I/O
 * (docs/decisions/071-ad-attribution.md):
 * - a Cloud number: Meta's `referral` on the message (map-cloud-webhook.ts passes it on as `data.referral`,
 *   exactly as received; https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/messages/text/);
 * - a QR number: what the phone passes on in the content's `contextInfo` (`externalAdReply`, `conversionSource`,
 *   `entryPointConversionSource`…; docs/evolution-api-contract.md#33-messages_upsert-data--messageraw-from-preparemessage) — less reliable;
 * - a 'Link de origem': the `[ref:CODE]` the wa.me link put in the customer's first message.
 * A `ctwa_clid` is only ever what Meta sent: never made up.
 */

type Json = Record<string, unknown>;
const obj = (v: unknown): Json | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : null);
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

export interface AdSource {
  kind: 'ad';
  reliability: 'meta' | 'device';
  /** What groups the ad on Resultados: its id, else its URL, else its headline. */
  sourceKey: string;
  headline: string | null;
  ctwaClid: string | null;
  /** As received (Cloud `referral`; or the QR message's ad fields). */
  referral: Json;
}

/** An ad referral Meta sent with a Cloud message (`data.referral`); null when the message has none. */
function cloudReferral(data: Json): AdSource | null {
  const referral = obj(data.referral);
  if (!referral) return null;
  const key = str(referral.source_id) ?? str(referral.source_url) ?? str(referral.headline);
  if (!key) return null;
  return {
    kind: 'ad',
    reliability: 'meta',
    sourceKey: key,
    headline: str(referral.headline),
    ctwaClid: str(referral.ctwa_clid),
    referral,
  };
}

/** Evolution's content keys that may carry a contextInfo (after its normalisation, data.contextInfo holds it). */
function contextInfos(data: Json): Json[] {
  const out: Json[] = [];
  const top = obj(data.contextInfo);
  if (top) out.push(top);
  const message = obj(data.message);
  for (const part of Object.values(message ?? {})) {
    const info = obj(obj(part)?.contextInfo);
    if (info) out.push(info);
  }
  return out;
}

/** WhatsApp's ad fields in a QR message's contextInfo (WAProto ContextInfo: externalAdReply, conversion*, entryPoint*). */
const AD_CONTEXT_FIELDS = [
  'externalAdReply',
  'conversionSource',
  'conversionData',
  'conversionDelaySeconds',
  'entryPointConversionSource',
  'entryPointConversionApp',
  'entryPointConversionDelaySeconds',
  'ctwaPayload',
  'ctwaSignals',
] as const;

/** An ad the phone says the chat came from (QR numbers); null when the message has no ad reply. */
function deviceReferral(data: Json): AdSource | null {
  for (const info of contextInfos(data)) {
    const ad = obj(info.externalAdReply);
    if (!ad) continue;
    // Only an ad: a link preview also carries externalAdReply, but without an ad's source.
    const source = str(ad.sourceType)?.toLowerCase();
    const fromAd = source === 'ad' || str(ad.ctwaClid) !== null || /ad/i.test(str(info.conversionSource) ?? '');
    if (!fromAd) continue;
    const key = str(ad.sourceId) ?? str(ad.sourceUrl) ?? str(ad.title);
    if (!key) continue;
    const referral: Json = {};
    for (const f of AD_CONTEXT_FIELDS) if (info[f] !== undefined) referral[f] = info[f];
    // A thumbnail the phone sent as bytes is not kept (it can be large); its URL is.
    const { thumbnail: _bytes, ...adFields } = ad;
    referral.externalAdReply = adFields;
    return {
      kind: 'ad',
      reliability: 'device',
      sourceKey: key,
      headline: str(ad.title),
      ctwaClid: str(ad.ctwaClid),
      referral,
    };
  }
  return null;
}

/** The ad a message came from, Cloud first; null for an ordinary message (the common case: two property reads). */
export function adSourceOf(data: unknown): AdSource | null {
  const d = obj(data);
  if (!d) return null;
  return cloudReferral(d) ?? deviceReferral(d);
}

/** Whether a message may carry an ad, cheaply (the set-based ingestion sends those one by one). */
export function mayCarryAd(data: unknown): boolean {
  const d = obj(data);
  if (!d) return false;
  if (d.referral !== undefined) return true;
  return contextInfos(d).some((info) => info.externalAdReply !== undefined);
}

/** The code a 'Link de origem' puts in the prefilled message: `[ref:BIO]`. */
const LINK_CODE = /\s*\[ref:([A-Za-z0-9-]{2,20})\]\s*/;

/** The link code in a customer's text and the text without it (what is stored and what the AI sees). */
export function linkCodeOf(text: string | null): { code: string; text: string } | null {
  if (!text) return null;
  const m = LINK_CODE.exec(text);
  if (!m) return null;
  const stripped = `${text.slice(0, m.index)} ${text.slice(m.index + m[0].length)}`.replace(/\s+/g, ' ').trim();
  return { code: m[1]!.toUpperCase(), text: stripped };
}

/** The prefilled first message of a link: the owner's greeting and the code. */
export function linkMessage(code: string, greeting = 'Olá! Quero saber mais.'): string {
  return `${greeting} [ref:${code}]`;
}

/** Meta's free entry point window: 72 hours after the click (Cloud numbers only). */
export const FREE_ENTRY_HOURS = 72;
