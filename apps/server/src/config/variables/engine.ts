import { z } from 'zod';
import { blank } from './parse.ts';

/** The conversation engine, follow-ups, campaigns and jobs: capacity and timing (decisions 005, 037, 046, 072). Composed by ../env.ts; docs/configuration.md describes each variable. */
export const engineVariables = {
  /** Conversation engine (docs/decisions/005-conversation-engine.md): floor of the quiet time before an AI reply, even at delay 0 (ms). */
  ENGINE_MIN_QUIET_MS: z.preprocess(blank, z.coerce.number().int().min(0).max(60_000).default(2_000)),
  /** First backoff step of AI and gateway retries (doubles each attempt), ms. */
  ENGINE_RETRY_BASE_MS: z.preprocess(blank, z.coerce.number().int().min(0).default(1_000)),
  /** A reply claim not renewed for this long belongs to a dead worker and is recovered (s). */
  ENGINE_LEASE_SECONDS: z.preprocess(blank, z.coerce.number().int().min(3).default(30)),
  /**
   * AI replies one process prepares and sends at once. With a real AI each holds its slot for the
   * model's latency, so replies/s per process ≈ this / latency (s); bursts beyond it wait in the table.
   */
  ENGINE_MAX_REPLIES_IN_FLIGHT: z.preprocess(blank, z.coerce.number().int().min(1).max(5_000).default(200)),
  /** Approval drafts written within this many seconds of the last draft alert wait and go as one alert (decision 046). */
  APPROVAL_ALERT_GROUP_SECONDS: z.preprocess(blank, z.coerce.number().int().min(1).max(3_600).default(120)),
  /** How often each worker looks for due follow-ups and scheduled messages (s; docs/decisions/037-follow-ups.md). */
  FOLLOW_UPS_POLL_SECONDS: z.preprocess(blank, z.coerce.number().min(0.2).default(15)),
  /** Follow-up touches one account sends a day at most, all numbers together (each number has its own cap too). */
  FOLLOW_UPS_ACCOUNT_DAILY_CAP: z.preprocess(blank, z.coerce.number().int().min(0).default(100)),
  /** Campaigns on a QR number: the random spacing between two sends (s; docs/decisions/072-campaigns.md). */
  CAMPAIGN_QR_MIN_GAP_SECONDS: z.preprocess(blank, z.coerce.number().min(0).max(3_600).default(60)),
  CAMPAIGN_QR_MAX_GAP_SECONDS: z.preprocess(blank, z.coerce.number().min(0).max(3_600).default(180)),
  /** Campaigns on a Cloud number: the spacing between two template sends (ms). */
  CAMPAIGN_CLOUD_GAP_MS: z.preprocess(blank, z.coerce.number().int().min(0).max(60_000).default(1_000)),
  /** How often job workers look for due delayed jobs (s, ≥ 0.5); new jobs wake them at once. */
  JOBS_POLL_SECONDS: z.preprocess(blank, z.coerce.number().min(0.5).default(0.5)),
  /**
   * A job whose worker died (kill -9, a lost machine) is taken over once pg-boss finds it expired: after its queue's
   * own expiry (2 minutes to 3 hours) and up to a minute more. When set (s, 5–3600), no queue's expiry is longer and
   * expiry is checked every min(60, this / 2) s. For the tests of that takeover; leave it unset in production: a job
   * that runs longer than this is taken over while it still runs (docs/decisions/082-job-takeover-in-tests.md).
   */
  JOBS_TAKEOVER_SECONDS: z.preprocess(blank, z.coerce.number().int().min(5).max(3600).optional()),
};
