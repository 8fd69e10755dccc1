/**
 * The job runner never drops a send silently (docs/decisions/055-pix-orders-state-machine.md): with the
 * 'exclusive' policy pg-boss refuses a second job with the same singletonKey while one is queued or
 * running. Refused while one is queued, the send is 'covered' (that job has not started, it reads the
 * caller's writes); refused while one runs, it is 'deferred' and sent again when the running one ends,
 * so the handler runs once more after it. On PGlite and PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { resultRows } from '../src/db/rows.ts';
import { defineJob, defineJobType, type Jobs } from '../src/jobs/job.ts';
import { createJobRunner } from '../src/jobs/job-runner.ts';
import { waitFor } from './helpers/engine-harness.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';

const busyJob = defineJobType({
  id: 'test.busy',
  payload: z.object({ key: z.string() }),
  queue: { policy: 'exclusive', retryLimit: 0 },
  localConcurrency: 2,
});

let database: TestDatabase;
let jobs: Jobs;
const runs: string[] = [];
let release: () => void = () => {};
let hold = new Promise<void>((resolve) => (release = resolve));

beforeAll(async () => {
  database = await createTestDatabase();
  jobs = createJobRunner({ database, log: Fastify({ logger: false }).log, pollSeconds: 1 });
  jobs.register(
    defineJob(busyJob, async ({ key }) => {
      runs.push(`start ${key}`);
      await hold;
      runs.push(`end ${key}`);
    }),
  );
  await jobs.start();
});

afterAll(async () => {
  release();
  await jobs.stop();
  await database.dispose();
});

describe('a singleton send refused while its key runs', () => {
  it('is deferred and runs after the running one ends; refused while queued, it is covered', async () => {
    expect(await jobs.send(busyJob, { key: 'a' }, { singletonKey: 'a' })).toBe('queued');
    await waitFor(async () => runs.includes('start a'), 'the first job running');

    // pg-boss refuses it (one with the key is active): the runner says so and keeps it.
    expect(await jobs.send(busyJob, { key: 'a' }, { singletonKey: 'a' })).toBe('deferred');

    release();
    hold = new Promise<void>((resolve) => (release = resolve));
    await waitFor(async () => runs.filter((r) => r === 'start a').length === 2, 'the deferred job running');
    release();
    await waitFor(async () => runs.filter((r) => r === 'end a').length === 2, 'both ended');
    expect(runs).toEqual(['start a', 'end a', 'start a', 'end a']);
  });

  it('a send refused because one with the key is queued (not started) is covered by it', async () => {
    const at = new Date(Date.now() + 3_600_000);
    const delayed = defineJobType({ ...busyJob, delayed: true });
    // A job queued for later holds the key without running.
    expect(await jobs.send(delayed, { key: 'b' }, { singletonKey: 'b', startAfter: at })).toBe('queued');
    expect(await jobs.send(busyJob, { key: 'b' }, { singletonKey: 'b' })).toBe('covered');
  });
});

describe('a send unless known (the recovery re-publishing)', () => {
  it('is sent when no job has the key, and not when one has it in any state, finished included', async () => {
    expect(await jobs.send(busyJob, { key: 'c' }, { singletonKey: 'c', unlessKnown: true })).toBe('queued');
    await waitFor(async () => runs.includes('end c'), 'the job ran and ended');
    expect(await jobs.send(busyJob, { key: 'c' }, { singletonKey: 'c', unlessKnown: true })).toBe('known');
    expect(runs.filter((r) => r === 'start c')).toHaveLength(1);
  });
});

describe("a queue created by an older version's settings", () => {
  it('gets the settings its type has now at the next start', async () => {
    const old = defineJobType({ id: 'test.settings', payload: z.object({}), queue: { retryLimit: 2 } });
    const first = createJobRunner({ database, log: Fastify({ logger: false }).log, pollSeconds: 1, work: false });
    first.register(defineJob(old, async () => {}));
    await first.start();
    await first.stop();
    const newer = defineJobType({ ...old, queue: { retryLimit: 300, retryDelayMax: 5, expireInSeconds: 120 } });
    const second = createJobRunner({ database, log: Fastify({ logger: false }).log, pollSeconds: 1, work: false });
    second.register(defineJob(newer, async () => {}));
    await second.start();
    await second.stop();
    const [row] = resultRows<{ retry_limit: number; retry_delay_max: number; expire_seconds: number }>(
      await database.db.execute(
        sql`select retry_limit, retry_delay_max, expire_seconds from pgboss.queue where name = 'test.settings'`,
      ),
    );
    expect(row).toEqual({ retry_limit: 300, retry_delay_max: 5, expire_seconds: 120 });
  });
});
