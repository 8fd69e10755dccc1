import type { FastifyInstance } from 'fastify';
import type { Env } from '../config/env.ts';
import type { Db } from '../db/client.ts';
import { evolutionRoutes } from './evolution-routes.ts';
import { createSimulator, type Simulator } from './simulator.ts';
import { SIMULATOR_API_PREFIX, SIMULATOR_UI_API_PREFIX } from './simulator-config.ts';
import { readSessionUser } from '../plugins/require-user.ts';
import { instanceNamesOfAccount, phoneOfInstance } from './app-numbers.ts';
import { type SimulatorPageAccess, uiRoutes } from './ui-routes.ts';
import { registerGraphFake } from './cloud/register-graph-fake.ts';

export type { Simulator } from './simulator.ts';

/**
 * Mounts the built-in WhatsApp simulator in this process: the Evolution-compatible REST surface at
 * /simulator/api (its apikey) and the page's API at /simulator/ui-api (the app's session, the
 * account's own numbers). Its timers and pending webhook retries stop when the app closes.
 */
export async function registerSimulator(app: FastifyInstance, { db, env }: { db: Db; env: Env }): Promise<Simulator> {
  const simulator = createSimulator({
    db,
    env,
    log: app.log.child({ module: 'simulator' }),
    appPhoneOf: (name) => phoneOfInstance(db, name),
  });
  const access: SimulatorPageAccess = {
    accountOf: async (req) => (await readSessionUser(app, req))?.id ?? null,
    instancesOf: (accountId) => instanceNamesOfAccount(db, accountId),
  };
  app.addHook('onClose', async () => simulator.close());
  await app.register(evolutionRoutes(simulator), { prefix: SIMULATOR_API_PREFIX });
  await app.register(uiRoutes(simulator, access), { prefix: SIMULATOR_UI_API_PREFIX });
  // The WhatsApp Cloud API stand-in, when the simulator stands in for Meta too.
  if (env.metaSimulated) await registerGraphFake(app, { db, env });
  app.log.info(
    { api: `${env.appUrl}${SIMULATOR_API_PREFIX}`, page: `${env.appUrl}/simulador` },
    'simulador de WhatsApp ligado',
  );
  return simulator;
}
