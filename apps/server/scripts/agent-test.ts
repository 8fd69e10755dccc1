/**
 * `npm run agent:test -- --account <e-mail> [--agent <id>]`: runs an account's agent tests (all its
 * agents, or one) from a terminal, through the app's own run code and the configured AI, and prints a
 * table per agent. Nothing is sent to WhatsApp. Exit code 0 when every case passed, 1 when some failed,
 * 2 for a usage error. Configuration and database as the server's (src/config/env.ts); see
 * docs/decisions/039-agent-tests.md.
 */
import { parseArgs } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';
import { loadEnv } from '../src/config/env.ts';
import { openDatabase } from '../src/db/client.ts';
import { acquireDataDirLock } from '../src/db/data-dir-lock.ts';
import { createLlm } from '../src/integrations/llm/create-llm.ts';
import { createOutboxMailer } from '../src/integrations/mail/outbox-mailer.ts';
import { createSmtpMailer } from '../src/integrations/mail/smtp-mailer.ts';
import { createJobRunner } from '../src/jobs/job-runner.ts';
import { AppError } from '../src/lib/app-error.ts';
import { agentsToTest, allPassed, formatRun, runSuite, UsageError } from '../src/modules/agent-tests/cli-run.ts';
import { agentTestRunJob } from '../src/modules/agent-tests/run-job.ts';
import { createJudgeLlm, modelUnderTest } from '../src/modules/agent-tests/test-models.ts';
import { createRealtimeHub } from '../src/realtime/create-realtime-hub.ts';

const USAGE = 'Use: npm run agent:test -- --account <e-mail> [--agent <id do agente>]';

/** Only warnings and errors reach the terminal: the table is the output. */
const quiet = (): FastifyBaseLogger => {
  const say = (obj: unknown, msg?: string) => console.error(msg ?? obj);
  const none = () => {};
  const log = { level: 'warn', fatal: say, error: say, warn: say, info: none, debug: none, trace: none, silent: none };
  return { ...log, child: () => log } as unknown as FastifyBaseLogger;
};

function options(): { account: string; agent?: string } {
  try {
    const { values } = parseArgs({ options: { account: { type: 'string' }, agent: { type: 'string' } } });
    if (!values.account) throw new UsageError(USAGE);
    return { account: values.account, agent: values.agent };
  } catch (err) {
    throw err instanceof UsageError ? err : new UsageError(`${(err as Error).message}. ${USAGE}`);
  }
}

async function main(): Promise<number> {
  const args = options();
  const env = loadEnv();
  const releaseLock = env.DATABASE_URL ? () => {} : acquireDataDirLock(env.dataDir);
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir });
  const log = quiet();
  const jobs = createJobRunner({ database, log, pollSeconds: env.JOBS_POLL_SECONDS, work: false });
  try {
    const agents = await agentsToTest(database.db, args.account, args.agent);
    const llm = createLlm(env, log);
    const deps = {
      db: database.db,
      llm,
      judge: createJudgeLlm(env, llm),
      realtime: createRealtimeHub({ database, log, validateEvents: false }),
      mailer: env.SMTP_URL
        ? createSmtpMailer({ url: env.SMTP_URL, from: env.MAIL_FROM })
        : createOutboxMailer(database.db, log, { logLinks: false }),
      model: modelUnderTest(env),
      jobs,
      log,
    };
    // The run is also queued as the app's durable job: a worker resumes it if this command is stopped.
    jobs.register(agentTestRunJob(deps));
    await jobs.start();
    let ok = true;
    for (const agent of agents) {
      const run = await runSuite(deps, agent);
      console.log(`${formatRun(agent.name, run)}\n`);
      ok &&= allPassed(run);
    }
    return ok ? 0 : 1;
  } finally {
    await jobs.stop();
    await database.close();
    releaseLock();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof UsageError || err instanceof AppError) {
      console.error(err.message);
      process.exit(2);
    }
    // An invalid configuration says what to set (src/config/env.ts); anything else with its stack.
    const config = err instanceof Error && err.message.startsWith('Configuração inválida');
    console.error(config ? err.message : err);
    process.exit(2);
  },
);
