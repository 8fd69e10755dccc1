import {
  contactPanelSchema,
  conversationLabelInputSchema,
  conversationLabelParamsSchema,
  conversationLabelsSchema,
  idParamsSchema,
  LABEL_NOT_FOUND,
  labelAssignmentsQuerySchema,
  labelAssignmentsSchema,
  labelDtoSchema,
  labelInputSchema,
  labelListSchema,
  noContentSchema,
  noteDtoSchema,
  noteInputSchema,
  noteListSchema,
  noteParamsSchema,
} from '@vendai/contracts';
import { needsPermission, requireUser } from '../../plugins/require-user.ts';
import type { FastifyPluginAsyncZod } from '../../plugins/route-schemas.ts';
import { getContactPanel } from './contact-panel.ts';
import {
  CONVERSATION_NOT_FOUND,
  getConversationLabels,
  labelAssignments,
  setConversationLabel,
} from './conversation-labels-service.ts';
import type { ConversationToolsDeps } from './conversation-tools-deps.ts';
import { createLabel, deleteLabel, listLabels, updateLabel } from './labels-service.ts';
import { createNote, deleteNote, listNotes } from './notes-service.ts';

const labelParams = idParamsSchema(LABEL_NOT_FOUND);
const convParams = idParamsSchema(CONVERSATION_NOT_FOUND);

/**
 * Labels, private notes and the contact panel (docs/decisions/043-labels-notes-funnel.md), for the
 * whole team: /api/labels (the account's labels, the rows' chips) and, per conversation,
 * /api/conversations/:id/labels | notes | contact.
 */
export const conversationToolsRoutes: FastifyPluginAsyncZod = async (app) => {
  requireUser(app, 'team');
  const { db, realtime } = app.deps;
  // The change is committed: a failed push is logged, and the other inboxes catch up at their next read.
  const publish: ConversationToolsDeps['publish'] = (accountId, event) =>
    realtime
      .publish(accountId, event)
      .catch((err: unknown) => app.log.warn({ err }, `realtime: ${event.event} not published`));
  const deps: ConversationToolsDeps = { db, publish };

  app.get('/labels', { schema: { response: { 200: labelListSchema } } }, async (req) => ({
    items: await listLabels(deps, req.user.id),
  }));
  // Creating, renaming and deleting the shop's labels: an attendant only with the owner's leave (decision 052).
  const manageLabels = needsPermission('labels');
  app.post(
    '/labels',
    { config: manageLabels, schema: { body: labelInputSchema, response: { 201: labelDtoSchema } } },
    async (req, reply) => reply.code(201).send(await createLabel(deps, req.user.id, req.body)),
  );
  app.put(
    '/labels/:id',
    {
      config: manageLabels,
      schema: { params: labelParams, body: labelInputSchema, response: { 200: labelDtoSchema } },
    },
    async (req) => updateLabel(deps, req.user.id, req.params.id, req.body),
  );
  app.delete(
    '/labels/:id',
    { config: manageLabels, schema: { params: labelParams, response: { 204: noContentSchema } } },
    async (req, reply) => {
      await deleteLabel(deps, req.user.id, req.params.id);
      return reply.code(204).send();
    },
  );
  app.get(
    '/labels/assignments',
    { schema: { querystring: labelAssignmentsQuerySchema, response: { 200: labelAssignmentsSchema } } },
    async (req) => labelAssignments(deps, req.user.id, req.query.ids),
  );

  app.get(
    '/conversations/:id/labels',
    { schema: { params: convParams, response: { 200: conversationLabelsSchema } } },
    async (req) => getConversationLabels(deps, req.user.id, req.params.id),
  );
  app.post(
    '/conversations/:id/labels',
    { schema: { params: convParams, body: conversationLabelInputSchema, response: { 200: conversationLabelsSchema } } },
    async (req) => setConversationLabel(deps, req.user.id, req.params.id, req.body.labelId, true),
  );
  app.delete(
    '/conversations/:id/labels/:labelId',
    { schema: { params: conversationLabelParamsSchema, response: { 200: conversationLabelsSchema } } },
    async (req) => setConversationLabel(deps, req.user.id, req.params.id, req.params.labelId, false),
  );

  app.get(
    '/conversations/:id/notes',
    { schema: { params: convParams, response: { 200: noteListSchema } } },
    async (req) => ({ items: await listNotes(deps, req.user, req.params.id) }),
  );
  app.post(
    '/conversations/:id/notes',
    { schema: { params: convParams, body: noteInputSchema, response: { 201: noteDtoSchema } } },
    async (req, reply) => reply.code(201).send(await createNote(deps, req.user, req.params.id, req.body)),
  );
  app.delete(
    '/conversations/:id/notes/:noteId',
    { schema: { params: noteParamsSchema, response: { 204: noContentSchema } } },
    async (req, reply) => {
      await deleteNote(deps, req.user, req.params.id, req.params.noteId);
      return reply.code(204).send();
    },
  );

  app.get(
    '/conversations/:id/contact',
    { schema: { params: convParams, response: { 200: contactPanelSchema } } },
    async (req) => getContactPanel(db, req.user.id, req.params.id),
  );
};
