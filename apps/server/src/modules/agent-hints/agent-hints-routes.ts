import { AGENT_NOT_FOUND_MESSAGE, agentHintSchema, dismissAgentHintSchema, noContentSchema } from '@vendai/contracts';
import { z } from 'zod';
import { notFound } from '../../lib/app-error.ts';
import { requireUser } from '../../plugins/require-user.ts';
import type { FastifyPluginAsyncZod } from '../../plugins/route-schemas.ts';
import { decideAgentHints } from './hint-rule.ts';
import { agentHintFacts, dismissedHints, dismissHint } from './hints-repository.ts';

/**
 * /api/agent-hints (docs/decisions/065-agent-tabs-hints-and-judge.md): the hints the inbox and Resultados
 * show, and closing one for the member signed in. The team may ask (the inbox asks for everyone), but
 * only the owner gets hints: they point to the agent's settings, which are the owner's.
 */
export const agentHintsRoutes: FastifyPluginAsyncZod = async (app) => {
  requireUser(app, 'team');
  const { db } = app.deps;

  app.get('/', { schema: { response: { 200: z.array(agentHintSchema) } } }, async (req) => {
    if (req.user.role !== 'owner') return [];
    const [facts, dismissed] = await Promise.all([
      agentHintFacts(db, req.user.id),
      dismissedHints(db, req.user.actorId),
    ]);
    return decideAgentHints(facts, dismissed);
  });

  app.post(
    '/dismiss',
    { schema: { body: dismissAgentHintSchema, response: { 204: noContentSchema } } },
    async (req, reply) => {
      const ok = await dismissHint(db, {
        accountId: req.user.id,
        memberId: req.user.actorId,
        agentId: req.body.agentId,
        kind: req.body.kind,
      });
      if (!ok) throw notFound(AGENT_NOT_FOUND_MESSAGE);
      return reply.status(204).send();
    },
  );
};
