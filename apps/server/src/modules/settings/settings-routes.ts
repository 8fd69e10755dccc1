import {
  accountSettingsSchema,
  businessSettingsSchema,
  noContentSchema,
  ownerAlertListSchema,
  updateAccountSettingsSchema,
  updateBusinessSettingsSchema,
} from '@vendai/contracts';
import { requireUser } from '../../plugins/require-user.ts';
import type { FastifyPluginAsyncZod } from '../../plugins/route-schemas.ts';
import { getBusinessSettings } from './get-business-settings.ts';
import { getSettings } from './get-settings.ts';
import { dismissMovedFactTexts, latestAlerts } from './settings-repository.ts';
import { updateBusinessSettings } from './update-business-settings.ts';
import { updateSettings } from './update-settings.ts';

/** How many alerts the settings page lists. */
const ALERTS_LISTED = 50;

/** /api/settings: the account settings page ('Configurações', docs/decisions/015-handoff.md). */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  requireUser(app);

  app.get('/', { schema: { response: { 200: accountSettingsSchema } } }, async (req) =>
    getSettings(deps.db, req.user.id),
  );

  app.put(
    '/',
    { schema: { body: updateAccountSettingsSchema, response: { 200: accountSettingsSchema } } },
    async (req) => updateSettings(deps.db, req.user.id, req.body),
  );

  app.get('/alerts', { schema: { response: { 200: ownerAlertListSchema } } }, async (req) => ({
    items: (await latestAlerts(deps.db, req.user.id, ALERTS_LISTED)).map((a) => ({
      ...a,
      createdAt: a.createdAt.toISOString(),
    })),
  }));

  // The business's clock: time zone (docs/decisions/018-ai-context-block.md).
  app.get('/business', { schema: { response: { 200: businessSettingsSchema } } }, async (req) =>
    getBusinessSettings(deps.db, req.user.id),
  );

  // 'Dispensar' on the older texts the move to one place kept (docs/decisions/066-business-facts-in-one-place.md).
  app.delete('/business/moved-texts', { schema: { response: { 204: noContentSchema } } }, async (req, reply) => {
    await dismissMovedFactTexts(deps.db, req.user.id);
    return reply.code(204).send();
  });

  app.put(
    '/business',
    { schema: { body: updateBusinessSettingsSchema, response: { 200: businessSettingsSchema } } },
    async (req) => updateBusinessSettings(deps.db, req.user.id, req.body),
  );
};
