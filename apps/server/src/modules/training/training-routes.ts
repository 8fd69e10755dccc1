import type { FastifyRequest } from 'fastify';
import {
  finishTrainingResultSchema,
  finishTrainingSchema,
  generateQuestionsSchema,
  refinementSetSchema,
} from '@vendai/contracts';
import { AppError } from '../../lib/app-error.ts';
import { requireUser } from '../../plugins/require-user.ts';
import type { FastifyPluginAsyncZod } from '../../plugins/route-schemas.ts';
import { finishTraining } from './finish-training.ts';
import { generateRefinementQuestions } from './generate-refinement-questions.ts';

/** Each call reaches the AI provider: a person needs a few per minute, a script gets slowed down. */
const aiRateLimit = {
  rateLimit: {
    max: 20,
    timeWindow: '1 minute',
    hook: 'preHandler' as const,
    keyGenerator: (req: FastifyRequest) => `${req.routeOptions.url}|${req.user?.id ?? req.clientAddress}`,
    errorResponseBuilder: () => new AppError('RATE_LIMITED'),
  },
};

/** /api/training: the training wizard's two AI steps (docs/product/screens.md "/onboarding/train-ai", docs/product/rules.md#states-and-transitions, docs/product/integrations.md). */
export const trainingRoutes: FastifyPluginAsyncZod = async (app) => {
  requireUser(app);
  const { db, llm, realtime } = app.deps;

  app.post(
    '/questions',
    { config: aiRateLimit, schema: { body: generateQuestionsSchema, response: { 200: refinementSetSchema } } },
    async (req) =>
      generateRefinementQuestions({ deps: { db, llm }, accountId: req.user.id, input: req.body, log: req.log }),
  );

  /** 201 when the agent was created, 200 when an existing one was retrained. */
  const finishResponse = { 200: finishTrainingResultSchema, 201: finishTrainingResultSchema };
  app.post(
    '/finish',
    { config: aiRateLimit, schema: { body: finishTrainingSchema, response: finishResponse } },
    async (req, reply) => {
      const input = req.body;
      const result = await finishTraining({ deps: { db, llm, realtime }, accountId: req.user.id, input, log: req.log });
      return reply.status(input.mode === 'create' ? 201 : 200).send(result);
    },
  );
};
