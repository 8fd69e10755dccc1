import { z } from 'zod';
import { blank, optionalString, sealingKey } from './parse.ts';

/** PIX_MERCADOPAGO_URL's value that points Mercado Pago's calls at the local Pix stand-in. */
export const PIX_MERCADOPAGO_LOCAL = 'local';

/** Plans paid through Stripe or the local stand-in, and Pix charges in the chat (decisions 012, 038). Composed by ../env.ts; docs/configuration.md describes each variable. */
export const paymentsVariables = {
  /** Payments (docs/decisions/012-payments-stripe-and-local-stand-in.md): Stripe secret key (sk_test_… / sk_live_…). Unset → the local payments stand-in outside production. */
  STRIPE_SECRET_KEY: optionalString,
  /** Signing secret of the /webhooks/stripe endpoint (whsec_…); required with STRIPE_SECRET_KEY. */
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** Stripe price ids (recurring, monthly) of the paid plans, and the metered price for AI messages past the limit. */
  STRIPE_PRICE_EXPANSAO_IA: optionalString,
  STRIPE_PRICE_CONSCIENCIA: optionalString,
  STRIPE_PRICE_OVERAGE: optionalString,
  /** event_name of the Stripe billing meter the overage price is attached to. */
  STRIPE_METER_EVENT_NAME: z.preprocess(blank, z.string().default('vendai_ai_messages')),
  /** The local payments stand-in (local checkout and portal pages, Stripe-shaped signed webhooks). Default: on outside production without STRIPE_SECRET_KEY. */
  PAYMENTS_STANDIN_ENABLED: z.preprocess(blank, z.enum(['true', 'false']).optional()),
  /** How often the overage job reports AI messages past the plan's limit to Stripe (s). */
  BILLING_METER_INTERVAL_SECONDS: z.preprocess(blank, z.coerce.number().min(1).default(60)),
  /**
   * Pix charges in the chat (docs/decisions/038-pix-charges.md): the providers' API addresses (Asaas's
   * sandbox is https://api-sandbox.asaas.com; PIX_MERCADOPAGO_URL=local sends Mercado Pago's calls to
   * the local stand-in, for a server without internet), the local Pix stand-in (default: on outside production),
   * and the key sealing owners' Pix API keys (32 bytes, 64 hex or base64; unset: derived from AUTH_SECRET).
   */
  PIX_ASAAS_URL: z.preprocess(blank, z.url().default('https://api.asaas.com')),
  PIX_MERCADOPAGO_URL: z.preprocess(
    blank,
    z.union([z.literal(PIX_MERCADOPAGO_LOCAL), z.url()]).default('https://api.mercadopago.com'),
  ),
  PIX_STANDIN_ENABLED: z.preprocess(blank, z.enum(['true', 'false']).optional()),
  PIX_KEY_ENCRYPTION_KEY: sealingKey,
};
