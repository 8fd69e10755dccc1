import type { Gateway } from './gateway.ts';

export interface GatewayRouterOptions {
  /** The QR-code gateway (Evolution API or the simulator): every number that is not a Cloud one. */
  evolution: Gateway;
  /** The WhatsApp Cloud API adapter. */
  cloud: Gateway;
  /** Whether the number behind an instance name is connected through the Cloud API. */
  isCloud(instanceName: string): Promise<boolean>;
}

type Routed = Exclude<keyof Gateway, 'kind' | 'createInstance'>;
const ROUTED: Routed[] = [
  'connect',
  'connectionState',
  'ownerJid',
  'logout',
  'deleteInstance',
  'sendText',
  'sendMedia',
  'sendPresence',
  'markRead',
  'findContact',
  'profilePictureUrl',
  'findMessages',
  'mediaBase64',
];

/**
 * One Gateway for the whole app that sends each call to the adapter of the number it names: the
 * engine and the numbers module keep calling one port by instance name and never learn which
 * adapter a number uses (docs/decisions/032-cloud-api-gateway.md). Instances are only created for
 * QR-code numbers, so createInstance always goes to the Evolution side, as does `kind`.
 */
export function createGatewayRouter(options: GatewayRouterOptions): Gateway {
  const pick = async (instanceName: string) =>
    (await options.isCloud(instanceName)) ? options.cloud : options.evolution;
  const routed = Object.fromEntries(
    ROUTED.map((name) => [
      name,
      async (instanceName: string, ...rest: unknown[]) => {
        const target = await pick(instanceName);
        return (target[name] as (...args: unknown[]) => Promise<unknown>).call(target, instanceName, ...rest);
      },
    ]),
  ) as Pick<Gateway, Routed>;
  return {
    kind: options.evolution.kind,
    createInstance: (input) => options.evolution.createInstance(input),
    ...routed,
  };
}
