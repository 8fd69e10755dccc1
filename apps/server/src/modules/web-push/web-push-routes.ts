import {
  idParamsSchema,
  noContentSchema,
  PUSH_SUBSCRIPTION_NOT_FOUND,
  pushPreferencesSchema,
  pushSettingsSchema,
  pushSubscriptionDtoSchema,
  pushSubscriptionInputSchema,
} from '@vendai/contracts';
import { requireUser } from '../../plugins/require-user.ts';
import { userRateLimit } from '../../plugins/rate-limits.ts';
import type { FastifyPluginAsyncZod } from '../../plugins/route-schemas.ts';
import {
  type PushSettingsDeps,
  pushSettings,
  setPreferences,
  subscribe,
  unsubscribe,
} from './push-settings-service.ts';

/**
 * /api/push: the notifications on the member's own phone or computer (docs/decisions/067-web-push.md),
 * for every member of the team, each for themselves (the person signed in, not the account):
 * - GET / — the VAPID public key, the member's choices and subscribed browsers;
 * - POST /subscriptions — this browser's PushSubscription (201);
 * - DELETE /subscriptions/:id — one of the member's own browsers (another's, or another account's: 404);
 * - PUT /preferences — each kind on or off.
 */
export const webPushRoutes: FastifyPluginAsyncZod<{ deps: PushSettingsDeps }> = async (app, { deps }) => {
  requireUser(app, 'team');
  app.get('/', { schema: { response: { 200: pushSettingsSchema } } }, async (req) => pushSettings(deps, req.user));
  app.post(
    '/subscriptions',
    {
      config: userRateLimit(30),
      schema: { body: pushSubscriptionInputSchema, response: { 201: pushSubscriptionDtoSchema } },
    },
    async (req, reply) => reply.code(201).send(await subscribe(deps, req.user, req.body)),
  );
  app.delete(
    '/subscriptions/:id',
    { schema: { params: idParamsSchema(PUSH_SUBSCRIPTION_NOT_FOUND), response: { 204: noContentSchema } } },
    async (req, reply) => {
      await unsubscribe(deps, req.user, req.params.id);
      return reply.code(204).send();
    },
  );
  app.put(
    '/preferences',
    { schema: { body: pushPreferencesSchema, response: { 200: pushPreferencesSchema } } },
    async (req) => setPreferences(deps, req.user, req.body),
  );
};
