import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { GatewayError, type GatewayMessage, type Gateway } from '../../integrations/gateway/gateway.ts';
import type { Storage } from '../../integrations/storage/storage.ts';
import { retryDelayMs } from '../../lib/retry.ts';
import type { OutboundOrigin } from './outbound-origin.ts';
import { reconcileSend } from './reconcile-send.ts';
import { type OutboundAuditEntry, recordOutbound } from './outbound-audit.ts';
import type { OutboundRule } from './outbound-rules.ts';
import { isReEngagementRefusal, recordWindowClosedByMeta } from '../conversation-rules/meta-closed-window.ts';
import { meterCloudSend } from './cloud-meter.ts';

/** Shown on a message whose send could not be confirmed either way: it is not sent again. */
export const SEND_UNCONFIRMED =
  'Não foi possível confirmar o envio pelo WhatsApp. Confira no celular antes de reenviar.';

/** What the door needs: the gateway, the database (reconciliation) and, for stored photos, the storage. */
export interface OutboundDeps {
  db: Db;
  gateway: Gateway;
  log: FastifyBaseLogger;
  storage?: Pick<Storage, 'read'>;
  /** Attempts for a refused send and the first backoff step (the engine's ENGINE_RETRY_BASE_MS). */
  config?: { sendAttempts: number; retryBaseMs: number };
}

/** One message to put in front of a customer or the owner. */
export interface OutboundMessage {
  origin: OutboundOrigin;
  instanceName: string;
  /** The customer's (or the owner's) WhatsApp address: digits or a full JID. */
  to: string;
  /** The text, or the caption of the image. */
  text: string;
  /** An image from storage sent with `text` as its caption (a catalogue item's photo). */
  photoKey?: string | null;
  /** An image made on the spot (a Pix QR code), sent with `text` as its caption. */
  image?: { png: Buffer; fileName: string } | null;
  /** Reply buttons under the text on a Cloud number (a reminder's 'Confirmar' / 'Remarcar' / 'Cancelar'). */
  buttons?: readonly string[];
  /**
   * The message's stored row (messages.id). With it the send is reconciled: an unknown outcome is
   * looked up (the gateway's echo, its record of the chat) and never repeated. Without it (an alert
   * to the owner, whose record is its owner_alerts row) an unknown outcome is a failure.
   */
  messageId?: string | null;
  /** Tries for a send the gateway refused (default: the engine's sendAttempts, else 1). */
  attempts?: number;
  /** First wait between tries (default: the engine's retryBaseMs). */
  retryBaseMs?: number;
  /**
   * For the audit record (outbound-audit.ts): the account and conversation when there is no message
   * row (an alert to the owner), and the rule that changed the text (the price guard's fallback).
   */
  audit?: { userId?: string | null; convId?: string | null; changedBy?: OutboundRule | null; detail?: string | null };
  /**
   * Where the audit record goes when the caller writes it in the statement it runs next anyway (the reply
   * path's part bookkeeping, `replies/reply-repository.ts` finishParts): one statement less per answered
   * message. The record is still made here; without it, the door's own batched writer stores it.
   */
  auditInto?: (entry: OutboundAuditEntry) => void;
}

export type SendResult = { ok: true; externalId: string | null } | { ok: false; error: unknown; unconfirmed: boolean };

/**
 * The one door out (docs/decisions/046-one-door-out.md): the only code that calls the gateway's
 * sends. By then the rules of the message's origin have been applied (outbound-rules.ts); here it
 * is sent exactly once. A definite refusal (the gateway answered with an error body) or a connection
 * that never opened is tried again with backoff; a send whose outcome is unknown (timeout, connection
 * cut after the request went out) may have reached WhatsApp: a stored message is reconciled — the
 * echo links the row, else the gateway's record is searched — and never repeated (found → sent; not
 * found → failed as unconfirmed, 'Confira no celular…', and a late echo still makes it sent). Every
 * send leaves one audit record (outbound-audit.ts): its origin, the rule that changed it, how it ended.
 */
export async function sendOutbound(deps: OutboundDeps, m: OutboundMessage): Promise<SendResult> {
  const { cloud, ...result } = await sendOnce(deps, m);
  // A message Meta accepted is a charge: counted on the number's meter (decision 064). QR sends cost nothing here.
  if (cloud && result.ok && result.externalId)
    await meterCloudSend(deps.db, {
      number: { instanceName: m.instanceName },
      externalId: result.externalId,
      category: 'service',
      to: m.to,
    }).catch((err: unknown) => deps.log.warn({ err }, 'outbound: the Cloud meter was not written'));
  // One audit record per message, written here and not by each caller (decision 046).
  const entry: OutboundAuditEntry = {
    origin: m.origin,
    outcome: result.ok ? 'sent' : result.unconfirmed ? 'unconfirmed' : 'failed',
    rule: m.audit?.changedBy ?? null,
    messageId: m.messageId ?? null,
    userId: m.audit?.userId ?? null,
    convId: m.audit?.convId ?? null,
    detail: m.audit?.detail ?? null,
  };
  if (m.auditInto) m.auditInto(entry);
  else await recordOutbound(deps, entry);
  return result;
}

async function sendOnce(deps: OutboundDeps, m: OutboundMessage): Promise<SendResult & { cloud?: boolean }> {
  const attempts = m.attempts ?? deps.config?.sendAttempts ?? 1;
  const baseMs = m.retryBaseMs ?? deps.config?.retryBaseMs ?? 1_000;
  // A photo is read once from storage; gone (the owner removed it) → refused, nothing is sent.
  const file = m.photoKey && deps.storage ? await deps.storage.read(m.photoKey) : null;
  if (m.photoKey && !file) return { ok: false, error: new Error('photo not found in storage'), unconfirmed: false };
  let lastError: unknown = null;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const startedAt = Date.now();
    try {
      const sent: GatewayMessage = file
        ? await deps.gateway.sendMedia(m.instanceName, {
            number: m.to,
            mediatype: 'image',
            mimetype: file.mimetype,
            media: file.data.toString('base64'),
            caption: m.text,
          })
        : m.image
          ? await deps.gateway.sendMedia(m.instanceName, {
              number: m.to,
              mediatype: 'image',
              media: m.image.png.toString('base64'),
              mimetype: 'image/png',
              caption: m.text,
              fileName: m.image.fileName,
            })
          : await deps.gateway.sendText(m.instanceName, {
              number: m.to,
              text: m.text,
              ...(m.buttons?.length ? { buttons: m.buttons } : {}),
            });
      return { ok: true, externalId: sent?.key?.id ?? null, cloud: sent?.source === 'cloud_api' };
    } catch (err) {
      lastError = err;
      // Meta's #131047: the 24-hour window is closed; sending again cannot help (decision 054).
      if (isReEngagementRefusal(err)) {
        await recordWindowClosedByMeta(
          deps.db,
          m.messageId ? { messageId: m.messageId } : { instanceName: m.instanceName, contactJid: m.to },
        ).catch((e: unknown) => deps.log.warn({ err: e }, 'outbound: could not record the closed window'));
        return { ok: false, error: err, unconfirmed: false };
      }
      const outcome = err instanceof GatewayError ? err.outcome : 'unknown';
      if (outcome === 'unknown') {
        if (!m.messageId) return { ok: false, error: err, unconfirmed: true };
        const found = await reconcileSend(
          deps,
          {
            messageId: m.messageId,
            instanceName: m.instanceName,
            contactJid: m.to,
            text: m.text,
            image: Boolean(file || m.image),
          },
          startedAt,
        );
        if (found) return { ok: true, externalId: found.externalId };
        return { ok: false, error: err, unconfirmed: true };
      }
    }
    if (attempt < attempts) await new Promise((r) => setTimeout(r, retryDelayMs(attempt, { baseMs })));
  }
  return { ok: false, error: lastError, unconfirmed: false };
}
