import { z } from 'zod';
import { planSchema } from './account.ts';

/** Plans and billing (docs/product/rules.md#states-and-transitions "Plan payment" / "Account portal", docs/product/integrations.md, docs/product/messages.md; docs/decisions/012-payments-stripe-and-local-stand-in.md). */

/** Active plans in display order (GET /api/plans). */
export const planListSchema = z.array(planSchema);

/** Body of activate-free-plan and create-checkout-session (docs/product/integrations.md): the chosen plan. */
export const choosePlanSchema = z.object({
  planId: z.string({ error: 'Plano não fornecido' }).trim().min(1, { error: 'Plano não fornecido' }),
});
export type ChoosePlanInput = z.infer<typeof choosePlanSchema>;

/** create-checkout-session answers the external checkout page's address. */
export const checkoutSessionSchema = z.object({ checkout_url: z.string() });
export type CheckoutSession = z.infer<typeof checkoutSessionSchema>;

/** activate-free-plan answers the plan now active. */
export const activatedPlanSchema = z.object({ plan: planSchema });

/** create-portal-session answers the payment portal's address. */
export const portalSessionSchema = z.object({ url: z.string() });
export type PortalSession = z.infer<typeof portalSessionSchema>;

/** Back from the checkout page: the session to confirm (the success URL carries it). */
export const confirmCheckoutSchema = z.object({
  sessionId: z.string().trim().min(1, { error: 'Sessão de pagamento não informada' }).max(200),
});

/**
 * The overage of the current billing period against the owner's ceiling (paid plans;
 * docs/decisions/021-spend-and-abuse-limits.md). Amounts in cents of the billing currency (US$).
 */
export const overageStatusSchema = z.object({
  /** The plan bills overage (a paid plan): the ceiling applies. */
  applies: z.boolean(),
  ceilingCents: z.number().int(),
  spentCents: z.number().int(),
  /** The ceiling is reached: the AI does not answer customers until it is raised or the period ends. */
  paused: z.boolean(),
  /** When the period (and the pause) ends (ISO); null when the ceiling does not apply. */
  periodEnd: z.string().nullable(),
});
export type OverageStatus = z.infer<typeof overageStatusSchema>;

/** The highest ceiling an owner can set: US$ 100.000,00. */
export const OVERAGE_CEILING_MAX_CENTS = 10_000_000;
export const OVERAGE_CEILING_MESSAGE = 'Informe um limite entre US$ 0,00 e US$ 100.000,00, em centavos inteiros.';

/** PUT /api/billing/overage-ceiling: the owner's ceiling, in integer cents (0 = no overage at all). */
export const updateOverageCeilingSchema = z.object({
  ceilingCents: z
    .number({ error: OVERAGE_CEILING_MESSAGE })
    .int({ error: OVERAGE_CEILING_MESSAGE })
    .min(0, { error: OVERAGE_CEILING_MESSAGE })
    .max(OVERAGE_CEILING_MAX_CENTS, { error: OVERAGE_CEILING_MESSAGE }),
});
export type UpdateOverageCeilingInput = z.infer<typeof updateOverageCeilingSchema>;

/** The signed-in user's subscription as the app shows it (banner, pricing, user menu). */
export const billingStatusSchema = z.object({
  /** Stripe's subscription status, or null without a subscription. */
  status: z.string().nullable(),
  /** End of the current billing period (ISO), for paid plans. */
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** A payment failed (past_due / unpaid): the app shows a banner with the portal link. */
  paymentFailed: z.boolean(),
  /** Where 'Consultar Valores' (sem-limites) leads: the configured sales chat link. */
  salesUrl: z.string(),
  /** Paid checkout is possible on this server (Stripe or the local stand-in). */
  paymentsEnabled: z.boolean(),
  /** The overage ceiling and whether the AI is paused by it (the app's banner, Planos). */
  overage: overageStatusSchema,
});
export type BillingStatus = z.infer<typeof billingStatusSchema>;

export const webhookAckSchema = z.object({
  received: z.literal(true),
  duplicate: z.boolean().optional(),
  ignored: z.boolean().optional(),
  /** Pix: the charge could not be re-read now; acknowledged and re-read later by a job. */
  retrying: z.boolean().optional(),
});

/** Portuguese texts of the flow (docs/product/messages.md where it gives them). */
export const BILLING_MESSAGES = {
  planMissing: 'Plano não fornecido',
  planNotFound: 'Plano não encontrado.',
  sessionUrlMissing: 'URL da sessão não retornada',
  notConfigured: 'Pagamentos não configurados neste servidor. O plano gratuito continua disponível.',
  salesOnly: 'Este plano é contratado com a nossa equipe: use Consultar Valores.',
  alreadyOnPlan: 'Este já é o seu plano atual.',
  freePlanNoPortal: 'Você está no plano gratuito: não há assinatura para gerenciar.',
  noCustomer: 'Acesso Indisponível',
  badSignature: 'Assinatura do webhook inválida.',
  upstream: 'O serviço de pagamentos não respondeu. Tente novamente em instantes.',
  checkoutNotFound: 'Sessão de pagamento não encontrada.',
  freeActivated: 'Plano Gratuito ativado com sucesso!',
  checkoutConfirmed: 'Pagamento confirmado! Seu novo plano já está ativo.',
} as const;

/** Free means the freemium slug or a price of 0; a null price (sem-limites, 'Consultar Valores') is not free. */
export function isFreePlan(plan: { slug: string; priceCents: number | null } | null | undefined): boolean {
  return !plan || plan.slug.includes('freemium') || plan.priceCents === 0;
}

/** Plans sold through the sales chat instead of checkout: no price. */
export function isSalesOnlyPlan(plan: { priceCents: number | null }): boolean {
  return plan.priceCents === null;
}
