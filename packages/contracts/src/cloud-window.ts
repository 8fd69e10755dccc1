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
  /**
   * Meta's own agent holds the thread (the customer's messages came on the webhook's `standby` field,
   * docs/decisions/054-cloud-window-and-templates.md, Standby): VendAI does not answer until control comes back.
   */
  metaAgentHolds: z.boolean().default(false),
});
export type ConversationWindow = z.infer<typeof conversationWindowSchema>;

export const templateHeaderFormatSchema = z.enum(['TEXT', 'IMAGE', 'VIDEO', 'DOCUMENT', 'LOCATION']);

/**
 * One approved template of the number's WhatsApp Business Account, with its header, body and buttons
 * (docs/decisions/054-cloud-window-and-templates.md).
 */
export const messageTemplateSchema = z.object({
  name: z.string(),
  language: z.string(),
  category: templateCategorySchema,
  /** The body with its {{1}}, {{2}}… (or named {{first_name}}) placeholders. */
  body: z.string(),
  /** How many variables the body has (values given in order). */
  variables: z.number().int().min(0),
  /** NAMED: the body's variables have names (`bodyNames`, in the order of the values). */
  parameterFormat: z.enum(['POSITIONAL', 'NAMED']).default('POSITIONAL'),
  bodyNames: z.array(z.string()).default([]),
  /** The header: text (with at most one variable, named or {{1}}) or media (a link is asked); null: none. */
  header: z
    .object({ format: templateHeaderFormatSchema, text: z.string().nullable(), variable: z.string().nullable() })
    .nullable()
    .default(null),
  /** The buttons in order; `variable`: a URL button whose link ends with a value to fill. */
  buttons: z
    .array(z.object({ type: z.string(), text: z.string(), url: z.string().nullable(), variable: z.boolean() }))
    .default([]),
});
export type MessageTemplate = z.infer<typeof messageTemplateSchema>;

/** GET /api/conversations/:id/templates: the approved templates of the conversation's number. */
export const messageTemplateListSchema = z.object({ templates: z.array(messageTemplateSchema) });
export type MessageTemplateList = z.infer<typeof messageTemplateListSchema>;

export const TEMPLATE_NOT_FOUND = 'Modelo não encontrado entre os aprovados pela Meta para este número.';
export const TEMPLATE_VALUES_MISSING = 'Preencha todas as variáveis do modelo.';
export const TEMPLATE_HEADER_MISSING = 'Preencha o cabeçalho do modelo.';
export const TEMPLATE_HEADER_LINK = 'O cabeçalho deste modelo é uma mídia: informe o link (https://…) do arquivo.';
export const TEMPLATE_BUTTONS_MISSING = 'Preencha o final do link de cada botão do modelo.';
export const TEMPLATE_UNSUPPORTED = 'Este modelo tem um cabeçalho de localização, que o VendAI ainda não envia.';
export const TEMPLATES_ONLY_CLOUD = 'Modelos de mensagem existem só em números conectados pela API oficial da Meta.';

const templateValue = z
  .string({ error: TEMPLATE_VALUES_MISSING })
  .refine((v) => v.trim().length > 0, { error: TEMPLATE_VALUES_MISSING })
  .refine((v) => v.length <= 1024, { error: 'Cada variável pode ter no máximo 1.024 caracteres.' });

/**
 * POST /api/conversations/:id/templates: send an approved template with its variables' values: the body's
 * in order (a NAMED template's in the order of its `bodyNames`), the header's (its variable's text, or the
 * link of its media) and the URL buttons' (one per button with a variable, in the buttons' order).
 */
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
  header: templateValue.optional(),
  buttons: z.array(templateValue).max(10).default([]),
});
export type SendTemplateInput = z.infer<typeof sendTemplateSchema>;

/**
 * A template's text with the values in place of {{1}}, {{2}}… (what the customer reads); with `names`
 * (a NAMED template), {{name}} takes the value at that name's position.
 */
export function fillTemplate(body: string, values: readonly string[], names?: readonly string[]): string {
  return body.replace(/\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g, (whole, key: string) => {
    const at = names?.length ? names.indexOf(key) : /^\d+$/.test(key) ? Number(key) - 1 : -1;
    return at >= 0 ? (values[at] ?? whole) : whole;
  });
}
