import type { FastifyRequest } from 'fastify';
import { FEEDBACK_RATE_LIMITED_MESSAGE, feedbackResultSchema, feedbackSchema } from '@vendai/contracts';
import { AppError } from '../../lib/app-error.ts';
import type { FastifyPluginAsyncZod } from '../../plugins/route-schemas.ts';
import { sharedLimit } from '../../plugins/rate-limits.ts';
import { requireUser } from '../../plugins/require-user.ts';
import { sendFeedback } from './send-feedback.ts';

/** Feedbacks a person may send per minute (per user, whichever address they come from). */
export const FEEDBACK_PER_MINUTE = 5;

export const FEEDBACK_DAILY_LIMIT_MESSAGE =
  'Você já enviou muitos feedbacks hoje. Obrigado pela ajuda! Tente novamente amanhã.';

/** /api/feedback: "Ajude A Melhorar" (docs/product/rules.md#validation, docs/product/integrations.md sugestoes insert). */
export const feedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  requireUser(app);
  const { db, mailer, env, rateLimits } = app.deps;

  app.post(
    '/',
    {
      schema: { body: feedbackSchema, response: { 201: feedbackResultSchema } },
      config: {
        rateLimit: {
          max: FEEDBACK_PER_MINUTE,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: (req: FastifyRequest) => `feedback|${req.user?.id ?? req.clientAddress}`,
          errorResponseBuilder: () => new AppError('RATE_LIMITED', FEEDBACK_RATE_LIMITED_MESSAGE),
        },
      },
      // Both counted in PostgreSQL, across processes (docs/decisions/021-spend-and-abuse-limits.md).
      preHandler: sharedLimit(rateLimits, {
        name: 'feedback-day',
        max: env.FEEDBACK_PER_DAY,
        windowMs: 24 * 60 * 60 * 1000,
        subject: (req) => req.user.id,
        message: FEEDBACK_DAILY_LIMIT_MESSAGE,
      }),
    },
    async (req, reply) => {
      const result = await sendFeedback({
        deps: { db, mailer, supportEmail: env.SUPPORT_EMAIL },
        user: req.user,
        input: req.body,
        log: req.log,
      });
      return reply.status(201).send(result);
    },
  );
};
