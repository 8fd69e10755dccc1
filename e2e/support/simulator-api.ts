import { simulatorApiKey } from '../../apps/server/src/simulator/simulator-config.ts';

/**
 * The simulator's Evolution-compatible REST API, as the gateway calls it (with its apikey): what the
 * gateway holds, whoever is signed in. The page's API (/simulator/ui-api) is the signed-in browser's.
 */
const PORT = Number(process.env.E2E_PORT ?? 3210);
const SIM_API = `http://localhost:${PORT}/simulator/api`;
// The harness's AUTH_SECRET: the simulator's key is derived from it.
const APIKEY = simulatorApiKey({ authSecret: 'e2e-secret-0123456789-0123456789-0123456789' });

export async function simApi(method: string, path: string, body?: unknown) {
  const res = await fetch(`${SIM_API}${path}`, {
    method,
    headers: { apikey: APIKEY, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}
