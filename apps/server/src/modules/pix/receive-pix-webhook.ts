import { PIX_MESSAGES } from '@vendai/contracts';
import { verifyAsaasWebhook } from '../../integrations/pix/asaas-pix.ts';
import { verifyMercadoPagoWebhook } from '../../integrations/pix/mercadopago-pix.ts';
import { AppError } from '../../lib/app-error.ts';
import { applyChargeState } from './apply-charge-state.ts';
import { loadPixAccount, providerOf } from './pix-account.ts';
import type { PixDeps } from './pix-deps.ts';
import { markPixEventProcessed, selectUnprocessedPixEvent, storePixEvent } from './pix-events-repository.ts';
import { rereadPixEventJob } from './reread-event-job.ts';

export interface PixWebhookRequest {
  webhookId: string;
  headers: Record<string, string | string[] | undefined>;
  query: Record<string, unknown>;
  body: unknown;
}

/**
 * POST /webhooks/pix/:webhookId (docs/decisions/038-pix-charges.md): the account by the URL's id, the
 * request verified with the account's secret (Asaas: the asaas-access-token header; Mercado Pago: the
 * x-signature HMAC, its `ts` within MERCADO_PAGO_SIGNATURE_TOLERANCE_S) — a forgery or a stale signature is a
 * 401 and nothing is stored — then the event stored once per account by its id (a processed id answers
 * duplicate; another account's same id is its own event, decision 050), and the charge **re-read from the provider**: the body is never
 * trusted, so a replay or an out-of-order event converges on the provider's state.
 */
export async function receivePixWebhook(
  deps: PixDeps,
  req: PixWebhookRequest,
): Promise<{ duplicate?: boolean; ignored?: boolean; retrying?: boolean }> {
  const account = await loadPixAccount(deps, { webhookId: req.webhookId });
  if (!account?.webhookSecret) throw new AppError('UNAUTHENTICATED', PIX_MESSAGES.badWebhook);
  const event =
    account.provider === 'mercadopago'
      ? verifyMercadoPagoWebhook(req.headers, req.query, req.body, account.webhookSecret)
      : verifyAsaasWebhook(req.headers, req.body, account.webhookSecret);
  if (!event) throw new AppError('UNAUTHENTICATED', PIX_MESSAGES.badWebhook);

  const stored = await storePixEvent(deps.db, {
    accountId: account.userId,
    provider: account.provider,
    eventId: event.eventId,
    providerChargeId: event.providerChargeId,
  });
  if (stored?.processedAt) return { duplicate: true };

  try {
    return await rereadAndApply(deps, account, event);
  } catch (err) {
    // Acknowledged (a 5xx would hold back the events queued behind it at the provider) and retried
    // here: the event stays stored and unprocessed, and its job re-reads it with backoff (decision 055).
    deps.log.warn({ err, eventId: event.eventId }, 'pix: the charge could not be re-read; retried by a job');
    await deps.jobs.send(
      rereadPixEventJob,
      { userId: account.userId, provider: account.provider, eventId: event.eventId },
      { singletonKey: `${account.userId}:${account.provider}:${event.eventId}` },
    );
    return { retrying: true };
  }
}

/** Re-reads the event's charge from the provider, applies it and marks the event processed. */
async function rereadAndApply(
  deps: PixDeps,
  account: NonNullable<Awaited<ReturnType<typeof loadPixAccount>>>,
  event: { eventId: string; providerChargeId: string },
): Promise<{ ignored?: boolean }> {
  const state = await providerOf(deps, account).getCharge(event.providerChargeId);
  const applied = await applyChargeState(deps, account.userId, state);
  await markPixEventProcessed(deps.db, {
    accountId: account.userId,
    provider: account.provider,
    eventId: event.eventId,
  });
  return applied ? {} : { ignored: true };
}

/**
 * The 'pix.reread-event' job: an event acknowledged while its charge could not be re-read. Throws
 * (pg-boss retries with backoff) while the provider still cannot answer; nothing to do once the
 * event is processed or the account changed provider.
 */
export async function rereadPixEvent(
  deps: PixDeps,
  job: { userId: string; provider: string; eventId: string },
): Promise<void> {
  const stored = await selectUnprocessedPixEvent(deps.db, job.userId, job.eventId);
  const account = await loadPixAccount(deps, { accountId: job.userId });
  if (!stored || !account || account.provider !== job.provider || stored.provider !== job.provider) return;
  await rereadAndApply(deps, account, stored);
}
