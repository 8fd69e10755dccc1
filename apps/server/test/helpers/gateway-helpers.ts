/**
 * Helpers for the gateway, webhook and simulator tests: the real app listening on a loopback port
 * (the simulator client and the simulator's webhooks travel over real HTTP to it), an HTTP server on
 * 127.0.0.1 that records what it receives, and a number row for a new user.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { numbers } from '../../src/db/schema/index.ts';
import type { Db } from '../../src/db/client.ts';
import { createTestApp, newPerson, TEST_ORIGIN, type TestApp, type TestClient } from './test-app.ts';
import { freePort } from './free-port.ts';
export { freePort } from './free-port.ts';

export interface ListeningTestApp extends TestApp {
  baseUrl: string;
}

/**
 * The app as `npm start` runs it (simulator on, APP_URL = where it listens), so the gateway client,
 * the simulator and the webhooks talk over real HTTP. TestClient keeps its usual Origin, trusted here.
 */
export async function createListeningTestApp(env: Record<string, string> = {}): Promise<ListeningTestApp> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const t = await createTestApp({
    env: { PORT: String(port), APP_URL: baseUrl, TRUSTED_ORIGINS: TEST_ORIGIN, ...env },
  });
  await t.app.listen({ host: '127.0.0.1', port });
  return { ...t, baseUrl };
}

export interface CapturedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
  raw: string;
}

export interface CaptureServer {
  url: string;
  requests: CapturedRequest[];
  /** The status to answer (a function can vary it per request). */
  respond: number | ((req: CapturedRequest, index: number) => number);
  waitFor(predicate: (req: CapturedRequest) => boolean, timeoutMs?: number): Promise<CapturedRequest>;
  close(): Promise<void>;
}

/** An HTTP server on 127.0.0.1 that records every request (a webhook receiver). */
export async function startCaptureServer(): Promise<CaptureServer> {
  const requests: CapturedRequest[] = [];
  const capture: CaptureServer = {
    url: '',
    requests,
    respond: 200,
    async waitFor(predicate, timeoutMs = 10_000) {
      return waitFor(() => requests.find(predicate), { timeoutMs, what: 'a matching request' });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        body = raw;
      }
      const entry = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body, raw };
      requests.push(entry);
      const status =
        typeof capture.respond === 'function' ? capture.respond(entry, requests.length - 1) : capture.respond;
      res.writeHead(status, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  capture.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return capture;
}

/** Polls until `probe` returns something truthy (every `intervalMs`), or fails after `timeoutMs`. */
export async function waitFor<T>(
  probe: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  { timeoutMs = 10_000, what = 'condition', intervalMs = 25 } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

let seq = 0;

/** A new user (registered over HTTP) with one number row, as the numbers module would create it. */
export async function userWithNumber(
  t: TestApp,
): Promise<{ userId: string; client: TestClient; number: typeof numbers.$inferSelect }> {
  const client = t.client();
  const res = await client.register(newPerson());
  if (res.statusCode !== 201) throw new Error(`registration failed: ${res.statusCode} ${res.body}`);
  const userId = res.json().user.id as string;
  return { userId, client, number: await insertNumber(t.database.db, userId) };
}

/**
 * The simulator page's API (/simulator/ui-api) as one signed-in person: the page plays the phone and
 * the customers of that person's own numbers only.
 */
export function simulatorPage(client: TestClient) {
  return (method: 'GET' | 'POST', url: string, payload?: object) =>
    client.request({ method, url: `/simulator/ui-api${url}`, ...(payload ? { payload } : {}) });
}

export async function insertNumber(db: Db, userId: string, values: { instanceName?: string } = {}) {
  seq += 1;
  const suffix = `${Date.now()}${seq}`.slice(-8);
  const [row] = await db
    .insert(numbers)
    .values({
      userId,
      token: randomBytes(32).toString('hex'),
      phone: `55119${suffix}`,
      instanceName: values.instanceName ?? `vendai${suffix.slice(-4)}${seq}${randomBytes(2).toString('hex')}`,
      apelido: 'Loja',
    })
    .returning();
  return row!;
}
