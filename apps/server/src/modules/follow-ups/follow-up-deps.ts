import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import type { AlertDeps } from '../../domain/handoff/owner-alerts.ts';
import type { Llm } from '../../integrations/llm/llm.ts';
import type { RealtimeHub } from '../../realtime/realtime-hub.ts';

/** One stored outgoing message to send (the one door out, domain/outbound: never twice). */
export interface OutgoingText {
  /** A touch the AI wrote or a message the owner scheduled (docs/decisions/046-one-door-out.md). */
  origin: 'ai_touch' | 'scheduled';
  messageId: string;
  instanceName: string;
  contactJid: string;
  text: string;
}

/**
 * The one door out (domain/outbound/send-outbound.ts), handed in by the composition root (app.ts):
 * the same reconciliation as the AI's replies (docs/decisions/046-one-door-out.md).
 */
export interface FollowUpSender {
  send(
    m: OutgoingText,
  ): Promise<{ ok: true; externalId: string | null } | { ok: false; error: unknown; unconfirmed: boolean }>;
  /** The gateway's record of the chat: our text since `startedAt` (ms) found, provably absent, or unknown. */
  lookUp(m: OutgoingText, startedAt: number): Promise<{ externalId: string } | 'absent' | 'unknown'>;
}

export interface FollowUpConfig {
  /** How often due follow-ups are looked for (FOLLOW_UPS_POLL_SECONDS). */
  pollMs: number;
  /** A claim not renewed for this long belongs to a dead process (ENGINE_LEASE_SECONDS). */
  leaseMs: number;
  /** Touches an account sends a day at most (FOLLOW_UPS_ACCOUNT_DAILY_CAP). */
  accountDailyCap: number;
}

export function followUpConfigFromEnv(env: Env): FollowUpConfig {
  return {
    pollMs: env.FOLLOW_UPS_POLL_SECONDS * 1000,
    leaseMs: env.ENGINE_LEASE_SECONDS * 1000,
    accountDailyCap: env.FOLLOW_UPS_ACCOUNT_DAILY_CAP,
  };
}

export interface FollowUpDeps {
  db: Db;
  llm: Llm;
  realtime: RealtimeHub;
  log: FastifyBaseLogger;
  sender: FollowUpSender;
  /** The owner's alert when the breaker pauses a number. */
  alerts: AlertDeps;
  config: FollowUpConfig;
  /** The clock of due times (tests move it); leases use the database's. */
  now: () => Date;
}
