import { createHash } from 'node:crypto';
import { PIX_MESSAGES } from '@vendai/contracts';
import { PixProviderError } from '../../integrations/pix/pix-provider.ts';
import { AppError } from '../../lib/app-error.ts';
import { loadPixAccount, providerOf } from './pix-account.ts';
import { type PixDeps, pixWebhookUrl } from './pix-deps.ts';
import { chatOf, postToChat } from './post-to-chat.ts';
import { chargeTexts, payerDocumentText, qrCaption } from './pix-texts.ts';
import { publishEngineEvents } from '../../domain/engine-events/event-job.ts';
import { isEmailVerified, PIX_NEEDS_VERIFIED_EMAIL } from '../../domain/account/email-verified.ts';
import {
  claimOrderToCharge,
  claimOrderToSend,
  failPendingOrder,
  forgetPayerDocument,
  moveToAwaitingDocument,
  recordCharge,
  releaseOrderClaim,
  selectOrder,
  selectPayerDocument,
} from './charge-repository.ts';
import type { OrderRow } from '../../domain/orders/orders-repository.ts';

/** How long a charge can be paid. */
export const CHARGE_VALID_HOURS = 24;
/** A process creating a charge, or sending its messages, holds the order this long; then another may take over. */
const CLAIM_SECONDS = 60;

/**
 * The 'pix.charge-order' job (docs/decisions/038-pix-charges.md): creates the order's one charge,
 * then sends it. Safe to run twice and in two processes at once: (1) the process that creates the
 * charge holds a lease on the order (a second one finds it held and retries later); (2) the provider
 * call is idempotent by the order's id, so a retry after a cut connection gets the charge the first
 * attempt made; (3) the charge is written only while none is; (4) each message goes out once, the
 * sending claimed by `sent_at` and a lease (`sendCharge`). A refusal by the provider (not a transport
 * failure) fails the order for good.
 */
export async function chargeOrder(deps: PixDeps, orderId: string): Promise<OrderRow | null> {
  const order = await selectOrder(deps.db, orderId);
  if (!order) return null;
  const charged = order.providerChargeId ? order : await createCharge(deps, order);
  if (charged?.providerChargeId) await sendCharge(deps, charged);
  return charged;
}

async function createCharge(deps: PixDeps, order: OrderRow): Promise<OrderRow | null> {
  const claimed = await claimOrderToCharge(deps.db, order.id, CLAIM_SECONDS);
  if (!claimed) {
    const current = await selectOrder(deps.db, order.id);
    // Another process holds it: the job is retried and then finds the charge (or takes over after a crash).
    if (current?.status === 'pending' && !current.providerChargeId)
      throw new Error('pix: the order is being charged elsewhere');
    return current ?? null;
  }
  const account = await loadPixAccount(deps, { accountId: order.userId });
  if (!account) return fail(deps, order, PIX_MESSAGES.notConfigured);
  // Every charge (the AI's orders, 'Confirmar e cobrar', 'Cobrar com Pix') passes here: no money is
  // received for an account whose owner has not confirmed the e-mail.
  if (!(await isEmailVerified(deps.db, order.userId))) return fail(deps, order, PIX_NEEDS_VERIFIED_EMAIL);
  const chat = await chatOf(deps, order.userId, order.convId);
  const document = order.payerDocument ?? (await knownPayerDocument(deps, order));
  let provider;
  try {
    provider = providerOf(deps, account);
  } catch (err) {
    return fail(deps, order, err instanceof AppError ? err.message : PIX_MESSAGES.notConfigured);
  }
  try {
    const charge = await provider.createCharge({
      reference: order.id,
      amountCents: order.totalCents,
      description: order.description,
      customer: {
        name: chat?.contactName?.trim() || 'Cliente WhatsApp',
        phone: chat?.contactPhone ?? null,
        document,
      },
      // A deposit's charge ends with its hold (docs/decisions/074-agenda-deposit.md).
      expiresAt: new Date(
        Math.min(Date.now() + CHARGE_VALID_HOURS * 3600_000, order.validUntil?.getTime() ?? Infinity),
      ),
      notificationUrl: pixWebhookUrl(deps.env, account.webhookId),
    });
    const row = await recordCharge(deps.db, order.id, {
      provider: account.provider,
      providerChargeId: charge.providerId,
      copiaECola: charge.copiaECola,
      qrPng: charge.qrPngBase64,
      expiresAt: charge.expiresAt,
      payerDocument: document,
    });
    return row ?? (await selectOrder(deps.db, order.id));
  } catch (err) {
    if (err instanceof PixProviderError && err.reason === 'payer_document')
      return askForDocument(deps, { ...claimed, payerDocument: document });
    // A refusal (bad key, invalid data) is final; a transport failure is retried by the job.
    if (err instanceof PixProviderError && err.status !== null && err.status < 500)
      return fail(deps, order, err.message);
    await releaseOrderClaim(deps.db, order.id);
    throw err;
  }
}

/** The payer's CPF or CNPJ given for an earlier order of this conversation: only a payer's first order asks. */
async function knownPayerDocument(deps: PixDeps, order: OrderRow): Promise<string | null> {
  return selectPayerDocument(deps.db, order.userId, order.convId);
}

/**
 * The provider charges only a payer with a CPF or CNPJ (Asaas): the order waits for it and the
 * customer is asked, once per refusal (the move from 'pending' is the claim). The customer's next
 * message that holds a valid one puts the order back to 'pending' and queues this job again
 * (domain/orders/take-payer-document.ts).
 */
async function askForDocument(deps: PixDeps, order: OrderRow): Promise<null> {
  if (!(await moveToAwaitingDocument(deps.db, order.id))) return null;
  // A document the provider refused is the payer's no longer: the next one the customer sends replaces it.
  if (order.payerDocument)
    await forgetPayerDocument(deps.db, {
      accountId: order.userId,
      convId: order.convId,
      document: order.payerDocument,
    });
  await postToChat(deps, {
    accountId: order.userId,
    convId: order.convId,
    author: order.source === 'ai' ? 'ai' : 'owner_app',
    part: { text: payerDocumentText({ refused: order.payerDocument !== null }) },
  });
  return null;
}

async function fail(deps: PixDeps, order: OrderRow, error: string): Promise<null> {
  await failPendingOrder(deps.db, order.id, error);
  deps.log.warn({ orderId: order.id, error }, 'pix: the charge could not be created');
  return null;
}

/**
 * The explanation with amount and expiry, the copia-e-cola alone, then the QR image: each once. The
 * sender claims the order (`sent_at` set, `claim_until` its lease) and clears the lease when all went
 * out; each message is stored under an id of its own for the order (`pixMessageId`). A sender killed
 * mid-way leaves the lease to lapse: the job's retry claims it again and sends what is missing, the
 * message in flight settled with the gateway, never sent twice (post-to-chat.ts). An order sent
 * before (no lease left) is never claimed again.
 */
async function sendCharge(deps: PixDeps, order: OrderRow): Promise<void> {
  const claim = await claimOrderToSend(deps.db, order.id, CLAIM_SECONDS);
  // Another sender's lease is still running (alive, or killed mid-send and not yet lapsed): the job is
  // retried with back-off until the lease lapses, then this process claims it and settles the part in
  // flight. Returning here would end the job with the charge half sent until the sweeper's next pass.
  if (claim === 'held') throw new Error('pix: the charge is being sent elsewhere');
  if (claim === 'done' || !order.copiaECola || !order.expiresAt) return;
  const author = order.source === 'ai' ? 'ai' : 'owner_app';
  const base = { accountId: order.userId, convId: order.convId, author } as const;
  const texts = chargeTexts({
    kind: order.kind,
    description: order.description,
    totalCents: order.totalCents,
    expiresAt: order.expiresAt,
    copiaECola: order.copiaECola,
  });
  for (const [i, text] of texts.entries())
    await postToChat(deps, { ...base, part: { text }, id: pixMessageId(order.id, i) });
  if (order.qrPng)
    await postToChat(deps, {
      ...base,
      part: { png: Buffer.from(order.qrPng, 'base64'), caption: qrCaption(order.totalCents) },
      id: pixMessageId(order.id, texts.length),
    });
  // The charge reached the customer: who reacts listens (the funnel's card to Orçamento;
  // docs/decisions/060-events-features-listen.md). Published before the lease is cleared, so a process
  // killed between the two leaves the order to the sweeper, which publishes it again (listeners are idempotent).
  await publishEngineEvents(deps, {
    key: `charged:${order.id}`,
    afterBurst: null,
    events: [{ name: 'order.charged', payload: { userId: order.userId, convId: order.convId, orderId: order.id } }],
  });
  await releaseOrderClaim(deps.db, order.id);
}

/** The id of an order's n-th Pix message (a name-based UUID): the same on every try, so each is stored once. */
export function pixMessageId(orderId: string, n: number): string {
  const h = createHash('sha256').update(`pix-message:${orderId}:${n}`).digest('hex');
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
