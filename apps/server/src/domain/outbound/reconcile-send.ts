import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Gateway, GatewayMessage } from '../../integrations/gateway/gateway.ts';
import { findExternalId } from './sent-message-repository.ts';

/** What looking a send up needs: the database (the echo links our row) and the gateway's record. */
export interface LookUpDeps {
  db: Db;
  gateway: Gateway;
  log: FastifyBaseLogger;
}

/** A stored outgoing message as the gateway's record would show it. */
export interface SentLookUp {
  messageId: string;
  instanceName: string;
  contactJid: string;
  text: string;
  /** Sent as an image with `text` as its caption (a catalogue photo, a Pix QR code). */
  image: boolean;
}

/** How long the gateway's send.message echo is awaited after an unknown outcome before asking the gateway. */
const ECHO_WAIT_MS = 1_500;
/** Rounds of (echo wait, gateway lookup) before a send is given up as unconfirmed. */
const RECONCILE_ROUNDS = 2;
/** The gateway's page of a chat's messages (newest first) asked for by findMessages. */
const FIND_PAGE = 50;

/**
 * Did the gateway take it? Its id when it did (the echo linked our row, or the gateway's record has
 * our text from us since the attempt began), null when that could not be established: the echo is
 * awaited, the gateway asked, and once more after a second wait (a send may still be in flight there).
 */
export async function reconcileSend(
  deps: LookUpDeps,
  m: SentLookUp,
  startedAt: number,
): Promise<{ externalId: string } | null> {
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

/**
 * One look at the gateway's record of the chat's messages from us: our text, sent since the attempt
 * began (`startedAt`, ms), found → its id; 'absent' when the record provably lacks it (the page holds
 * every message from us since then: it is not full, or it reaches back past that moment); 'unknown'
 * when the gateway could not be asked or its page does not reach back far enough.
 */
export async function lookUpSend(
  deps: LookUpDeps,
  m: SentLookUp,
  startedAt: number,
): Promise<{ externalId: string } | 'absent' | 'unknown'> {
  let records: GatewayMessage[];
  try {
    records = await deps.gateway.findMessages(m.instanceName, { remoteJid: m.contactJid, fromMe: true });
  } catch (err) {
    deps.log.warn({ err, messageId: m.messageId }, 'outbound: the gateway could not say whether a send arrived');
    return 'unknown';
  }
  const since = Math.floor(startedAt / 1000) - 2;
  const match = records.find(
    (r) =>
      r.key?.fromMe === true &&
      textOf(r) === m.text &&
      Boolean((r.message as { imageMessage?: unknown } | undefined)?.imageMessage) === m.image &&
      (typeof r.messageTimestamp !== 'number' || r.messageTimestamp >= since),
  );
  if (match) return { externalId: match.key.id };
  const reachesBack = records.some((r) => typeof r.messageTimestamp === 'number' && r.messageTimestamp < since);
  return records.length < FIND_PAGE || reachesBack ? 'absent' : 'unknown';
}

async function linkedId(deps: LookUpDeps, messageId: string): Promise<string | null> {
  return findExternalId(deps.db, messageId);
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
