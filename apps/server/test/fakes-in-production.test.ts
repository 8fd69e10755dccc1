/**
 * The fakes never reach production by omission (docs/decisions/022-fakes-apart-and-simulator-access.md):
 * a production app without SIMULATOR_ENABLED=true has no simulator route at all; with it, the
 * simulator's page still needs a session and shows the account's own numbers only; the local payments
 * stand-in is never mounted in production, even when the resolved settings ask for it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Env, loadEnv } from '../src/config/env.ts';
import { STANDIN_IN_PRODUCTION } from '@vendai/payments-standin';
import { listRoutes } from '../src/plugins/origin-guard.ts';
import { createTestApp, PRODUCTION_TEST_ENV, SPA_MARKER, type TestApp } from './helpers/test-app.ts';
import { createTestDatabase } from './helpers/test-database.ts';

const PRODUCTION = PRODUCTION_TEST_ENV;

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const pathsOf = (app: TestApp['app']) => listRoutes(app).map((r) => r.url);

describe('production', () => {
  it('without SIMULATOR_ENABLED: no simulator route, no payments stand-in', async () => {
    t = await createTestApp({ env: PRODUCTION });
    expect(t.env.simulatorEnabled).toBe(false);
    expect(t.env.paymentsMode).toBe('off');
    const paths = pathsOf(t.app);
    expect(paths.some((p) => p.startsWith('/api/'))).toBe(true);
    expect(paths.filter((p) => p.startsWith('/simulator'))).toEqual([]);
    expect(paths.filter((p) => p.startsWith('/pagamentos-local'))).toEqual([]);
    expect(t.app.billing.standin).toBeNull();
    const client = t.client();
    await client.registerOk();
    for (const url of ['/simulator/ui-api/instances', '/simulator/api/']) {
      expect((await client.get(url)).statusCode, url).toBe(404);
    }
    // The stand-in's portal address is just another page of the web app (its own not-found screen).
    expect((await client.get('/pagamentos-local/portal/x')).body).toContain(SPA_MARKER);
  });

  it('with SIMULATOR_ENABLED=true the simulator is mounted, and its page is still per account', async () => {
    t = await createTestApp({
      env: { ...PRODUCTION, SIMULATOR_ENABLED: 'true', EVOLUTION_API_URL: '', EVOLUTION_API_KEY: '' },
    });
    expect(t.env.simulatorEnabled).toBe(true);
    expect((await t.client().get('/simulator/ui-api/instances')).statusCode).toBe(401);
    const client = t.client();
    await client.registerOk();
    const list = await client.get('/simulator/ui-api/instances');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([]);
    expect(pathsOf(t.app).filter((p) => p.startsWith('/pagamentos-local'))).toEqual([]);
  });

  it('never mounts the payments stand-in, even when the settings resolved to it', async () => {
    const env: Env = { ...loadEnv({ ...PRODUCTION, LOG_LEVEL: 'silent' }), paymentsMode: 'standin' };
    const database = await createTestDatabase();
    try {
      await expect(buildApp({ env, database, logger: false })).rejects.toThrow(STANDIN_IN_PRODUCTION);
    } finally {
      await database.dispose();
    }
  });
});
