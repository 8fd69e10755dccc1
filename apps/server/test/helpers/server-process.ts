/**
 * A server as a real child process (one PID) on a free port of 127.0.0.1, for tests and benchmarks that
 * need several processes on one database: the production bundle of apps/server/src/server.ts built for the
 * test process (server-bundle.ts), or the source through tsx (`source: 'tsx'`).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pgliteDir } from '../../src/db/client.ts';
import { freePort } from './free-port.ts';
import { serverBundleEntry } from './server-bundle.ts';
import { seedMigratedPgliteDir } from './test-database.ts';
export { freePort } from './free-port.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** The AUTH_SECRET every test server process shares unless the test sets its own. */
const TEST_AUTH_SECRET = 'vendai-test-processes-secret-0123456789-abcdef';

export interface ServerProcess {
  child: ChildProcess;
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  /** Everything the process printed so far. */
  output(): string;
  /** SIGTERM and wait for the exit (SIGKILL after 10 s). */
  stop(): Promise<void>;
  /** Resolves with the exit code when the process ended. */
  exited: Promise<number | null>;
}

/**
 * Starts the server with `env` on top of test defaults (NODE_ENV=test, 127.0.0.1, a free PORT, a temp
 * DATA_DIR, LOG_LEVEL=warn, a shared AUTH_SECRET) and waits until /api/health answers. Pass PORT to choose the port.
 *
 * The database is the one `env.DATABASE_URL` names, never the test runner's own: in CI the runner's
 * DATABASE_URL is the PostgreSQL server the passes create their databases on, and a child that inherited it
 * would migrate and write there, beside the other files' children. Without it the child is embedded.
 *
 * On the embedded database (no DATABASE_URL) an empty PGlite folder is first filled with the migrated test
 * template (`seedMigratedPgliteDir`): the server then skips initdb and the migrations (docs/decisions/
 * 076-ci-cpu-budget.md). `freshDatabase: true` leaves the folder empty, for a test of a first start.
 *
 * The process runs the server's bundle (one file, about 3.5 s of CPU less a start than tsx; docs/decisions/
 * 081-server-processes-from-the-bundle.md); `source: 'tsx'` runs apps/server/src/server.ts through tsx, as
 * `npm run dev` does.
 */
export interface StartOptions {
  timeoutMs?: number;
  freshDatabase?: boolean;
  /** 'bundle' (the default): the production bundle built for this test process; 'tsx': the sources. */
  source?: 'bundle' | 'tsx';
}

export async function startServerProcess(
  env: Record<string, string | undefined> = {},
  options: StartOptions = {},
): Promise<ServerProcess> {
  // The port is picked before the process listens; another test process may take it in between.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(env.PORT ? Number(env.PORT) : await freePort(), env, options);
    } catch (err) {
      if (env.PORT || attempt >= 5 || !/EADDRINUSE/.test((err as Error).message)) throw err;
    }
  }
}

async function startOnce(
  port: number,
  env: Record<string, string | undefined>,
  options: StartOptions,
): Promise<ServerProcess> {
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'vendai-proc-'));
  const embedded = !env.DATABASE_URL;
  if (embedded && !options.freshDatabase) await seedMigratedPgliteDir(pgliteDir(dataDir));
  const merged: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    TEST_DB: undefined,
    DATABASE_URL: undefined,
    // One secret for every process, as several processes on one database need (each would otherwise
    // generate its own in its own DATA_DIR: docs/decisions/020-production-mode.md). '' to leave it unset.
    AUTH_SECRET: TEST_AUTH_SECRET,
    // Tests and benchmarks register many people from 127.0.0.1.
    SIGN_UPS_PER_ADDRESS_PER_HOUR: '100000',
    ...env,
    PORT: String(port),
    DATA_DIR: dataDir,
  };
  const childEnv: Record<string, string> = {};
  for (const [k, v] of Object.entries(merged)) if (v !== undefined) childEnv[k] = v;
  const args =
    options.source === 'tsx' ? ['--import', 'tsx', 'apps/server/src/server.ts'] : [await serverBundleEntry()];
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  let dead = false;
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  void exited.then(() => (dead = true));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 90_000);
  for (;;) {
    if (dead) throw new Error(`server exited during start:\n${out}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start within the time limit:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    child,
    url,
    port,
    output: () => out,
    exited,
    async stop() {
      if (dead) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
