import type { FastifyPluginAsync } from 'fastify';
import { updateConversationSchema } from '@vendai/contracts';
import { notFound } from '../../lib/app-error.ts';
import { validate } from '../../lib/validate.ts';
import { requireUser } from '../../plugins/require-user.ts';
import { createAvatarCache } from './avatar-cache.ts';
import type { ConversationsDeps } from './conversations-deps.ts';
import { countConversations } from './count-conversations.ts';
import { getContactAvatar } from './get-contact-avatar.ts';
import { getConversation } from './get-conversation.ts';
import { isUuid } from './keyset-cursor.ts';
import { listConversations } from './list-conversations.ts';
import { listMessages } from './list-messages.ts';
import { markConversationRead } from './mark-conversation-read.ts';
import { setConversationAi } from './set-conversation-ai.ts';

type IdParams = { Params: { id: string } };
type CursorQuery = { Querystring: { cursor?: string } };

/** A conversation id from the path; anything that is not a uuid cannot be one of the user's. */
function conversationId(params: { id: string }): string {
  if (!isUuid(params.id)) throw notFound();
  return params.id;
}

/**
 * /api/conversations: the inbox's read side (part 2 "Dashboard", §4, §7). Sending a message
 * (POST /:id/messages) belongs to the conversation engine and is registered there.
 */
export const conversationsRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', requireUser(app));
  const { db, gateway, realtime } = app.deps;
  const deps: ConversationsDeps = {
    db,
    gateway,
    publish: (userId, event) => realtime.publish(userId, event),
    avatars: createAvatarCache(),
  };

  app.get<CursorQuery>('/', async (req) => listConversations({ db, userId: req.user.id, cursor: req.query.cursor }));

  app.get('/count', async (req) => countConversations({ db, userId: req.user.id }));

  app.get<IdParams>('/:id', async (req) => getConversation({ db, userId: req.user.id, id: conversationId(req.params) }));

  app.patch<IdParams>('/:id', async (req) => {
    const id = conversationId(req.params);
    return setConversationAi({ deps, userId: req.user.id, id, input: validate(updateConversationSchema, req.body) });
  });

  app.post<IdParams>('/:id/read', async (req) => markConversationRead({ deps, userId: req.user.id, id: conversationId(req.params) }));

  app.get<IdParams & CursorQuery>('/:id/messages', async (req) =>
    listMessages({ db, userId: req.user.id, convId: conversationId(req.params), cursor: req.query.cursor }),
  );

  app.get<IdParams>('/:id/avatar', async (req, reply) => {
    const avatar = await getContactAvatar({ deps, userId: req.user.id, id: conversationId(req.params) });
    // The browser may keep the answer briefly; the server's cache does the rest.
    void reply.header('cache-control', 'private, max-age=300');
    return avatar;
  });
};
