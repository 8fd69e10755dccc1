import type { FastifyRequest } from 'fastify';
import { FEEDBACK_RATE_LIMITED_MESSAGE, feedbackResultSchema, feedbackSchema } from '@vendai/contracts';
import { AppError } from '../../lib/app-error.ts';
import type { FastifyPluginAsyncZod } from '../../plugins/route-schemas.ts';
import { requireUser } from '../../plugins/require-user.ts';
import { sendFeedback } from './send-feedback.ts';

/** Feedbacks a person may send per minute (per user, whichever address they come from). */
export const FEEDBACK_PER_MINUTE = 5;

/** /api/feedback: "Ajude A Melhorar" (part 2 "Other screens", §5, §7 sugestoes insert). */
export const feedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  requireUser(app);
  const { db, mailer, env } = app.deps;

  app.post(
    '/',
    {
      schema: { body: feedbackSchema, response: { 201: feedbackResultSchema } },
      config: {
        rateLimit: {
          max: FEEDBACK_PER_MINUTE,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: (req: FastifyRequest) => `feedback|${req.user?.id ?? req.ip}`,
          errorResponseBuilder: () => new AppError('RATE_LIMITED', FEEDBACK_RATE_LIMITED_MESSAGE),
        },
      },
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
