import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { finishTrainingSchema, generateQuestionsSchema } from '@vendai/contracts';
import { AppError } from '../../lib/app-error.ts';
import { validate } from '../../lib/validate.ts';
import { requireUser } from '../../plugins/require-user.ts';
import { finishTraining } from './finish-training.ts';
import { generateRefinementQuestions } from './generate-refinement-questions.ts';

/** Each call reaches the AI provider: a person needs a few per minute, a script gets slowed down. */
const aiRateLimit = {
  rateLimit: {
    max: 20,
    timeWindow: '1 minute',
    hook: 'preHandler' as const,
    keyGenerator: (req: FastifyRequest) => `${req.routeOptions.url}|${req.user?.id ?? req.ip}`,
    errorResponseBuilder: () => new AppError('RATE_LIMITED'),
  },
};

/** /api/training: the training wizard's two AI steps (part 1 §2 "/onboarding/train-ai", §4, §7). */
export const trainingRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', requireUser(app));
  const { db, llm } = app.deps;

  app.post('/questions', { config: aiRateLimit }, async (req) =>
    generateRefinementQuestions({ deps: { db, llm }, userId: req.user.id, input: validate(generateQuestionsSchema, req.body), log: req.log }),
  );

  app.post('/finish', { config: aiRateLimit }, async (req, reply) => {
    const input = validate(finishTrainingSchema, req.body);
    const result = await finishTraining({ deps: { db, llm }, userId: req.user.id, input, log: req.log });
    return reply.status(input.mode === 'create' ? 201 : 200).send(result);
  });
};
