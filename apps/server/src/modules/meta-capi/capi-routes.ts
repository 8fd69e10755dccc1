import { capiSettingsInputSchema, capiSettingsSchema, noContentSchema } from '@vendai/contracts';
import { requireUser } from '../../plugins/require-user.ts';
import type { FastifyPluginAsyncZod } from '../../plugins/route-schemas.ts';
import type { CapiDeps } from './capi-deps.ts';
import { disconnectCapi, getCapiSettings, saveCapiSettings } from './capi-settings.ts';

/** /api/capi: the owner's Meta dataset for the Conversions API and the log of events sent (decision 071). */
export const capiRoutes: FastifyPluginAsyncZod<{ deps: CapiDeps }> = async (app, { deps }) => {
  requireUser(app);
  app.get('/', { schema: { response: { 200: capiSettingsSchema } } }, async (req) =>
    getCapiSettings(deps, req.user.id),
  );
  app.put('/', { schema: { body: capiSettingsInputSchema, response: { 200: capiSettingsSchema } } }, async (req) =>
    saveCapiSettings(deps, req.user.id, req.body),
  );
  app.delete('/', { schema: { response: { 204: noContentSchema } } }, async (req, reply) => {
    await disconnectCapi(deps, req.user.id);
    return reply.status(204).send();
  });
};
