import { z } from 'zod';
import { blank, optionalString, optionalUrl } from './parse.ts';

/** The QR WhatsApp gateway: a real Evolution API, or the built-in simulator (decision 022). Composed by ../env.ts; docs/configuration.md describes each variable. */
export const whatsappGatewayVariables = {
  /** WhatsApp gateway: a real Evolution API v2.3.x (both set), otherwise the built-in simulator. */
  EVOLUTION_API_URL: optionalUrl,
  EVOLUTION_API_KEY: optionalString,
  /**
   * Production refuses an http EVOLUTION_API_URL that is not loopback (the global key would cross the
   * network in the clear); `true` accepts one on a private network (a Docker network, a VPN) on purpose.
   */
  EVOLUTION_API_ALLOW_HTTP: z.preprocess(blank, z.enum(['true', 'false']).optional()),
  /** The built-in WhatsApp simulator (/simulator/api + the /simulador page). Default: on outside production when no Evolution URL is set. */
  SIMULATOR_ENABLED: z.preprocess(blank, z.enum(['true', 'false']).optional()),
  /** Where the gateway reaches this server's webhooks (and, with the simulator, the simulator itself). Default APP_URL. */
  GATEWAY_WEBHOOK_BASE_URL: optionalUrl,
};
