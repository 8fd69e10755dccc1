import type { Env } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { parseSecretKey } from '../../lib/secret-box.ts';
import { SIMULATOR_API_PREFIX, simulatorApiKey } from '../../simulator/simulator-config.ts';
import { createCloudClient } from './cloud-client.ts';
import { createCloudNumberLookup } from './cloud-numbers.ts';
import { cloudPacingOf } from './cloud-pacing.ts';
import { createEvolutionClient } from './evolution-client.ts';
import type { Gateway } from './gateway.ts';
import { createGatewayRouter } from './gateway-router.ts';

export * from './gateway.ts';
export { createGatewayEventHub } from './event-hub.ts';
export { gatewayWebhookConfig, WEBHOOK_SECRET_HEADER } from './webhook-config.ts';

/**
 * The gateway the app uses. Given the database, a router in front (gateway-router.ts): numbers whose
 * provider is 'cloud' go to the WhatsApp Cloud API adapter, every other one to the QR gateway, which is
 * chosen by configuration (loadEnv refuses a configuration with neither):
 * - EVOLUTION_API_URL + EVOLUTION_API_KEY → the Evolution API at that address (kind 'evolution');
 * - otherwise → the same HTTP client against the built-in simulator mounted in this process at
 *   `<GATEWAY_WEBHOOK_BASE_URL or APP_URL>/simulator/api`, with the simulator's key (kind 'simulator').
 */
export function createGateway(env: Env, db?: Db): Gateway {
  const qr = createQrGateway(env);
  if (!db) return qr;
  // Numbers connected through the WhatsApp Cloud API go to its adapter; the rest to the QR gateway.
  const key = env.META_TOKEN_ENCRYPTION_KEY ? parseSecretKey(env.META_TOKEN_ENCRYPTION_KEY) : null;
  const lookup = createCloudNumberLookup(db, key);
  const cloud = createCloudClient({
    graphUrl: env.META_GRAPH_URL,
    graphVersion: env.META_GRAPH_VERSION,
    credentials: lookup.credentials,
    lastReceivedId: lookup.lastReceivedId,
    storedMessage: lookup.storedMessage,
    ...cloudPacingOf(env, db),
  });
  return createGatewayRouter({ evolution: qr, cloud, isCloud: lookup.isCloud });
}

function createQrGateway(env: Env): Gateway {
  if (env.EVOLUTION_API_URL && env.EVOLUTION_API_KEY) {
    return createEvolutionClient({ kind: 'evolution', baseUrl: env.EVOLUTION_API_URL, apiKey: env.EVOLUTION_API_KEY });
  }
  return createEvolutionClient({
    kind: 'simulator',
    baseUrl: `${env.gatewayWebhookBaseUrl}${SIMULATOR_API_PREFIX}`,
    apiKey: simulatorApiKey(env),
  });
}
