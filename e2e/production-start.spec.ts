/**
 * `npm start` as a new user runs it: the production bundle (apps/server/dist/server.js, built by
 * `npm run build`, which test:e2e runs first) under plain node, on a fresh embedded database, with no
 * configuration at all. The other journeys run the server from source through the e2e harness; this one
 * catches what only the bundle can break (a package left out or inlined wrongly, a file read from the
 * wrong folder, the prerendered pages and compressed assets as they are really served).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serveNodeFlags } from '../apps/server/bench/serve-flags';
import { expect, newPerson, test } from './support/fixtures';

const ROOT = path.resolve(import.meta.dirname, '..');
const PORT = Number(process.env.E2E_PORT ?? 3210) + 8;
const BASE = `http://localhost:${PORT}`;

let server: ChildProcess;
let dataDir: string;
let output = '';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vendai-npm-start-'));
  // What `npm run serve` runs; only the port and the data folder differ from a fresh checkout.
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(PORT), DATA_DIR: dataDir };
  server = spawn(process.execPath, [...serveNodeFlags(), path.join(ROOT, 'apps/server/dist/server.js')], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (d) => (output += d));
  server.stderr?.on('data', (d) => (output += d));
  for (const started = Date.now(); Date.now() - started < 110_000;) {
    if (server.exitCode !== null) throw new Error(`the bundle exited with ${server.exitCode}:\n${output}`);
    const ok = await fetch(`${BASE}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the bundle did not answer /api/health:\n${output}`);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('npm start: the prerendered landing, compressed assets, sign-up and the dashboard from the bundle', async ({
  page,
}) => {
  test.slow();
  const assets: { url: string; encoding?: string }[] = [];
  page.on('response', (res) => {
    if (res.url().includes('/assets/') && res.url().endsWith('.js')) {
      assets.push({ url: res.url(), encoding: res.headers()['content-encoding'] });
    }
  });
  const problems: string[] = [];
  page.on('pageerror', (err) => problems.push(err.message));

  const landing = await page.goto(`${BASE}/?fpr=parceiro9`);
  expect(landing?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Venda pelo WhatsApp');
  await expect(page.getByRole('link', { name: 'Começar Grátis' }).first()).toHaveAttribute(
    'href',
    '/register?fpr=parceiro9',
  );
  expect(assets.length).toBeGreaterThan(0);
  for (const asset of assets) expect(asset.encoding, asset.url).toBe('br');

  await page.getByRole('link', { name: 'Começar Grátis' }).first().click();
  await expect(page.getByRole('heading', { name: 'Criar conta' })).toBeVisible();
  const person = newPerson();
  await page.getByLabel('Nome completo').fill(person.name);
  await page.getByLabel('E-mail').fill(person.email);
  await page.getByLabel('Telefone (WhatsApp)').fill(person.phoneDigits);
  await page.getByLabel('Senha', { exact: true }).fill(person.password);
  await page.getByLabel('Confirmar senha').fill(person.password);
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page).toHaveURL(/\/onboarding\/welcome$/);

  await page.getByRole('link', { name: 'Quero Treinar Minha IA Depois' }).click();
  await expect(page.getByRole('heading', { name: 'Conversas', level: 1 })).toBeVisible();
  // The embedded defaults: demo AI and the built-in WhatsApp simulator, as the README promises.
  const config = await (await page.request.get(`${BASE}/api/config`)).json();
  expect(config).toMatchObject({ aiMode: 'demo', simulator: true });
  expect(problems).toEqual([]);
  expect(output).not.toMatch(/"level":(50|60)/);
});
