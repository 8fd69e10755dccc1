import { OWNER_CHANNEL_LIMIT, ownerChannelSchema } from '@vendai/contracts';
import { requireUser } from '../../plugins/require-user.ts';
import type { FastifyPluginAsyncZod } from '../../plugins/route-schemas.ts';
import { selectOwnerChannel } from './owner-channel-repository.ts';

/**
 * /api/owner-channel: 'Avisos', the owner's channel apart from the customers (docs/decisions/048-opt-out-and-owner-channel.md).
 * The owner's alone: an attendant gets 403 (alerts carry payments and drafts).
 */
export const ownerChannelRoutes: FastifyPluginAsyncZod = async (app) => {
  requireUser(app);
  const { db } = app.deps;
  app.get('/', { schema: { response: { 200: ownerChannelSchema } } }, async (req) => {
    const rows = await selectOwnerChannel(db, req.user.id, OWNER_CHANNEL_LIMIT);
    return {
      items: rows.map((r) => ({
        id: r.id,
        from: r.from,
        at: r.at,
        text: r.text,
        status: r.status,
        convId: r.conv_id,
        contactName: r.contact_name,
      })),
    };
  });
};
