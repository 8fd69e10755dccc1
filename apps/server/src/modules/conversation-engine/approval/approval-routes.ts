import {
  conversationApprovalDtoSchema,
  draftParamsSchema,
  idParamsSchema,
  pendingDraftsDtoSchema,
  replyDraftDtoSchema,
  sendDraftSchema,
  setConversationApprovalSchema,
} from '@vendai/contracts';
import { requireUser } from '../../../plugins/require-user.ts';
import type { FastifyPluginAsyncZod } from '../../../plugins/route-schemas.ts';
import type { Engine } from '../create-engine.ts';
import { discardDraft, sendDraft } from './act-on-draft.ts';
import { conversationApproval, pendingDraftConversations, setConversationApproval } from './conversation-approval.ts';
import { toDraftDto } from './draft-dto.ts';

/**
 * Approval mode in the inbox (docs/decisions/045-approval-mode.md), under /api/conversations, signed in:
 * - GET /pending-drafts — the conversations with a draft waiting (the list's 'Sugestão' mark);
 * - GET /:id/approval — the conversation's setting, the agent's and its pending draft;
 * - PUT /:id/approval — the conversation's own setting (true, false, or null: the agent's);
 * - POST /:id/drafts/:draftId/send — 'Enviar' (or 'Editar' then send: `text`);
 * - POST /:id/drafts/:draftId/discard — 'Descartar'.
 */
export const approvalRoutes: FastifyPluginAsyncZod<{ engine: Engine }> = async (app, { engine }) => {
  // Drafts are answered from the inbox: the team's too (docs/decisions/044-team-roles-and-assignment.md).
  requireUser(app, 'team');

  app.get('/pending-drafts', { schema: { response: { 200: pendingDraftsDtoSchema } } }, async (req) =>
    pendingDraftConversations(engine.deps, req.user.id),
  );

  app.get(
    '/:id/approval',
    { schema: { params: idParamsSchema(), response: { 200: conversationApprovalDtoSchema } } },
    async (req) => conversationApproval(engine.deps, req.user.id, req.params.id),
  );

  app.put(
    '/:id/approval',
    {
      schema: {
        params: idParamsSchema(),
        body: setConversationApprovalSchema,
        response: { 200: conversationApprovalDtoSchema },
      },
    },
    async (req) => setConversationApproval(engine.deps, req.user, req.params.id, req.body.mode),
  );

  app.post(
    '/:id/drafts/:draftId/send',
    { schema: { params: draftParamsSchema, body: sendDraftSchema, response: { 200: replyDraftDtoSchema } } },
    async (req) =>
      toDraftDto(
        await sendDraft(engine.deps, {
          accountId: req.user.id,
          convId: req.params.id,
          draftId: req.params.draftId,
          text: req.body.text,
          decision: { by: 'inbox', actorId: req.user.actorId },
        }),
      ),
  );

  app.post(
    '/:id/drafts/:draftId/discard',
    { schema: { params: draftParamsSchema, response: { 200: replyDraftDtoSchema } } },
    async (req) =>
      toDraftDto(
        await discardDraft(engine.deps, {
          accountId: req.user.id,
          convId: req.params.id,
          draftId: req.params.draftId,
          decision: { by: 'inbox', actorId: req.user.actorId },
        }),
      ),
  );
};
