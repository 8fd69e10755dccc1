import { createHmac, randomBytes } from 'node:crypto';
import { PIX_MESSAGES, type PixSettings, type SavePixSettingsInput } from '@vendai/contracts';
import { pixProviderFor } from '../../integrations/pix/create-pix-provider.ts';
import { type PixProvider, PixProviderError } from '../../integrations/pix/pix-provider.ts';
import { newStandinApiKey } from '../../integrations/pix/standin/standin-key.ts';
import { isEmailVerified, PIX_NEEDS_VERIFIED_EMAIL } from '../../domain/account/email-verified.ts';
import { AppError } from '../../lib/app-error.ts';
import { openSecret, sealSecret } from '../../lib/secret-box.ts';
import {
  deletePixAccount,
  type PixAccountRow,
  selectPixAccountRow,
  upsertPixAccount,
} from './pix-account-repository.ts';
import { type PixDeps, pixWebhookUrl } from './pix-deps.ts';

/** An owner's Pix account with its secrets opened. */
export interface PixAccount {
  userId: string;
  provider: PixAccountRow['provider'];
  apiKey: string;
  keyHint: string;
  webhookId: string;
  webhookSecret: string | null;
  updatedAt: Date;
}

export async function loadPixAccount(deps: PixDeps, where: { accountId: string } | { webhookId: string }) {
  const row = await selectPixAccountRow(
    deps.db,
    'accountId' in where ? { accountId: where.accountId } : { webhookId: where.webhookId },
  );
  if (!row) return null;
  return {
    userId: row.userId,
    provider: row.provider,
    apiKey: openSecret(deps.sealKey, row.apiKeySealed),
    keyHint: row.keyHint,
    webhookId: row.webhookId,
    webhookSecret: row.webhookSecretSealed ? openSecret(deps.sealKey, row.webhookSecretSealed) : null,
    updatedAt: row.updatedAt,
  } satisfies PixAccount;
}

/** The account's provider adapter; 503 when its choice cannot run here (the stand-in in production). */
export function providerOf(deps: PixDeps, account: Pick<PixAccount, 'provider' | 'apiKey'>): PixProvider {
  const provider = pixProviderFor(account, deps.endpoints);
  if (!provider) throw new AppError('NOT_CONFIGURED', PIX_MESSAGES.standinOff);
  return provider;
}

/**
 * The webhook id an owner's account will have when first saved, known before: derived from the user id
 * with the sealing key, so the settings screen shows the URL to register at Mercado Pago before the
 * owner has the signing secret that registering it gives. Kept once saved (`pix_accounts.webhook_id`).
 */
const firstWebhookId = (deps: PixDeps, accountId: string) =>
  createHmac('sha256', deps.sealKey).update(`pix-webhook:${accountId}`).digest('hex').slice(0, 32);

export async function getPixSettings(deps: PixDeps, accountId: string): Promise<PixSettings> {
  const account = await loadPixAccount(deps, { accountId });
  const standinUrl = deps.endpoints.standinUrl ? `${deps.env.appUrl}/pix-local` : null;
  return {
    configured: account !== null,
    provider: account?.provider ?? null,
    keyHint: account?.keyHint ?? null,
    webhookUrl: pixWebhookUrl(deps.env, account?.webhookId ?? firstWebhookId(deps, accountId)),
    webhookSecretSet: Boolean(account?.webhookSecret),
    standinAvailable: standinUrl !== null,
    standinUrl,
    updatedAt: account?.updatedAt.toISOString() ?? null,
  };
}

/**
 * Keeps the owner's choice after a test call with the key (a refused key is a 400 with the provider's
 * reason, nothing kept). Asaas and the stand-in get VendAI's webhook registered through their API, with
 * a token VendAI generated; Mercado Pago takes the owner's signing secret, now or on a later save that
 * keeps the access token (set-up in one pass: the URL is known before the first save).
 */
export async function savePixSettings(
  deps: PixDeps,
  user: { id: string; email: string },
  input: SavePixSettingsInput,
): Promise<PixSettings> {
  if (input.provider === 'standin' && !deps.endpoints.standinUrl)
    throw new AppError('VALIDATION', PIX_MESSAGES.standinOff);
  if (!(await isEmailVerified(deps.db, user.id))) throw new AppError('FORBIDDEN', PIX_NEEDS_VERIFIED_EMAIL);
  const current = await loadPixAccount(deps, { accountId: user.id });
  // The key kept when the same provider is saved again without one (Mercado Pago's secret added later).
  const kept = current?.provider === input.provider ? current : null;
  const apiKey = input.provider === 'standin' ? (kept?.apiKey ?? newStandinApiKey()) : (input.apiKey ?? kept?.apiKey);
  if (!apiKey) throw new AppError('VALIDATION', PIX_MESSAGES.keyRequired);
  const webhookId = current?.webhookId ?? firstWebhookId(deps, user.id);
  // Mercado Pago: the owner's signing secret, possibly not yet (its notifications are refused until
  // then and VendAI reads the charges itself: check-charge.ts). Asaas and the stand-in: a fresh token.
  const webhookSecret =
    input.provider === 'mercadopago'
      ? (input.webhookSecret ?? kept?.webhookSecret ?? null)
      : randomBytes(24).toString('hex');
  const provider = providerOf(deps, { provider: input.provider, apiKey });
  try {
    await provider.test();
    if (webhookSecret)
      await provider.configureWebhook({
        url: pixWebhookUrl(deps.env, webhookId),
        authToken: webhookSecret,
        email: user.email,
      });
  } catch (err) {
    if (err instanceof PixProviderError) throw new AppError('VALIDATION', err.message, { cause: err });
    throw err;
  }
  const row = {
    provider: input.provider,
    apiKeySealed: sealSecret(deps.sealKey, apiKey),
    keyHint: input.provider === 'standin' ? 'local' : `••••${apiKey.slice(-4)}`,
    webhookId,
    webhookSecretSealed: webhookSecret ? sealSecret(deps.sealKey, webhookSecret) : null,
    updatedAt: new Date(),
  };
  await upsertPixAccount(deps.db, user.id, row);
  return getPixSettings(deps, user.id);
}

/**
 * Forgets the owner's Pix account, first removing VendAI's webhook at the provider (found by its URL)
 * so no webhook is left behind posting to a URL that no longer answers. A provider that cannot be
 * reached (or a key it no longer accepts) does not keep the owner from removing the settings.
 */
export async function deletePixSettings(deps: PixDeps, accountId: string): Promise<PixSettings> {
  const current = await loadPixAccount(deps, { accountId });
  const provider = current ? pixProviderFor(current, deps.endpoints) : null;
  if (current && provider)
    await provider.removeWebhook({ url: pixWebhookUrl(deps.env, current.webhookId) }).catch((err: unknown) => {
      if (!(err instanceof PixProviderError)) throw err;
    });
  await deletePixAccount(deps.db, accountId);
  return getPixSettings(deps, accountId);
}
