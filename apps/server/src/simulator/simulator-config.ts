import { createHmac } from 'node:crypto';
import type { Env } from '../config/env.ts';

/** Evolution-compatible REST surface of the built-in simulator. */
export const SIMULATOR_API_PREFIX = '/simulator/api';
/** JSON API of the 'Simulador de WhatsApp' page (public: the page plays the customer's phone). */
export const SIMULATOR_UI_API_PREFIX = '/simulator/ui-api';
/** The page's approval view, the content of every simulated QR code. */
export const SIMULATOR_APPROVE_PAGE = '/simulador/aprovar';

/** The version the simulator imitates (contract: Evolution API 2.3.7). */
export const SIMULATED_VERSION = '2.3.7';

/**
 * The simulator's global apikey (Evolution's AUTHENTICATION_API_KEY), derived from AUTH_SECRET so it
 * is stable across restarts, secret in production, and needs no variable of its own.
 */
export function simulatorApiKey(env: Pick<Env, 'authSecret'>): string {
  return `sim-${createHmac('sha256', env.authSecret).update('vendai-whatsapp-simulator-apikey').digest('hex').slice(0, 40)}`;
}

/** Baileys-like timings (contract §2.2, §3.5), kept as named constants. */
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

/** Webhook delivery like Evolution's retryWebhookRequest (contract §3.2). */
export const SIM_WEBHOOK_RETRY = {
  maxAttempts: 10,
  baseDelayMs: 5_000,
  maxDelayMs: 300_000,
  timeoutMs: 30_000,
  nonRetryableStatuses: [400, 401, 403, 404, 422],
} as const;
