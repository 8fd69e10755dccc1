import {
  activatedPlanSchema,
  billingStatusSchema,
  checkoutSessionSchema,
  choosePlanSchema,
  confirmCheckoutSchema,
  overageStatusSchema,
  portalSessionSchema,
  updateOverageCeilingSchema,
} from '@vendai/contracts';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from '../../plugins/route-schemas.ts';
import { requireUser } from '../../plugins/require-user.ts';
import { activateFreePlan } from './activate-free-plan.ts';
import type { BillingDeps } from './billing-deps.ts';
import { confirmCheckout } from './confirm-checkout.ts';
import { createCheckoutSession } from './create-checkout-session.ts';
import { createPortalSession } from './create-portal-session.ts';
import { getBillingStatus } from './get-billing-status.ts';
import { setOverageCeiling } from './set-overage-ceiling.ts';

/** /api/billing: plan choice, checkout, portal and subscription status of the signed-in user (docs/product/rules.md#states-and-transitions, docs/product/integrations.md). */
export const billingRoutes: FastifyPluginAsyncZod<{ deps: BillingDeps }> = async (app, { deps }) => {
  requireUser(app);

  app.get('/status', { schema: { response: { 200: billingStatusSchema } } }, async (req) =>
    getBillingStatus({ deps, accountId: req.user.id }),
  );

  app.post(
    '/activate-free-plan',
    { schema: { body: choosePlanSchema, response: { 200: activatedPlanSchema } } },
    async (req) => activateFreePlan({ deps, accountId: req.user.id, planId: req.body.planId }),
  );

  app.post(
    '/create-checkout-session',
    { schema: { body: choosePlanSchema, response: { 200: checkoutSessionSchema } } },
    async (req) => createCheckoutSession({ deps, accountId: req.user.id, planId: req.body.planId }),
  );

  app.post(
    '/create-portal-session',
    { schema: { body: z.object({}).optional(), response: { 200: portalSessionSchema } } },
    async (req) => createPortalSession({ deps, accountId: req.user.id }),
  );

  app.post(
    '/confirm-checkout',
    { schema: { body: confirmCheckoutSchema, response: { 200: billingStatusSchema } } },
    async (req) => confirmCheckout({ deps, accountId: req.user.id, sessionId: req.body.sessionId }),
  );

  app.put(
    '/overage-ceiling',
    { schema: { body: updateOverageCeilingSchema, response: { 200: overageStatusSchema } } },
    async (req) => setOverageCeiling({ deps, accountId: req.user.id, input: req.body }),
  );
};
