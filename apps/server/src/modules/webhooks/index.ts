import { appModule } from '../../plugins/app-module.ts';
import { metaWebhookRoutes } from './meta-webhook-routes.ts';
import { webhooksRoutes } from './webhooks-routes.ts';

/** Mounted by app.ts at /webhooks/gateway. */
export const webhooksModule = appModule('/webhooks/gateway', webhooksRoutes);

/** The WhatsApp Cloud API's webhook, mounted by app.ts at /webhooks/meta. */
export const metaWebhooksModule = appModule('/webhooks/meta', metaWebhookRoutes);
