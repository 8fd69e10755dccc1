import { z } from 'zod';

/** Pix charges in the chat (Configurações → Pagamentos Pix, 'Cobrar com Pix', orders). */

export const PIX_PROVIDER_CHOICES = ['standin', 'asaas', 'mercadopago'] as const;
export type PixProviderChoiceName = (typeof PIX_PROVIDER_CHOICES)[number];
export const PIX_PROVIDER_LABELS: Record<PixProviderChoiceName, string> = {
  standin: 'Pix local de teste',
  asaas: 'Asaas',
  mercadopago: 'Mercado Pago',
};

export const PIX_MESSAGES = {
  notConfigured: 'Configure o Pix em Configurações → Pagamentos Pix para cobrar pelo chat.',
  standinOff: 'O Pix local de teste não está disponível neste servidor: escolha o Asaas ou o Mercado Pago.',
  keyRequired: 'Cole a chave de API do provedor.',
  secretRequired: 'Cole a assinatura secreta dos webhooks do Mercado Pago.',
  amount: 'Informe um valor entre R$ 1,00 e R$ 100.000,00.',
  description: 'Descreva a cobrança (até 140 caracteres).',
  badWebhook: 'Webhook Pix não autenticado.',
  orderSettled: 'Este pedido já foi confirmado ou recusado.',
  notProposed: 'Só o valor dos itens sob consulta pode ser alterado.',
} as const;

/** GET /api/pix/settings: never the key itself, only its end. */
export const pixSettingsSchema = z.object({
  configured: z.boolean(),
  provider: z.enum(PIX_PROVIDER_CHOICES).nullable(),
  keyHint: z.string().nullable(),
  /**
   * Where the provider must post its notifications, known before anything is saved: Mercado Pago's
   * owner registers it there first, which gives the signing secret (docs/decisions/055-pix-orders-state-machine.md).
   */
  webhookUrl: z.string(),
  /** The provider's notifications are authenticated (Mercado Pago: its signing secret was given). */
  webhookSecretSet: z.boolean(),
  /** The local stand-in can be chosen (never in production), and where its bank page is. */
  standinAvailable: z.boolean(),
  standinUrl: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type PixSettings = z.infer<typeof pixSettingsSchema>;

/** PUT /api/pix/settings: the provider and its key (tested before it is kept). */
export const savePixSettingsSchema = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('standin') }),
  z.object({
    provider: z.literal('asaas'),
    apiKey: z.string().trim().min(8, { error: PIX_MESSAGES.keyRequired }).max(500),
  }),
  /**
   * Mercado Pago in one pass: the access token (omitted: the one kept, when Mercado Pago is already
   * chosen), and the webhooks' signing secret when the owner has it (omitted: the one kept, or none yet;
   * charges are then confirmed by VendAI reading them).
   */
  z.object({
    provider: z.literal('mercadopago'),
    apiKey: z.string().trim().min(8, { error: PIX_MESSAGES.keyRequired }).max(500).optional(),
    webhookSecret: z.string().trim().min(8, { error: PIX_MESSAGES.secretRequired }).max(500).optional(),
  }),
]);
export type SavePixSettingsInput = z.infer<typeof savePixSettingsSchema>;

/** POST /api/pix/charges: 'Cobrar com Pix' from the inbox. */
export const manualPixChargeSchema = z.object({
  convId: z.uuid(),
  amountCents: z
    .number({ error: PIX_MESSAGES.amount })
    .int({ error: PIX_MESSAGES.amount })
    .min(100, { error: PIX_MESSAGES.amount })
    .max(10_000_000, { error: PIX_MESSAGES.amount }),
  description: z
    .string()
    .trim()
    .min(1, { error: PIX_MESSAGES.description })
    .max(140, { error: PIX_MESSAGES.description }),
  /** The browser's id for this request: a retried click makes no second charge. */
  requestId: z.uuid(),
});
export type ManualPixChargeInput = z.infer<typeof manualPixChargeSchema>;

export const ORDER_STATUS_LABELS = {
  awaiting_owner: 'Confirmar pedido',
  declined: 'Recusado',
  pending: 'Gerando Pix',
  awaiting_document: 'Aguardando CPF/CNPJ',
  awaiting_payment: 'Aguardando pagamento',
  paid: 'Pago',
  expired: 'Expirado',
  refunded: 'Estornado',
  cancelled: 'Cancelado',
  failed: 'Falhou',
} as const;
export type OrderStatusName = keyof typeof ORDER_STATUS_LABELS;

export const orderDtoSchema = z.object({
  id: z.string(),
  convId: z.string(),
  source: z.enum(['ai', 'manual']),
  description: z.string(),
  lines: z.array(
    z.object({
      itemId: z.string().nullable(),
      name: z.string(),
      option: z.string().nullable(),
      quantity: z.number().int(),
      unitCents: z.number().int(),
      /** The AI's proposed amount for an item 'sob consulta' (the owner confirms or edits it). */
      proposed: z.boolean().optional(),
    }),
  ),
  totalCents: z.number().int(),
  status: z.enum(Object.keys(ORDER_STATUS_LABELS) as [OrderStatusName, ...OrderStatusName[]]),
  error: z.string().nullable(),
  copiaECola: z.string().nullable(),
  expiresAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
});
export type OrderDto = z.infer<typeof orderDtoSchema>;

/**
 * POST /api/pix/orders/:id/confirm: 'Confirmar e cobrar' on an order waiting for the owner, with the
 * amount of each line 'sob consulta' (the AI's proposal, or the owner's edit), by the line's index.
 */
export const confirmOrderSchema = z.object({
  amounts: z
    .array(
      z.object({
        line: z.number().int().min(0).max(19),
        unitCents: z
          .number({ error: PIX_MESSAGES.amount })
          .int({ error: PIX_MESSAGES.amount })
          .min(100, { error: PIX_MESSAGES.amount })
          .max(10_000_000, { error: PIX_MESSAGES.amount }),
      }),
    )
    .max(20),
});
export type ConfirmOrderInput = z.infer<typeof confirmOrderSchema>;

export const orderListSchema = z.object({ orders: z.array(orderDtoSchema) });
