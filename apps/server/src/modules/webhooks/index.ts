/**
 * Gateway webhooks. The seams other modules use live in integrations/gateway (modules never import
 * each other): `gatewayWebhookConfig(env, number)` for createInstance, and `app.deps.gatewayEvents`
 * (GatewayEventHub) to subscribe to stored message events and connection changes.
 */
export { webhooksRoutes } from './webhooks-routes.ts';
export { gatewayWebhookConfig, WEBHOOK_SECRET_HEADER } from '../../integrations/gateway/webhook-config.ts';
