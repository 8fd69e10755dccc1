import {
  contactAvatarSchema,
  conversationCountSchema,
  conversationDtoSchema,
  conversationPageSchema,
  idParamsSchema,
  labelFilterQuerySchema,
  messagePageSchema,
  neverAnswerSchema,
  pageQuerySchema,
  updateConversationSchema,
} from '@vendai/contracts';
import { assignConversationSchema, assignmentFilterQuerySchema } from '@vendai/contracts/team';
import { OWNER_ONLY, requireUser } from '../../plugins/require-user.ts';
import { liftConversationOptOut } from './lift-opt-out.ts';
import { assignConversation } from './assign-conversation.ts';
import type { FastifyPluginAsyncZod } from '../../plugins/route-schemas.ts';
import { createAvatarCache } from './avatar-cache.ts';
import type { ConversationsDeps } from './conversations-deps.ts';
import { countConversations } from './count-conversations.ts';
import { getContactAvatar } from './get-contact-avatar.ts';
import { getConversation } from './get-conversation.ts';
import { assignmentFilter, listConversations } from './list-conversations.ts';
import { listMessages } from './list-messages.ts';
import { markConversationRead } from './mark-conversation-read.ts';
import { setConversationAi } from './set-conversation-ai.ts';
import { setNeverAnswer } from './set-never-answer.ts';

/** A malformed id cannot be one of the user's conversations: 404 like an unknown one. */
const params = idParamsSchema();
/** The list's page, optionally narrowed to one label (docs/decisions/043-labels-notes-funnel.md). */
const listQuerySchema = pageQuerySchema.extend(labelFilterQuerySchema.shape).extend(assignmentFilterQuerySchema.shape);

/**
 * /api/conversations: the inbox's read side (docs/product/rules.md#states-and-transitions, docs/product/integrations.md). Sending a message
 * (POST /:id/messages) belongs to the conversation engine and is registered there.
 */
export const conversationsRoutes: FastifyPluginAsyncZod = async (app) => {
  requireUser(app, 'team');
  const { db, gateway, realtime } = app.deps;
  const deps: ConversationsDeps = {
    db,
    gateway,
    publish: (accountId, event) => realtime.publish(accountId, event),
    avatars: createAvatarCache(),
  };

  app.get('/', { schema: { querystring: listQuerySchema, response: { 200: conversationPageSchema } } }, async (req) =>
    listConversations({
      db,
      accountId: req.user.id,
      cursor: req.query.cursor,
      filter: { labelId: req.query.labelId, ...assignmentFilter(req.query.filter, req.user.actorId) },
    }),
  );

  // The chat header's 'Responsável' (docs/decisions/044-team-roles-and-assignment.md).
  app.put(
    '/:id/assignee',
    { schema: { params, body: assignConversationSchema, response: { 200: conversationDtoSchema } } },
    async (req) => assignConversation({ deps, accountId: req.user.id, id: req.params.id, input: req.body }),
  );

  app.get('/count', { schema: { response: { 200: conversationCountSchema } } }, async (req) =>
    countConversations({ db, accountId: req.user.id }),
  );

  app.get('/:id', { schema: { params, response: { 200: conversationDtoSchema } } }, async (req) =>
    getConversation({ db, accountId: req.user.id, id: req.params.id }),
  );

  app.patch(
    '/:id',
    { schema: { params, body: updateConversationSchema, response: { 200: conversationDtoSchema } } },
    async (req) =>
      setConversationAi({
        deps,
        accountId: req.user.id,
        actorId: req.user.actorId,
        id: req.params.id,
        input: req.body,
      }),
  );

  app.put(
    '/:id/never-answer',
    { schema: { params, body: neverAnswerSchema, response: { 200: conversationDtoSchema } } },
    async (req) => setNeverAnswer({ deps, accountId: req.user.id, id: req.params.id, input: req.body }),
  );

  // 'Desfazer' on an opt-out, at the customer's request: the owner's, audited (decision 048).
  app.delete(
    '/:id/opt-out',
    { config: OWNER_ONLY, schema: { params, response: { 200: conversationDtoSchema } } },
    async (req) =>
      liftConversationOptOut({ deps, accountId: req.user.id, actorId: req.user.actorId, id: req.params.id }),
  );

  app.post('/:id/read', { schema: { params, response: { 200: conversationDtoSchema } } }, async (req) =>
    markConversationRead({ deps, accountId: req.user.id, id: req.params.id }),
  );

  app.get(
    '/:id/messages',
    { schema: { params, querystring: pageQuerySchema, response: { 200: messagePageSchema } } },
    async (req) => listMessages({ db, accountId: req.user.id, convId: req.params.id, cursor: req.query.cursor }),
  );

  app.get('/:id/avatar', { schema: { params, response: { 200: contactAvatarSchema } } }, async (req, reply) => {
    const avatar = await getContactAvatar({ deps, accountId: req.user.id, id: req.params.id });
    // The browser may keep the answer briefly; the server's cache does the rest.
    void reply.header('cache-control', 'private, max-age=300');
    return avatar;
  });
};
