import type { FastifyInstance } from 'fastify';
import type { Env } from '../../config/env.ts';
import { SIMULATOR_GRAPH_PREFIX } from '../../config/meta-simulator.ts';
import type { Db } from '../../db/client.ts';
import { readSessionUser } from '../../plugins/require-user.ts';
import { SIMULATOR_UI_API_PREFIX } from '../simulator-config.ts';
import { cloudNumbersOfAccount } from '../app-numbers.ts';
import { cloudPageRoutes } from './cloud-page-routes.ts';
import { createGraphFake, type GraphFake } from './graph-fake.ts';
import { graphFakeRoutes } from './graph-fake-routes.ts';

/**
 * Mounts the simulator's WhatsApp Cloud API stand-in (docs/decisions/036-cloud-signup-window-pacing.md): the
 * Graph-compatible fake at /simulator/graph (what META_GRAPH_URL points to when the simulator stands
 * in for Meta) and the page's Cloud API at /simulator/ui-api/cloud.
 */
export async function registerGraphFake(app: FastifyInstance, { db, env }: { db: Db; env: Env }): Promise<GraphFake> {
  const fake = createGraphFake({
    appId: env.META_APP_ID ?? 'simulador',
    appSecret: env.META_APP_SECRET ?? '',
    secret: env.authSecret,
    graphRoot: `${env.gatewayWebhookBaseUrl}${SIMULATOR_GRAPH_PREFIX}`,
    webhookUrl: `${env.gatewayWebhookBaseUrl}/webhooks/meta`,
    log: app.log.child({ module: 'graph-fake' }),
  });
  app.addHook('onClose', async () => fake.close());
  await app.register(graphFakeRoutes(fake), { prefix: SIMULATOR_GRAPH_PREFIX });
  await app.register(
    cloudPageRoutes(fake, {
      accountOf: async (req) => (await readSessionUser(app, req))?.id ?? null,
      numbersOf: (accountId) => cloudNumbersOfAccount(db, accountId),
    }),
    { prefix: `${SIMULATOR_UI_API_PREFIX}/cloud` },
  );
  return fake;
}
