import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';

/**
 * A durable job: a dotted id (the pg-boss queue name), a zod payload and a handler. Jobs live in the
 * same Postgres as the data (pg-boss), so a job scheduled before a crash runs after the restart.
 *
 * pg-boss delivers a job at least once (a worker killed mid-job gets it retried), so a handler must
 * be safe to run twice: the engine's handlers claim their work with a conditional UPDATE first.
 */
export interface JobType<S extends z.ZodType = z.ZodType> {
  /** Dotted id, e.g. 'engine.reply': the pg-boss queue name. */
  id: string;
  payload: S;
  /**
   * A recurring schedule (cron, UTC; pg-boss sends one job per occurrence across all processes,
   * kept in the database). Absent: the job only runs when sent.
   */
  cron?: string;
  /** Queue settings (pg-boss QueueOptions): retries, backoff, expiry. */
  queue?: {
    retryLimit?: number;
    retryDelay?: number;
    retryBackoff?: boolean;
    retryDelayMax?: number;
    expireInSeconds?: number;
    deleteAfterSeconds?: number;
    /** 'exclusive': at most one job per singletonKey queued, retrying or running at once. */
    policy?: 'standard' | 'exclusive';
  };
  /**
   * Sent with a start time (SendJobOptions.startAfter): workers look for due jobs every
   * JOBS_POLL_SECONDS so each starts on time. Other queues are woken by NOTIFY when a job is sent and
   * look on their own only every NOTIFIED_QUEUE_POLL_SECONDS (job-runner.ts), which is when a retry runs.
   */
  delayed?: boolean;
  /** Jobs fetched per poll and handlers run at once in this process. */
  batchSize?: number;
  localConcurrency?: number;
}

/** A job type with its handler, registered once at start. */
export interface JobDefinition<S extends z.ZodType = z.ZodType> extends JobType<S> {
  handler(data: z.infer<S>, ctx: JobContext): Promise<void>;
}

export interface JobContext {
  jobId: string;
  log: FastifyBaseLogger;
}

/** Identity helpers that keep the payload type attached. */
export function defineJobType<S extends z.ZodType>(type: JobType<S>): JobType<S> {
  return type;
}

export function defineJob<S extends z.ZodType>(
  type: JobType<S>,
  handler: JobDefinition<S>['handler'],
): JobDefinition<S> {
  return { ...type, handler };
}

export interface SendJobOptions {
  /** Run no earlier than this (a delayed job survives restarts). */
  startAfter?: Date;
  /**
   * With the queue's 'exclusive' policy: one job with this key is queued, retrying or running at once.
   * A send refused because one is already queued is covered by that one (it has not started, so it
   * reads what the caller wrote); refused because one is running, it is sent again once that one ends.
   */
  singletonKey?: string;
  /**
   * With singletonKey: sent only when no job with this key exists in any state (queued, running, done,
   * failed) — a recovery re-publishing what a crash may have kept from being queued, and no more.
   */
  unlessKnown?: boolean;
}

/**
 * What became of a send: 'queued'; 'covered', refused because a job with the same key is queued and
 * not started yet (it will do the work); 'deferred', refused because one is running (it may have
 * read the state before the caller changed it), so this process sends it again when that one ends;
 * 'known', not sent because a job with the key exists (SendJobOptions.unlessKnown).
 */
export type SendOutcome = 'queued' | 'covered' | 'deferred' | 'known';

/** The app's job runner (app.deps.jobs). */
export interface Jobs {
  /** Adds a job type; call before start(). */
  register<S extends z.ZodType>(definition: JobDefinition<S>): void;
  /** Creates the queues and starts the workers. */
  start(): Promise<void>;
  /**
   * Enqueues a job; the payload is validated against the definition's schema. Never drops a send
   * silently: a refused singleton is logged and answered 'covered' or 'deferred' (see SendOutcome).
   */
  send<S extends z.ZodType>(type: JobType<S>, data: z.infer<S>, options?: SendJobOptions): Promise<SendOutcome>;
  /** Stops fetching, waits a moment for running handlers, and lets go of the database. */
  stop(): Promise<void>;
}
