import { createHmac } from 'node:crypto';
import type { Env } from '../config/env.ts';

/** Evolution-compatible REST surface of the built-in simulator. */
export const SIMULATOR_API_PREFIX = '/simulator/api';
/**
 * JSON API of the 'Simulador de WhatsApp' page: a signed-in session of the app, and only that
 * account's own numbers (docs/decisions/022-fakes-apart-and-simulator-access.md).
 */
export const SIMULATOR_UI_API_PREFIX = '/simulator/ui-api';
/** The page's approval view, the content of every simulated QR code. */
export const SIMULATOR_APPROVE_PAGE = '/simulador/aprovar';

/** One answer for a connection that does not exist and one that belongs to another account. */
export const SIM_INSTANCE_NOT_FOUND = 'Conexão não encontrada no simulador.';

/** The version the simulator imitates (contract: Evolution API 2.3.7). */
export const SIMULATED_VERSION = '2.3.7';

/**
 * The simulator's global apikey (Evolution's AUTHENTICATION_API_KEY), derived from AUTH_SECRET so it
 * is stable across restarts, secret in production, and needs no variable of its own.
 */
export function simulatorApiKey(env: Pick<Env, 'authSecret'>): string {
  return `sim-${createHmac('sha256', env.authSecret).update('vendai-whatsapp-simulator-apikey').digest('hex').slice(0, 40)}`;
}

/** Baileys-like timings (docs/evolution-api-contract.md#22-get-instanceconnectname--200, docs/evolution-api-contract.md#35-connection_update-data), kept as named constants. */
export const SIM_TIMING = {
  /** A QR lives this long, then a new one is drawn (count + 1). */
  qrTtlMs: 45_000,
  /** After this many QRs the instance gives up: qrcode.updated limit message + connection.update refused. */
  qrLimit: 30,
  /** How often the simulator looks for expired QRs to rotate. */
  qrSweepMs: 5_000,
  /** Phone scan → connecting → open. */
  handshakeMs: 300,
  /** Outgoing messages: PENDING → SERVER_ACK → DELIVERY_ACK. */
  ackDelayMs: 250,
} as const;

/** Webhook delivery like Evolution's retryWebhookRequest (docs/evolution-api-contract.md#32-routing-byevents-global-vs-instance-retries). */
export const SIM_WEBHOOK_RETRY = {
  maxAttempts: 10,
  baseDelayMs: 5_000,
  maxDelayMs: 300_000,
  timeoutMs: 30_000,
  nonRetryableStatuses: [400, 401, 403, 404, 422],
} as const;
