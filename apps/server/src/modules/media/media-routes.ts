import { fileResponseSchema, mediaParamsSchema } from '@vendai/contracts';
import { AppError } from '../../lib/app-error.ts';
import { requireUser } from '../../plugins/require-user.ts';
import type { FastifyPluginAsyncZod } from '../../plugins/route-schemas.ts';
import { ownerOfKey } from '../../integrations/storage/storage-keys.ts';
import { sendMedia } from './send-media.ts';

/**
 * GET /api/media/<userId>/<file>: a stored media file, to its owner only (anyone else: 404, as if
 * it did not exist). Served with nosniff and a sandboxing CSP; only types a browser shows safely are
 * served inline, everything else as a download.
 */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  requireUser(app, 'team');

  const schema = { params: mediaParamsSchema, response: { 200: fileResponseSchema, 206: fileResponseSchema } };
  app.get('/:owner/:file', { schema }, async (req, reply) => {
    const key = `${req.params.owner}/${req.params.file}`;
    if (ownerOfKey(key) !== req.user.id) throw new AppError('NOT_FOUND');
    const stored = await app.deps.storage.read(key);
    if (!stored) throw new AppError('NOT_FOUND');
    return sendMedia(req, reply, stored);
  });
};
