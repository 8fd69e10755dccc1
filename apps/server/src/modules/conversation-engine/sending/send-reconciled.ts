import { retryDelayMs } from '../../../lib/retry.ts';
import { resultRows } from '../../../db/rows.ts';
import { sql } from 'drizzle-orm';
import { GatewayError, type GatewayMessage } from '../../../integrations/gateway/gateway.ts';
import type { EngineDeps } from '../engine-deps.ts';

/** Shown on a message whose send could not be confirmed either way: it is not sent again. */
export const SEND_UNCONFIRMED =
  'Não foi possível confirmar o envio pelo WhatsApp. Confira no celular antes de reenviar.';

/** One stored outgoing message: its text, or a photo from storage with the text as its caption. */
export interface OutgoingSend {
  messageId: string;
  instanceName: string;
  contactJid: string;
  text: string;
  /** The storage key of an image sent with `text` as caption (a catalogue item's photo). */
  photoKey?: string | null;
}

export type SendResult = { ok: true; externalId: string | null } | { ok: false; error: unknown; unconfirmed: boolean };

/** How long the gateway's send.message echo is awaited after an unknown outcome before asking the gateway. */
const ECHO_WAIT_MS = 1_500;
/** Rounds of (echo wait, gateway lookup) before a send is given up as unconfirmed. */
const RECONCILE_ROUNDS = 2;

/**
 * Sends one stored outgoing message, never twice (docs/decisions/005-conversation-engine.md). A definite refusal (the gateway
 * answered 4xx/5xx with an error body) or a connection that never opened is retried with backoff. A
 * send whose outcome is unknown (timeout, connection cut after the request went out, unreadable
 * answer) may have reached WhatsApp, or may still be on its way there: it is reconciled — the
 * gateway's `send.message` echo links the row (ingest-gateway-event.ts), else the gateway's record of
 * the chat's messages (findMessages) is searched for it — and never repeated: found, it is sent; not
 * found, it is failed as unconfirmed ('Confira no celular…'), and a late echo still makes it sent.
 */
export async function sendReconciled(deps: EngineDeps, m: OutgoingSend): Promise<SendResult> {
  const attempts = deps.config.sendAttempts;
  let lastError: unknown = null;
  // A photo is read once from storage; gone (the owner removed it) → refused, nothing is sent.
  const file = m.photoKey ? await deps.storage.read(m.photoKey) : null;
  if (m.photoKey && !file) return { ok: false, error: new Error('photo not found in storage'), unconfirmed: false };
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const startedAt = Date.now();
    try {
      const sent: GatewayMessage = file
        ? await deps.gateway.sendMedia(m.instanceName, {
            number: m.contactJid,
            mediatype: 'image',
            mimetype: file.mimetype,
            media: file.data.toString('base64'),
            caption: m.text,
          })
        : await deps.gateway.sendText(m.instanceName, { number: m.contactJid, text: m.text });
      return { ok: true, externalId: sent?.key?.id ?? null };
    } catch (err) {
      lastError = err;
      const outcome = err instanceof GatewayError ? err.outcome : 'unknown';
      if (outcome === 'unknown') {
        // It may have reached WhatsApp, or still be on its way there: never sent again. Found → sent;
        // not found → failed as unconfirmed (a late echo still links it and makes it sent).
        const found = await reconcile(deps, m, startedAt);
        if (found) return { ok: true, externalId: found.externalId };
        return { ok: false, error: err, unconfirmed: true };
      }
    }
    if (attempt < attempts)
      await new Promise((r) => setTimeout(r, retryDelayMs(attempt, { baseMs: deps.config.retryBaseMs })));
  }
  return { ok: false, error: lastError, unconfirmed: false };
}

/**
 * Did the gateway take it? Its id when it did (the echo linked our row, or the gateway's record has
 * our text from us since the attempt began), null when that could not be established: the echo is
 * awaited, the gateway asked, and once more after a second wait (a send may still be in flight there).
 */
async function reconcile(deps: EngineDeps, m: OutgoingSend, startedAt: number): Promise<{ externalId: string } | null> {
  for (let round = 0; round < RECONCILE_ROUNDS; round++) {
    const deadline = Date.now() + ECHO_WAIT_MS;
    for (;;) {
      const linked = await linkedId(deps, m.messageId);
      if (linked) return { externalId: linked };
      if (Date.now() >= deadline) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const found = await lookUpSend(deps, m, startedAt);
    if (typeof found === 'object') return found;
  }
  const linked = await linkedId(deps, m.messageId);
  return linked ? { externalId: linked } : null;
}

/** The gateway's page of a chat's messages (newest first) asked for by findMessages. */
const FIND_PAGE = 50;

/**
 * One look at the gateway's record of the chat's messages from us: our text, sent since the attempt
 * began (`startedAt`, ms), found → its id; 'absent' when the record provably lacks it (the page holds
 * every message from us since then: it is not full, or it reaches back past that moment); 'unknown'
 * when the gateway could not be asked or its page does not reach back far enough.
 */
export async function lookUpSend(
  deps: EngineDeps,
  m: Omit<OutgoingSend, 'photoKey'> & { photoKey?: string | null },
  startedAt: number,
): Promise<{ externalId: string } | 'absent' | 'unknown'> {
  let records: GatewayMessage[];
  try {
    records = await deps.gateway.findMessages(m.instanceName, { remoteJid: m.contactJid, fromMe: true });
  } catch (err) {
    deps.log.warn({ err, messageId: m.messageId }, 'engine: the gateway could not say whether a send arrived');
    return 'unknown';
  }
  const since = Math.floor(startedAt / 1000) - 2;
  const match = records.find(
    (r) =>
      r.key?.fromMe === true &&
      textOf(r) === m.text &&
      Boolean((r.message as { imageMessage?: unknown } | undefined)?.imageMessage) === Boolean(m.photoKey) &&
      (typeof r.messageTimestamp !== 'number' || r.messageTimestamp >= since),
  );
  if (match) return { externalId: match.key.id };
  const reachesBack = records.some((r) => typeof r.messageTimestamp === 'number' && r.messageTimestamp < since);
  return records.length < FIND_PAGE || reachesBack ? 'absent' : 'unknown';
}

export async function linkedId(deps: EngineDeps, messageId: string): Promise<string | null> {
  const [row] = resultRows<{ external_id: string | null }>(
    await deps.db.execute(sql`select external_id from messages where id = ${messageId}`),
  );
  return row?.external_id ?? null;
}

/** A record's text, or its image's caption. */
function textOf(r: GatewayMessage): string | null {
  const msg = r.message as
    | { conversation?: unknown; extendedTextMessage?: { text?: unknown }; imageMessage?: { caption?: unknown } }
    | undefined;
  if (typeof msg?.conversation === 'string') return msg.conversation;
  if (typeof msg?.extendedTextMessage?.text === 'string') return msg.extendedTextMessage.text;
  if (typeof msg?.imageMessage?.caption === 'string') return msg.imageMessage.caption;
  return null;
}
