import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { REPLY_CONTEXT_MESSAGES } from '../../domain/ai-reply/reply-request.ts';
import type { PreparedTarget } from '../../db/prepared.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import type { Gateway } from '../../integrations/gateway/gateway.ts';
import type { Llm } from '../../integrations/llm/llm.ts';
import type { MediaAi } from '../../integrations/media-ai/media-ai.ts';
import type { Storage } from '../../integrations/storage/storage.ts';
import type { Jobs } from '../../jobs/job.ts';
import type { EngineEvents } from '../../domain/engine-events/event-bus.ts';
import type { RealtimeHub } from '../../realtime/realtime-hub.ts';
import type { AgendaChatPort } from '../../domain/agenda-chat/agenda-port.ts';
import type { ReplyWriter } from './replies/reply-writer.ts';

/**
 * Messages older than this when they arrive (history sync, a reconnect) are stored, never answered: an answer
 * to a three-minute-old message reads as a bot catching up. A product rule, not an operator's setting (decision 077).
 */
const STALE_MESSAGE_MS = 180_000;
/**
 * Media understanding caps, product rules (decision 077): a file past 10 MB is never sent to the provider
 * (OpenAI's upload limit is 25 MB; a voice note or photo is far below), and the newest 4 media of a burst are
 * understood before one reply (older ones keep their plain description), which bounds a reply's AI calls.
 */
const MEDIA_MAX_BYTES = 10 * 1024 * 1024;
const MEDIA_MAX_PER_REPLY = 4;

/** Tunables of the conversation engine, from the environment (docs/configuration.md) and the constants above. */
export interface EngineConfig {
  /** Floor of the quiet time: groups a burst even at delay 0 (ENGINE_MIN_QUIET_MS, default 2000). */
  minQuietMs: number;
  /** Messages older than this when they arrive are stored, never answered (STALE_MESSAGE_MS). */
  staleMs: number;
  /** First backoff step of LLM and gateway retries; doubles each attempt (ENGINE_RETRY_BASE_MS). */
  retryBaseMs: number;
  /** A claim not renewed for this long is taken over by the recovery sweep (ENGINE_LEASE_SECONDS). */
  leaseMs: number;
  /** Attempts for one AI answer and for one gateway send. */
  llmAttempts: number;
  sendAttempts: number;
  /** Recent messages given to the AI as context. */
  contextMessages: number;
  /** How long 'digitando…' is shown while the answer is prepared. */
  typingMs: number;
  /** Longest sleep of the reply scheduler between looks for due bursts (JOBS_POLL_SECONDS). */
  pollMs: number;
  /** Replies prepared and sent at once by this process (ENGINE_MAX_REPLIES_IN_FLIGHT). */
  maxRepliesInFlight: number;
  /** The app's address, for the conversation link in owner alerts (APP_URL). */
  appUrl: string;
  /** Drafts written this close to the owner's last draft alert are grouped into one (APPROVAL_ALERT_GROUP_SECONDS). */
  approvalAlertGroupMs: number;
  /** Media understanding before a reply (MEDIA_AUDIO_MAX_SECONDS and the constants above). */
  media: { audioMaxSeconds: number; maxBytes: number; maxPerReply: number };
}

export function engineConfigFromEnv(env: Env): EngineConfig {
  return {
    minQuietMs: env.ENGINE_MIN_QUIET_MS,
    staleMs: STALE_MESSAGE_MS,
    retryBaseMs: env.ENGINE_RETRY_BASE_MS,
    leaseMs: env.ENGINE_LEASE_SECONDS * 1000,
    llmAttempts: 3,
    sendAttempts: 4,
    contextMessages: REPLY_CONTEXT_MESSAGES,
    typingMs: 3_000,
    pollMs: env.JOBS_POLL_SECONDS * 1000,
    maxRepliesInFlight: env.ENGINE_MAX_REPLIES_IN_FLIGHT,
    appUrl: env.appUrl,
    approvalAlertGroupMs: env.APPROVAL_ALERT_GROUP_SECONDS * 1000,
    media: {
      audioMaxSeconds: env.MEDIA_AUDIO_MAX_SECONDS,
      maxBytes: MEDIA_MAX_BYTES,
      maxPerReply: MEDIA_MAX_PER_REPLY,
    },
  };
}

/** Tells this process's reply scheduler that a burst is due at `dueAt` (reply-scheduler.ts). */
export interface ReplyWaker {
  wake(dueAt: Date): void;
}

/** What the engine's services need. */
export interface EngineDeps {
  db: Db;
  /** The same database, for statements run as named prepared statements (db/prepared.ts). */
  database: PreparedTarget;
  gateway: Gateway;
  /** The owner's alerts by e-mail (domain/handoff/owner-alerts.ts). */
  mailer: Mailer;
  llm: Llm;
  mediaAi: MediaAi;
  storage: Storage;
  realtime: RealtimeHub;
  jobs: Jobs;
  /** The listeners of the engine's events, registered at composition (docs/decisions/057-engine-events.md). */
  events: EngineEvents;
  log: FastifyBaseLogger;
  config: EngineConfig;
  /**
   * Told when a burst's first answer part was accepted by the gateway (the pipeline metric, observability/),
   * with when its last customer message arrived when the reply already knows it (null: looked up).
   */
  onFirstPartSent?(burstId: string, receivedAt: Date | null): void;
  /**
   * The agenda, for the AI's booking tools (docs/decisions/070-agenda-in-the-chat.md); absent: no tools
   * are offered. Implemented by the agenda module, handed over by app.ts.
   */
  agenda?: AgendaChatPort;
  /** Set by createEngine. */
  replies: ReplyWaker;
  writer: ReplyWriter;
}

/** The owner-alerts path's dependencies (domain/handoff/owner-alerts.ts) out of the engine's. */
export const alertDeps = (deps: EngineDeps) => ({
  db: deps.db,
  gateway: deps.gateway,
  mailer: deps.mailer,
  log: deps.log,
  appUrl: deps.config.appUrl,
  jobs: deps.jobs,
});
