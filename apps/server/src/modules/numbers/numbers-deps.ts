import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { gatewayWebhookConfig } from '../../integrations/gateway/webhook-config.ts';
import type { CreateInstanceInput, Gateway } from '../../integrations/gateway/gateway.ts';
import { type CloudSignup, createCloudSignup } from '../../integrations/gateway/cloud-signup.ts';
import { parseSecretKey, sealSecret } from '../../lib/secret-box.ts';
import type { Alarms } from '../../observability/alarms.ts';
import type { RealtimeHub } from '../../realtime/realtime-hub.ts';
import type { NumberRow } from './numbers-repository.ts';

/** The webhook part of CreateInstanceInput for one number (built by the webhooks module). */
export type WebhookConfig = Pick<CreateInstanceInput, 'webhookUrl' | 'webhookHeaders' | 'events'>;

/** What the numbers services need: the database, the gateway port and how to point its webhook at us. */
export interface NumbersDeps {
  db: Db;
  gateway: Gateway;
  webhookConfig: (number: NumberRow) => WebhookConfig;
  /** Tells the owner's open screens (number.updated) when a number's status, agent or nickname changed. */
  realtime: RealtimeHub;
  log: { warn: (obj: object, msg: string) => void };
  /** Signs of abuse for the operator (a phone claimed by several accounts): observability/alarms.ts. */
  alarms: Alarms;
  /** Meta's Embedded Signup (Cloud API numbers): the Graph calls, the token sealing, the dialog's return address. */
  cloud: { signup: CloudSignup; seal: ((token: string) => string) | null; redirectUri: string };
}

/** The numbers services' dependencies, from the app's. */
export function numbersDepsOf(app: FastifyInstance): NumbersDeps {
  const { db, env, gateway, realtime, alarms } = app.deps;
  const key = env.META_TOKEN_ENCRYPTION_KEY ? parseSecretKey(env.META_TOKEN_ENCRYPTION_KEY) : null;
  const cloud = {
    signup: createCloudSignup({
      graphUrl: env.META_GRAPH_URL,
      graphVersion: env.META_GRAPH_VERSION,
      appId: env.META_APP_ID,
      appSecret: env.META_APP_SECRET,
    }),
    seal: key ? (token: string) => sealSecret(key, token) : null,
    redirectUri: `${env.appUrl}/connect/whatsapp/callback`,
  };
  return {
    db,
    gateway,
    realtime,
    cloud,
    alarms,
    log: app.log,
    webhookConfig: (number) => gatewayWebhookConfig(env, number),
  };
}
