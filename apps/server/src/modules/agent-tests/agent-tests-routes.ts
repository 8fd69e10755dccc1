import {
  AGENT_NOT_FOUND_MESSAGE,
  AGENT_TEST_NOT_FOUND_MESSAGE,
  AGENT_TEST_RUN_NOT_FOUND_MESSAGE,
  agentTestCaseInputSchema,
  agentTestCaseSchema,
  agentTestFromMessageSchema,
  agentTestOverviewSchema,
  agentTestRunRequestSchema,
  agentTestRunSchema,
  agentTestSettingsSchema,
} from '@vendai/contracts';
import { z } from 'zod';
import { userRateLimit } from '../../plugins/rate-limits.ts';
import { requireUser } from '../../plugins/require-user.ts';
import type { FastifyPluginAsyncZod } from '../../plugins/route-schemas.ts';
import { caseFromMessage } from './case-from-message.ts';
import { deleteCase, insertCases, ownAgentOrThrow, selectCases, toCaseDto, updateCase } from './cases-repository.ts';
import { generateCases } from './generate-cases.ts';
import { agentTestsOverview } from './overview.ts';
import { latestRuns, runDetail } from './runs-repository.ts';
import { saveSettings, selectSettings } from './settings-repository.ts';
import { startRun } from './start-run.ts';
import { modelUnderTest } from './test-models.ts';

const params = z.object({ agentId: z.guid({ error: AGENT_NOT_FOUND_MESSAGE }) });
const caseParams = params.extend({ caseId: z.guid({ error: AGENT_TEST_NOT_FOUND_MESSAGE }) });
const runParams = params.extend({ runId: z.guid({ error: AGENT_TEST_RUN_NOT_FOUND_MESSAGE }) });
const cases = z.array(agentTestCaseSchema);

/**
 * /api/agent-tests — 'Testes do assistente' (docs/decisions/039-agent-tests.md): an agent's cases (proposed,
 * from the inbox, the owner's), its runs (live, or a draft beside the live prompt: the gate before
 * publishing) and the scheduled runs' setting. The user's own agents only (404 otherwise).
 */
export const agentTestsRoutes: FastifyPluginAsyncZod = async (app) => {
  requireUser(app);
  const { db, jobs, env } = app.deps;
  const model = modelUnderTest(env);
  const runLimit = userRateLimit(
    env.AGENT_TESTS_RATE_LIMIT_PER_MINUTE,
    'Muitas execuções de testes em pouco tempo. Aguarde um minuto e tente novamente.',
  );

  app.get('/overview', { schema: { response: { 200: agentTestOverviewSchema } } }, async (req) =>
    agentTestsOverview(db, req.user.id),
  );

  app.get('/:agentId/cases', { schema: { params, response: { 200: cases } } }, async (req) => {
    await ownAgentOrThrow(db, req.user.id, req.params.agentId);
    return (await selectCases(db, req.user.id, req.params.agentId)).map(toCaseDto);
  });

  app.post('/:agentId/cases/generate', { schema: { params, response: { 200: cases } } }, async (req) =>
    generateCases(db, req.user.id, req.params.agentId),
  );

  app.post(
    '/:agentId/cases',
    { schema: { params, body: agentTestCaseInputSchema, response: { 201: agentTestCaseSchema } } },
    async (req, reply) => {
      await ownAgentOrThrow(db, req.user.id, req.params.agentId);
      const [row] = await insertCases(db, req.user.id, req.params.agentId, [{ ...req.body, source: 'dono' }]);
      return reply.code(201).send(toCaseDto(row!));
    },
  );

  app.post(
    '/:agentId/cases/from-message',
    { schema: { params, body: agentTestFromMessageSchema, response: { 200: agentTestCaseSchema } } },
    async (req) =>
      caseFromMessage(db, { accountId: req.user.id, agentId: req.params.agentId, messageId: req.body.messageId }),
  );

  app.put(
    '/:agentId/cases/:caseId',
    { schema: { params: caseParams, body: agentTestCaseInputSchema, response: { 200: agentTestCaseSchema } } },
    async (req) => toCaseDto(await updateCase(db, req.user.id, req.params.agentId, req.params.caseId, req.body)),
  );

  app.delete(
    '/:agentId/cases/:caseId',
    { schema: { params: caseParams, response: { 204: z.null() } } },
    async (req, reply) => {
      await deleteCase(db, req.user.id, req.params.agentId, req.params.caseId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/:agentId/runs',
    { config: runLimit, schema: { params, body: agentTestRunRequestSchema, response: { 202: agentTestRunSchema } } },
    async (req, reply) => {
      const draft = req.body.draftPrompt?.trim() ? req.body.draftPrompt : null;
      const run = await startRun(
        { db, jobs, model },
        { accountId: req.user.id, agentId: req.params.agentId, trigger: draft ? 'gate' : 'manual', draftPrompt: draft },
      );
      return reply.code(202).send(run);
    },
  );

  app.get(
    '/:agentId/runs/latest',
    { schema: { params, response: { 200: agentTestRunSchema.nullable() } } },
    async (req) => {
      await ownAgentOrThrow(db, req.user.id, req.params.agentId);
      const [last] = await latestRuns(db, req.user.id, req.params.agentId, 1);
      return last ? runDetail(db, req.user.id, req.params.agentId, last.id) : null;
    },
  );

  app.get(
    '/:agentId/runs/:runId',
    { schema: { params: runParams, response: { 200: agentTestRunSchema } } },
    async (req) => runDetail(db, req.user.id, req.params.agentId, req.params.runId),
  );

  app.get('/:agentId/settings', { schema: { params, response: { 200: agentTestSettingsSchema } } }, async (req) => {
    await ownAgentOrThrow(db, req.user.id, req.params.agentId);
    return selectSettings(db, req.user.id, req.params.agentId);
  });

  app.put(
    '/:agentId/settings',
    { schema: { params, body: agentTestSettingsSchema, response: { 200: agentTestSettingsSchema } } },
    async (req) => {
      await ownAgentOrThrow(db, req.user.id, req.params.agentId);
      await saveSettings(db, req.user.id, req.params.agentId, req.body.nightly);
      return selectSettings(db, req.user.id, req.params.agentId);
    },
  );
};
