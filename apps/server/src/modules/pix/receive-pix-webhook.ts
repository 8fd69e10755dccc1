import { PIX_MESSAGES } from '@vendai/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { pixEvents } from '../../db/schema/index.ts';
import { verifyAsaasWebhook } from '../../integrations/pix/asaas-pix.ts';
import { verifyMercadoPagoWebhook } from '../../integrations/pix/mercadopago-pix.ts';
import { AppError } from '../../lib/app-error.ts';
import { applyChargeState } from './apply-charge-state.ts';
import { loadPixAccount, providerOf } from './pix-account.ts';
import type { PixDeps } from './pix-deps.ts';

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
): Promise<{ duplicate?: boolean; ignored?: boolean }> {
  const account = await loadPixAccount(deps, { webhookId: req.webhookId });
  if (!account?.webhookSecret) throw new AppError('UNAUTHENTICATED', PIX_MESSAGES.badWebhook);
  const event =
    account.provider === 'mercadopago'
      ? verifyMercadoPagoWebhook(req.headers, req.query, req.body, account.webhookSecret)
      : verifyAsaasWebhook(req.headers, req.body, account.webhookSecret);
  if (!event) throw new AppError('UNAUTHENTICATED', PIX_MESSAGES.badWebhook);

  await deps.db
    .insert(pixEvents)
    .values({
      provider: account.provider,
      eventId: event.eventId,
      userId: account.userId,
      providerChargeId: event.providerChargeId,
    })
    .onConflictDoNothing();
  const [stored] = await deps.db
    .select({ processedAt: pixEvents.processedAt })
    .from(pixEvents)
    .where(
      and(
        eq(pixEvents.userId, account.userId),
        eq(pixEvents.provider, account.provider),
        eq(pixEvents.eventId, event.eventId),
      ),
    );
  if (stored?.processedAt) return { duplicate: true };

  let state;
  try {
    state = await providerOf(deps, account).getCharge(event.providerChargeId);
  } catch (err) {
    // The provider is asked again when it retries the notification (the event is not marked processed).
    deps.log.warn({ err, eventId: event.eventId }, 'pix: the charge could not be re-read');
    throw new AppError('UPSTREAM', undefined, { cause: err });
  }
  const applied = await applyChargeState(deps, account.userId, state);
  await deps.db
    .update(pixEvents)
    .set({ processedAt: new Date() })
    .where(
      and(
        eq(pixEvents.userId, account.userId),
        eq(pixEvents.provider, account.provider),
        eq(pixEvents.eventId, event.eventId),
        isNull(pixEvents.processedAt),
      ),
    );
  return applied ? {} : { ignored: true };
}
