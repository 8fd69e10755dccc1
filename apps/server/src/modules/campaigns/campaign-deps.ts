import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import type { Jobs } from '../../jobs/job.ts';
import type { Llm } from '../../integrations/llm/llm.ts';
import type { CloudTemplates } from '../../integrations/gateway/cloud-templates.ts';

/** One stored campaign message to send through the one door out (origin 'campaign'). */
export interface CampaignText {
  messageId: string;
  instanceName: string;
  contactJid: string;
  text: string;
}

/**
 * What the campaigns' sender needs, handed in by the composition root (app.ts): the one door out for
 * text (domain/outbound/send-outbound.ts, reconciled like the AI's replies) and for Cloud templates
 * (domain/outbound/send-template.ts), never the gateway itself (docs/decisions/046-one-door-out.md).
 */
export interface CampaignSender {
  send(
    m: CampaignText,
  ): Promise<{ ok: true; externalId: string | null } | { ok: false; error: unknown; unconfirmed: boolean }>;
  /** The gateway's record of the chat: our text since `startedAt` (ms) found, provably absent, or unknown. */
  lookUp(m: CampaignText, startedAt: number): Promise<{ externalId: string } | 'absent' | 'unknown'>;
  /** A Cloud number's approved template; Meta's message id, or throws its refusal (Portuguese, with Meta's code). */
  template(m: {
    numberId: string;
    to: string;
    messageId: string;
    template: { name: string; language: string; values: string[] };
  }): Promise<string>;
}

export interface CampaignConfig {
  qrMinGapMs: number;
  qrMaxGapMs: number;
  cloudGapMs: number;
  /** A claim older than this belongs to a dead process (ENGINE_LEASE_SECONDS). */
  leaseMs: number;
}

export function campaignConfigFromEnv(env: Env): CampaignConfig {
  return {
    qrMinGapMs: env.CAMPAIGN_QR_MIN_GAP_SECONDS * 1000,
    qrMaxGapMs: Math.max(env.CAMPAIGN_QR_MIN_GAP_SECONDS, env.CAMPAIGN_QR_MAX_GAP_SECONDS) * 1000,
    cloudGapMs: env.CAMPAIGN_CLOUD_GAP_MS,
    leaseMs: env.ENGINE_LEASE_SECONDS * 1000,
  };
}

export interface CampaignDeps {
  db: Db;
  llm: Llm;
  log: FastifyBaseLogger;
  jobs: Jobs;
  sender: CampaignSender;
  /** Submitted templates' statuses from Meta (the poll, decision 075); the number's quality rating (decision 078). */
  templates?: Pick<CloudTemplates, 'submit' | 'statuses' | 'qualityRating'>;
  config: CampaignConfig;
  now: () => Date;
  random?: () => number;
}
