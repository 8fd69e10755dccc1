import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { fromPglite, PgBoss, type JobResult } from 'pg-boss';
import type { Database } from '../db/client.ts';
import type { JobDefinition, Jobs, JobType, SendJobOptions, SendOutcome } from './job.ts';

export interface JobRunnerOptions {
  database: Database;
  log: FastifyBaseLogger;
  /** How often a worker looks for due jobs (delayed jobs are found by polling; new ones wake it at once). */
  pollSeconds: number;
  /**
   * false on a web process (docs/decisions/030-process-roles.md): the queues are created so jobs can be
   * sent from here, but no job runs here and no cron schedule is kept; worker processes run them.
   */
  work?: boolean;
  /**
   * JOBS_TAKEOVER_SECONDS: every queue's expiry at most this, checked every min(60, this / 2) s, so a job whose
   * worker was killed is taken over in seconds rather than minutes (docs/decisions/082-job-takeover-in-tests.md).
   */
  takeoverSeconds?: number;
}

/** The runner's timings from the configuration (JOBS_POLL_SECONDS, JOBS_TAKEOVER_SECONDS). */
export const jobTimings = (env: { JOBS_POLL_SECONDS: number; JOBS_TAKEOVER_SECONDS?: number | undefined }) => ({
  pollSeconds: env.JOBS_POLL_SECONDS,
  takeoverSeconds: env.JOBS_TAKEOVER_SECONDS,
});

/**
 * How often a worker of a queue without delayed jobs looks for jobs on its own while NOTIFY wakes it
 * for every job sent: what it finds then are retries (their delays are seconds to minutes). Polling
 * every queue at JOBS_POLL_SECONDS cost about 30 statements a second per worker process, busy or idle.
 */
export const NOTIFIED_QUEUE_POLL_SECONDS = 5;

/** A send refused while a job with its key runs is tried again after this, doubling up to the cap. */
const DEFERRED_FIRST_MS = 500;
const DEFERRED_MAX_MS = 10_000;

/**
 * A queue's settings: the job type's own over the defaults (three retries from 1 s, doubling); with a takeover
 * time, its expiry is at most that (pg-boss's own default expiry is 15 minutes).
 */
function queueSettings(def: JobType, takeoverSeconds?: number) {
  const settings = { notify: true, retryLimit: 3, retryBackoff: true, retryDelay: 1, ...def.queue };
  if (takeoverSeconds === undefined) return settings;
  return { ...settings, expireInSeconds: Math.min(settings.expireInSeconds ?? 15 * 60, takeoverSeconds) };
}

/** The settings createQueue writes once and updateQueue can change later (a policy cannot change). */
const UPDATABLE = [
  'retryLimit',
  'retryDelay',
  'retryBackoff',
  'retryDelayMax',
  'expireInSeconds',
  'deleteAfterSeconds',
] as const;

/**
 * createQueue leaves an existing queue as it was created, so a job type whose settings changed in a
 * later version (more retries, a longer expiry) would keep the old ones on a database that already had
 * it: one read of every queue, and an update of each that differs from its type. A policy that differs
 * cannot be changed in place: it is logged.
 */
async function alignQueues(
  b: PgBoss,
  defs: JobType[],
  log: FastifyBaseLogger,
  takeoverSeconds: number | undefined,
): Promise<void> {
  const stored = new Map((await b.getQueues(defs.map((d) => d.id))).map((q) => [q.name, q]));
  for (const def of defs) {
    const queue = stored.get(def.id);
    if (!queue) continue;
    const wanted = queueSettings(def, takeoverSeconds);
    const changed = Object.fromEntries(
      UPDATABLE.filter((k) => wanted[k] !== undefined && wanted[k] !== queue[k]).map((k) => [k, wanted[k]]),
    );
    if (Object.keys(changed).length > 0) {
      // All of them, not only what changed: pg-boss checks them together (retryDelayMax needs retryBackoff).
      const settings = Object.fromEntries(UPDATABLE.filter((k) => wanted[k] !== undefined).map((k) => [k, wanted[k]]));
      await b.updateQueue(def.id, settings);
      log.info({ job: def.id, changed }, 'job queue settings updated to this version');
    }
    if ((wanted.policy ?? 'standard') !== (queue.policy ?? 'standard'))
      log.warn({ job: def.id, stored: queue.policy, wanted: wanted.policy }, 'job queue policy differs; not changed');
  }
}

/**
 * pg-boss on the app's own database: on PGlite through its built-in adapter (one connection,
 * shared with the app), on PostgreSQL with a small pool of its own. Queues use LISTEN/NOTIFY so a
 * job due now starts within milliseconds; delayed jobs are picked up by the poll.
 */
export function createJobRunner({ database, log, pollSeconds, work = true, takeoverSeconds }: JobRunnerOptions): Jobs {
  const definitions = new Map<string, JobDefinition>();
  let boss: PgBoss | null = null;
  let stopping = false;
  /** Sends refused while a job with the same key ran, waiting to be sent again (see SendOutcome). */
  const deferred = new Set<NodeJS.Timeout>();

  /** One try: queued, or refused and covered by a queued job with the key, or refused while one runs. */
  async function trySend(b: PgBoss, name: string, payload: object, options: SendJobOptions): Promise<SendOutcome> {
    if (options.unlessKnown && options.singletonKey) {
      const known = await b.findJobs(name, { key: options.singletonKey, limit: 1 });
      if (known.length > 0) return 'known';
    }
    const id = await b.send(name, payload, {
      ...(options.startAfter ? { startAfter: options.startAfter } : {}),
      ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
    });
    if (id || !options.singletonKey) return 'queued';
    const queued = await b.findJobs(name, { key: options.singletonKey, queued: true, limit: 1 });
    return queued.length > 0 ? 'covered' : 'deferred';
  }

  /** Sends again until accepted or covered; only this process's stop() ends it (then it is logged). */
  function sendLater(name: string, payload: object, options: SendJobOptions, delayMs: number): void {
    const timer = setTimeout(() => {
      deferred.delete(timer);
      const b = boss;
      if (!b) return;
      trySend(b, name, payload, options)
        .then((outcome) => {
          if (outcome === 'deferred') return sendLater(name, payload, options, Math.min(delayMs * 2, DEFERRED_MAX_MS));
          log.info({ job: name, singletonKey: options.singletonKey, outcome }, 'job sent after the running one ended');
        })
        .catch((err) => {
          log.warn({ err, job: name, singletonKey: options.singletonKey }, 'deferred job send failed; trying again');
          sendLater(name, payload, options, DEFERRED_MAX_MS);
        });
    }, delayMs);
    timer.unref();
    deferred.add(timer);
  }

  const base = {
    useListenNotify: true,
    openTelemetry: { enabled: false },
    // Warnings are about queue sizes and slow statements; the app's log is enough.
    persistWarnings: false,
    // Expired jobs are found by pg-boss's monitor pass (every 60 s by default).
    ...(takeoverSeconds === undefined
      ? {}
      : (() => {
          const every = Math.max(1, Math.min(60, Math.floor(takeoverSeconds / 2)));
          return { monitorIntervalSeconds: every, superviseIntervalSeconds: every };
        })()),
  } as const;

  function createBoss(): PgBoss {
    // The cron pass only runs when some job has a schedule.
    const schedule = work && [...definitions.values()].some((d) => d.cron);
    const common = { ...base, schedule };
    if (database.kind === 'pglite') {
      if (!database.pglite) throw new Error('PGlite database without its instance');
      return new PgBoss({ ...common, db: fromPglite(database.pglite), backend: 'pglite' });
    }
    const connectionString = (database.pool as unknown as { options?: { connectionString?: string } })?.options
      ?.connectionString;
    if (!connectionString) throw new Error('PostgreSQL database without a connection string');
    return new PgBoss({ ...common, connectionString, max: 4, application_name: 'vendai-jobs' });
  }

  return {
    register(definition) {
      if (boss) throw new Error(`job ${definition.id} registered after start`);
      definitions.set(definition.id, definition as unknown as JobDefinition);
    },

    async start() {
      const b = createBoss();
      b.on('error', (err) => {
        if (!stopping) log.error({ err }, 'job queue error');
      });
      b.on('warning', (warning) => log.debug({ warning }, 'job queue warning'));
      await b.start();
      boss = b;
      for (const def of definitions.values()) await b.createQueue(def.id, queueSettings(def, takeoverSeconds));
      await alignQueues(b, [...definitions.values()], log, takeoverSeconds);
      for (const def of definitions.values()) {
        if (!work) continue;
        await b.work(
          def.id,
          {
            batchSize: def.batchSize ?? 10,
            localConcurrency: def.localConcurrency ?? 1,
            // Without NOTIFY (its connection lost) every queue looks at JOBS_POLL_SECONDS.
            pollingIntervalSeconds: pollSeconds,
            notifyPollingIntervalSeconds: def.delayed
              ? pollSeconds
              : Math.max(pollSeconds, NOTIFIED_QUEUE_POLL_SECONDS),
            perJobResults: true,
          },
          async (jobs): Promise<JobResult[]> =>
            Promise.all(
              jobs.map(async (job): Promise<JobResult> => {
                const parsed = def.payload.safeParse(job.data);
                if (!parsed.success) {
                  log.error(
                    { job: def.id, jobId: job.id, issues: parsed.error.issues },
                    'job payload invalid: dropped',
                  );
                  return { id: job.id, status: 'deadletter' };
                }
                try {
                  await def.handler(parsed.data, { jobId: job.id, log });
                  return { id: job.id, status: 'completed' };
                } catch (err) {
                  // A handler that asks to run again later (its work is not ready yet) is no failure to warn of.
                  const quiet = (err as { quiet?: boolean }).quiet === true;
                  log[quiet ? 'debug' : 'warn']({ err, job: def.id, jobId: job.id }, 'job failed; pg-boss retries it');
                  return { id: job.id, status: 'failed', output: { message: (err as Error).message } };
                }
              }),
            ),
        );
        if (def.cron) await b.schedule(def.id, def.cron, {});
      }
    },

    async send<S extends z.ZodType>(definition: JobType<S>, data: z.infer<S>, options: SendJobOptions = {}) {
      if (!boss) throw new Error(`job ${definition.id} sent before the job runner started`);
      if (options.startAfter && !definition.delayed)
        throw new Error(`job ${definition.id} sent with startAfter: its type must say delayed: true`);
      const payload = definition.payload.parse(data) as object;
      const outcome = await trySend(boss, definition.id, payload, options);
      if (outcome === 'covered')
        log.debug({ job: definition.id, singletonKey: options.singletonKey }, 'job already queued with this key');
      if (outcome === 'deferred') {
        log.info(
          { job: definition.id, singletonKey: options.singletonKey },
          'job with this key is running: sent again when it ends',
        );
        sendLater(definition.id, payload, options, DEFERRED_FIRST_MS);
      }
      return outcome;
    },

    async stop() {
      if (!boss) return;
      stopping = true;
      if (deferred.size > 0) log.warn({ count: deferred.size }, 'job runner stopped with deferred sends not yet sent');
      for (const timer of deferred) clearTimeout(timer);
      deferred.clear();
      const b = boss;
      boss = null;
      // close: PGlite belongs to the app (closed after this); pg-boss's own pool is closed here.
      await b.stop({ graceful: true, timeout: 5_000, close: database.kind !== 'pglite' });
    },
  };
}
