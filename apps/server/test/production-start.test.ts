/**
 * Production mode (docs/decisions/020-production-mode.md) as an operator meets it: the real server
 * entry (apps/server/src/server.ts) started as a child process with a given environment, and
 * `npm run check:config`. A start that must be refused exits 1 with a message naming what to set; an
 * accepted one serves no OpenAPI document in production; without AUTH_SECRET outside production the
 * generated secret keeps sessions valid across restarts.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startServerProcess } from './helpers/server-process.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';
import { newPerson, TEST_ORIGIN } from './helpers/test-app.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SECRET = 'um-segredo-de-producao-bem-comprido-0123456789';
const READY = {
  NODE_ENV: 'production',
  AUTH_SECRET: SECRET,
  EVOLUTION_API_URL: 'http://127.0.0.1:9/evolution',
  EVOLUTION_API_KEY: 'chave-global-da-evolution-123',
  AI_PROVIDER: 'demo',
};

const folders: string[] = [];
function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  folders.push(dir);
  return dir;
}

let database: TestDatabase | undefined;
/** PostgreSQL URL of this file's test database in the postgres project, '' (embedded PGlite) otherwise. */
let databaseUrl = '';
beforeAll(async () => {
  if (process.env.TEST_DB !== 'postgres') return;
  database = await createTestDatabase();
  databaseUrl = (database.pool!.options as { connectionString: string }).connectionString;
}, 60_000);
afterAll(async () => {
  await database?.dispose();
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

/** Runs a command with only `env` (plus PATH and HOME) until it exits; kills it after `timeoutMs`. */
async function run(args: string[], env: Record<string, string>, timeoutMs = 30_000) {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const code = await new Promise<number | null>((r) => child.once('exit', (c) => r(c)));
  clearTimeout(timer);
  return { code, stdout, stderr, output: stdout + stderr };
}

async function startServer(env: Record<string, string>) {
  return run(['apps/server/src/server.ts'], {
    HOST: '127.0.0.1',
    PORT: String(await freePort()),
    DATA_DIR: tempDir('vendai-prod-start-'),
    DATABASE_URL: databaseUrl,
    ...env,
  });
}

/**
 * A refused start and `check:config` stop at the configuration (server.ts reads it before importing the app or
 * opening any database), so they are the same on both databases: they run in the PGlite pass only, and the
 * PostgreSQL pass starts the server on its database in the accepted starts (docs/decisions/076-ci-cpu-budget.md).
 */
const onPostgres = process.env.TEST_DB === 'postgres';

describe.skipIf(onPostgres)('a start that must not happen is refused, saying what to set', () => {
  it('VENDAI_ROLE=web or worker on the embedded database (no DATABASE_URL) refuses and names DATABASE_URL', async () => {
    for (const role of ['web', 'worker']) {
      const { code, stderr } = await startServer({ VENDAI_ROLE: role, DATABASE_URL: '' });
      expect(code, stderr).toBe(1);
      expect(stderr).toContain(`VENDAI_ROLE: ${role} só funciona com PostgreSQL (DATABASE_URL)`);
      expect(stderr).toContain('remova VENDAI_ROLE (ou use VENDAI_ROLE=all) ou defina DATABASE_URL');
    }
  });

  it('NODE_ENV unset with a public APP_URL (or https) refuses and names NODE_ENV=production', async () => {
    for (const appUrl of ['http://vendai.exemplo.com.br', 'https://localhost:3000']) {
      const { code, stderr } = await startServer({ APP_URL: appUrl });
      expect(code, stderr).toBe(1);
      expect(stderr).toContain(`APP_URL=${appUrl} é um endereço público (ou https), mas NODE_ENV não é production`);
      expect(stderr).toContain('defina NODE_ENV=production');
    }
  });

  it.each([
    ['without AUTH_SECRET', { AUTH_SECRET: '' }, 'AUTH_SECRET: obrigatório em produção'],
    ['with a short AUTH_SECRET', { AUTH_SECRET: 'curto-demais' }, 'AUTH_SECRET: curto demais (12 caracteres)'],
    [
      'without a gateway',
      { EVOLUTION_API_URL: '', EVOLUTION_API_KEY: '' },
      'EVOLUTION_API_URL: obrigatório em produção (com EVOLUTION_API_KEY) para conectar o WhatsApp; para usar o simulador de WhatsApp em produção, defina SIMULATOR_ENABLED=true',
    ],
    [
      'with the payments stand-in forced on',
      { PAYMENTS_STANDIN_ENABLED: 'true' },
      'PAYMENTS_STANDIN_ENABLED: o simulador local de pagamentos (planos pagos sem cobrança) não pode ser ligado em produção',
    ],
    ['without an AI', { AI_PROVIDER: '' }, 'AI_BASE_URL: obrigatório em produção'],
    [
      'with an http public APP_URL',
      { APP_URL: 'http://app.vendai.exemplo.com.br' },
      'APP_URL: em produção o endereço público é https (http://app.vendai.exemplo.com.br é http',
    ],
    [
      'with an http Evolution API elsewhere than this machine',
      { EVOLUTION_API_URL: 'http://evolution:8080' },
      'EVOLUTION_API_URL: em produção use https (http://evolution:8080 é http: a chave global EVOLUTION_API_KEY iria sem criptografia',
    ],
  ])('NODE_ENV=production %s', async (_case, change, message) => {
    const { code, stderr } = await startServer({ ...READY, ...change });
    expect(code, stderr).toBe(1);
    expect(stderr).toContain('Configuração inválida:');
    expect(stderr).toContain(message);
    // One problem, one line: nothing else is reported for a configuration that lacks only this.
    expect(stderr.match(/^ {2}- /gm)).toHaveLength(1);
  });
});

describe('an accepted start', () => {
  it('production with every requirement starts, and serves no OpenAPI document', async () => {
    // A first start of the production bundle: on PGlite the server creates and migrates its database itself.
    const server = await startServerProcess(
      { ...READY, APP_URL: 'https://app.vendai.exemplo.com.br', DATABASE_URL: databaseUrl },
      { freshDatabase: true },
    );
    try {
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
      expect((await fetch(`${server.url}/api/openapi.json`)).status).toBe(404);
      expect(server.output()).not.toContain(SECRET);
    } finally {
      await server.stop();
    }
  }, 120_000);

  it('without AUTH_SECRET outside production: a secret generated once in the data folder keeps sessions across restarts', async () => {
    const dataDir = tempDir('vendai-generated-secret-');
    const env = {
      AUTH_SECRET: '',
      NODE_ENV: 'development',
      APP_URL: TEST_ORIGIN,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'info',
    };
    // This first start runs the sources through tsx, as `npm run dev` does; every other start in the unit
    // passes runs the server's bundle (helpers/server-bundle.ts, docs/decisions/081-server-processes-from-the-bundle.md).
    // Its database starts from the migrated template: the production start above covers a first start on an
    // empty folder, and tsx with initdb and every migration took over 90 s on a loaded 2-core machine.
    const first = await startServerProcess(env, { source: 'tsx', timeoutMs: 180_000 });
    const person = newPerson();
    let cookie: string;
    try {
      const res = await fetch(`${first.url}/api/account/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
        body: JSON.stringify(person),
      });
      expect(res.status).toBe(201);
      cookie = res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      expect(first.output()).toContain(`segredo gerado em ${path.join(dataDir, 'auth-secret')}`);
    } finally {
      await first.stop();
    }
    const file = path.join(dataDir, 'auth-secret');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const secret = fs.readFileSync(file, 'utf8').trim();
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(first.output()).not.toContain(secret);

    const second = await startServerProcess(env);
    try {
      const me = await fetch(`${second.url}/api/account/me`, { headers: { cookie, origin: TEST_ORIGIN } });
      expect(me.status).toBe(200);
      expect(fs.readFileSync(file, 'utf8').trim()).toBe(secret);
    } finally {
      await second.stop();
    }
  }, 300_000);
});

describe.skipIf(onPostgres)('npm run check:config', () => {
  const checkConfig = (env: Record<string, string>) => run(['apps/server/scripts/check-config.ts'], env);

  it('prints every refusal a production start would meet, and exits 1', async () => {
    const { code, stderr } = await checkConfig({ PAYMENTS_STANDIN_ENABLED: 'true', APP_URL: 'https://vendai.exemplo' });
    expect(code).toBe(1);
    expect(stderr).toContain('Um início em produção (NODE_ENV=production) com este ambiente seria recusado:');
    for (const name of ['AUTH_SECRET', 'EVOLUTION_API_URL', 'PAYMENTS_STANDIN_ENABLED', 'AI_BASE_URL'])
      expect(stderr).toMatch(new RegExp(`^ {2}- ${name}: `, 'm'));
  }, 120_000);

  it('accepts a complete production environment (exit 0), with its summary and warnings, never the secrets', async () => {
    const { code, stdout } = await checkConfig({ ...READY, NODE_ENV: 'development' });
    expect(code).toBe(0);
    expect(stdout).toContain('Um início em produção com este ambiente seria aceito.');
    expect(stdout).toContain('WhatsApp: Evolution API em http://127.0.0.1:9');
    expect(stdout).toContain('SMTP_URL não definido: pedidos de redefinição de senha serão recusados');
    expect(stdout).not.toContain(SECRET);
    expect(stdout).not.toContain(READY.EVOLUTION_API_KEY);
  });
});
