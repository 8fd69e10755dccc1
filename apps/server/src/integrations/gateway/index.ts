import type { Env } from '../../config/env.ts';
import { SIMULATOR_API_PREFIX, simulatorApiKey } from '../../simulator/simulator-config.ts';
import { createEvolutionClient } from './evolution-client.ts';
import type { Gateway } from './gateway.ts';

export * from './gateway.ts';
export { createGatewayEventHub } from './event-hub.ts';
export { gatewayWebhookConfig, WEBHOOK_SECRET_HEADER } from './webhook-config.ts';

/**
 * The gateway the app uses, chosen by configuration (loadEnv refuses a configuration with neither):
 * - EVOLUTION_API_URL + EVOLUTION_API_KEY → the Evolution API at that address (kind 'evolution');
 * - otherwise → the same HTTP client against the built-in simulator mounted in this process at
 *   `<GATEWAY_WEBHOOK_BASE_URL or APP_URL>/simulator/api`, with the simulator's key (kind 'simulator').
 */
export function createGateway(env: Env): Gateway {
  if (env.EVOLUTION_API_URL && env.EVOLUTION_API_KEY) {
    return createEvolutionClient({ kind: 'evolution', baseUrl: env.EVOLUTION_API_URL, apiKey: env.EVOLUTION_API_KEY });
  }
  return createEvolutionClient({
    kind: 'simulator',
    baseUrl: `${env.gatewayWebhookBaseUrl}${SIMULATOR_API_PREFIX}`,
    apiKey: simulatorApiKey(env),
  });
}
