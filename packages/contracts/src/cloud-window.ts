import { z } from 'zod';

/**
 * The 24-hour customer-service window of official-API (Cloud) numbers and the message templates
 * sent outside it (docs/decisions/041-cloud-window-and-templates.md).
 */

/** How long after the customer's last message free text may be sent on a Cloud number. */
export const SERVICE_WINDOW_HOURS = 24;

export const templateCategorySchema = z.enum(['UTILITY', 'MARKETING', 'AUTHENTICATION']);
export type TemplateCategory = z.infer<typeof templateCategorySchema>;

/** GET /api/conversations/:id/window: whether free text may go to this conversation now. */
export const conversationWindowSchema = z.object({
  /** Only official-API numbers have a window; QR numbers send free text at any time. */
  applies: z.boolean(),
  /** When the customer last wrote (ISO); null when they never did. */
  customerLastAt: z.string().nullable(),
  /** When free text stops being allowed (ISO); null when it does not apply or the customer never wrote. */
  closesAt: z.string().nullable(),
  /** Free text may be sent now (always true when the window does not apply). */
  open: z.boolean(),
  /**
   * Meta refused free text with #131047 since the customer's last message (docs/decisions/054-cloud-window-and-templates.md):
   * closed whatever `closesAt` says, until the customer writes a message newer than `customerLastAt`.
   */
  closedByMeta: z.boolean().default(false),
});
export type ConversationWindow = z.infer<typeof conversationWindowSchema>;

/** One approved template of the number's WhatsApp Business Account. */
export const messageTemplateSchema = z.object({
  name: z.string(),
  language: z.string(),
  category: templateCategorySchema,
  /** The body with its {{1}}, {{2}}… placeholders. */
  body: z.string(),
  /** How many variables the body has (values given in order). */
  variables: z.number().int().min(0),
});
export type MessageTemplate = z.infer<typeof messageTemplateSchema>;

/** GET /api/conversations/:id/templates: the approved templates of the conversation's number. */
export const messageTemplateListSchema = z.object({ templates: z.array(messageTemplateSchema) });
export type MessageTemplateList = z.infer<typeof messageTemplateListSchema>;

export const TEMPLATE_NOT_FOUND = 'Modelo não encontrado entre os aprovados pela Meta para este número.';
export const TEMPLATE_VALUES_MISSING = 'Preencha todas as variáveis do modelo.';
export const TEMPLATES_ONLY_CLOUD = 'Modelos de mensagem existem só em números conectados pela API oficial da Meta.';

/** POST /api/conversations/:id/templates: send an approved template with its variables' values. */
export const sendTemplateSchema = z.object({
  name: z.string({ error: TEMPLATE_NOT_FOUND }).min(1, { error: TEMPLATE_NOT_FOUND }).max(512),
  language: z.string({ error: TEMPLATE_NOT_FOUND }).min(1, { error: TEMPLATE_NOT_FOUND }).max(32),
  values: z
    .array(
      z
        .string({ error: TEMPLATE_VALUES_MISSING })
        .refine((v) => v.trim().length > 0, { error: TEMPLATE_VALUES_MISSING })
        .refine((v) => v.length <= 1024, { error: 'Cada variável pode ter no máximo 1.024 caracteres.' }),
    )
    .max(20)
    .default([]),
});
export type SendTemplateInput = z.infer<typeof sendTemplateSchema>;

/** A template's body with the values in place of {{1}}, {{2}}… (what the customer reads). */
export function fillTemplate(body: string, values: readonly string[]): string {
  return body.replace(/\{\{(\d+)\}\}/g, (whole, n: string) => values[Number(n) - 1] ?? whole);
}
