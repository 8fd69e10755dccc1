/**
 * Meta's Conversions API for business messaging
 * (https://developers.facebook.com/documentation/ads-commerce/conversions-api/business-messaging): events are
 * POSTed as JSON to {base}/{version}/{dataset_id}/events with `data` and the access token. A plain HTTPS call:
 * Meta's Business SDK for Node would bring the whole Marketing API for one POST. The base URL is
 * META_CAPI_BASE_URL (Meta's, or the local stand-in).
 */

export interface CapiEvent {
  event_name: 'LeadSubmitted' | 'Purchase';
  event_time: number;
  event_id: string;
  action_source: 'business_messaging';
  messaging_channel: 'whatsapp';
  user_data: { whatsapp_business_account_id: string; ctwa_clid: string; page_id?: string };
  custom_data?: { value: number; currency: 'BRL' };
}

/** Meta refused or could not take the events. `retry`: worth trying again later (Meta's transient errors). */
export class CapiError extends Error {
  readonly retry: boolean;
  readonly code: number | null;
  constructor(message: string, retry: boolean, code: number | null = null) {
    super(message);
    this.retry = retry;
    this.code = code;
  }
}

/** Meta's codes that say "try again later": unknown/service errors and rate limits. */
const TRANSIENT_CODES = new Set([1, 2, 4, 17, 32, 341, 613]);

export async function sendCapiEvents(o: {
  baseUrl: string;
  version: string;
  datasetId: string;
  accessToken: string;
  events: CapiEvent[];
  timeoutMs?: number;
}): Promise<{ eventsReceived: number }> {
  const url = `${o.baseUrl.replace(/\/$/, '')}/${o.version}/${encodeURIComponent(o.datasetId)}/events?access_token=${encodeURIComponent(o.accessToken)}`;
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: o.events }),
      signal: AbortSignal.timeout(o.timeoutMs ?? 15_000),
    });
  } catch (err) {
    throw new CapiError(`A Meta não respondeu (${(err as Error).message}).`, true);
  }
  const body = (await res.json().catch(() => null)) as {
    events_received?: number;
    error?: { message?: string; code?: number };
  } | null;
  if (res.ok && typeof body?.events_received === 'number') return { eventsReceived: body.events_received };
  const code = typeof body?.error?.code === 'number' ? body.error.code : null;
  const message = body?.error?.message ?? `HTTP ${res.status}`;
  const retry = res.status >= 500 || res.status === 429 || (code !== null && TRANSIENT_CODES.has(code));
  throw new CapiError(code === 190 ? `Token recusado pela Meta: ${message}` : message, retry, code);
}
