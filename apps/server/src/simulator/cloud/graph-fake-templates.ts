/**
 * The simulator's message templates (docs/decisions/054-cloud-window-and-templates.md), in Meta's shape
 * (https://developers.facebook.com/docs/whatsapp/business-management-api/message-templates/components): every
 * simulated WABA has these, served in small pages (`paging.cursors.after`, `paging.next` while more remain) so
 * the app must follow them, and a template send is checked as Meta checks it
 * (https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes): an unknown template is #132001,
 * a wrong number of parameters in a component #132000, a NAMED template's parameter without its name (or with
 * another) or a media header of the wrong type #132012.
 */

type Json = Record<string, unknown>;

export interface FakeTemplate {
  name: string;
  language: string;
  status: 'APPROVED';
  category: 'UTILITY' | 'MARKETING' | 'AUTHENTICATION';
  parameter_format?: 'POSITIONAL' | 'NAMED';
  components: Json[];
}

export const FAKE_TEMPLATES: FakeTemplate[] = [
  {
    name: 'retomar_atendimento',
    language: 'pt_BR',
    status: 'APPROVED',
    category: 'UTILITY',
    components: [{ type: 'BODY', text: 'Olá, {{1}}! Ainda podemos ajudar com o seu pedido? Responda esta mensagem.' }],
  },
  {
    name: 'oferta_da_semana',
    language: 'pt_BR',
    status: 'APPROVED',
    category: 'MARKETING',
    components: [{ type: 'BODY', text: 'Oi, {{1}}! Esta semana {{2}} está com desconto. Quer saber mais?' }],
  },
  {
    name: 'pedido_enviado',
    language: 'pt_BR',
    status: 'APPROVED',
    category: 'UTILITY',
    parameter_format: 'POSITIONAL',
    components: [
      { type: 'HEADER', format: 'TEXT', text: 'Pedido {{1}}', example: { header_text: ['4321'] } },
      {
        type: 'BODY',
        text: 'Olá, {{1}}! Seu pedido saiu para entrega e chega até {{2}}.',
        example: { body_text: [['Marina', '18h']] },
      },
      {
        type: 'BUTTONS',
        buttons: [
          { type: 'URL', text: 'Acompanhar', url: 'https://loja.example/rastreio/{{1}}' },
          { type: 'QUICK_REPLY', text: 'Falar com a loja' },
        ],
      },
    ],
  },
  {
    name: 'promo_nome',
    language: 'pt_BR',
    status: 'APPROVED',
    category: 'MARKETING',
    parameter_format: 'NAMED',
    components: [
      { type: 'HEADER', format: 'IMAGE' },
      { type: 'BODY', text: 'Oi, {{first_name}}! {{produto}} está com desconto esta semana.' },
    ],
  },
];

/** The fake pages its templates two at a time (Meta pages them too; the app must follow every page). */
export const FAKE_TEMPLATE_PAGE = 2;

/** One page of `GET /{waba-id}/message_templates`: `after` is the cursor of the previous page. */
export function templatesPage(after: string | undefined, root: string, wabaId: string) {
  const start = after ? Number(Buffer.from(after, 'base64url').toString()) || 0 : 0;
  const data = FAKE_TEMPLATES.slice(start, start + FAKE_TEMPLATE_PAGE).map((t) => ({ ...t, id: `tpl_${t.name}` }));
  const end = start + data.length;
  const cursor = (n: number) => Buffer.from(String(n)).toString('base64url');
  const more = end < FAKE_TEMPLATES.length;
  return {
    data,
    paging: {
      cursors: { before: cursor(start), after: cursor(end) },
      ...(more ? { next: `${root}/${wabaId}/message_templates?limit=${FAKE_TEMPLATE_PAGE}&after=${cursor(end)}` } : {}),
    },
  };
}

/** A refusal as Meta words it (the routes answer it in Meta's error shape). */
export interface TemplateRefusal {
  status: number;
  code: number;
  message: string;
  details: string;
}

const COUNT: Omit<TemplateRefusal, 'details'> = {
  status: 400,
  code: 132000,
  message: '(#132000) Number of parameters does not match the expected number of params',
};
const COUNT_DETAILS =
  'The number of variable parameter values included in the request did not match the number of variable parameters defined in the template.';
const FORMAT: TemplateRefusal = {
  status: 400,
  code: 132012,
  message: '(#132012) Parameter format does not match format in the created template',
  details: 'Variable parameter values formatted incorrectly.',
};

const variablesOf = (text: unknown) =>
  typeof text === 'string' ? [...new Set([...text.matchAll(/\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g)].map((m) => m[1]!))] : [];

/** The approved template a send names, and its parameters per component; or Meta's refusal. */
export function checkTemplateSend(
  content: Json,
): { template: FakeTemplate; params: Record<string, Json[]> } | TemplateRefusal {
  const name = String(content.name ?? '');
  const language = String(((content.language ?? {}) as Json).code ?? '');
  const template = FAKE_TEMPLATES.find((t) => t.name === name && t.language === language);
  if (!template)
    return {
      status: 400,
      code: 132001,
      message: '(#132001) Template name does not exist in the translation',
      details: `template name (${name}) does not exist in ${language}`,
    };
  const sent = (content.components as Json[] | undefined) ?? [];
  const paramsOf = (type: string) =>
    sent
      .filter((c) => String(c.type).toLowerCase() === type)
      .flatMap((c) => (c.parameters as Json[] | undefined) ?? []);
  const header = template.components.find((c) => c.type === 'HEADER');
  const body = template.components.find((c) => c.type === 'BODY');
  const buttons = (template.components.find((c) => c.type === 'BUTTONS')?.buttons as Json[] | undefined) ?? [];
  const named = template.parameter_format === 'NAMED';

  const headerParams = paramsOf('header');
  const media = header && header.format !== 'TEXT' ? String(header.format).toLowerCase() : null;
  const headerWanted = media ? 1 : variablesOf(header?.text).length;
  if (headerParams.length !== headerWanted) return { ...COUNT, details: `header: ${COUNT_DETAILS}` };
  if (media && (headerParams[0]?.type !== media || !((headerParams[0]?.[media] ?? null) as Json | null)?.link))
    return { ...FORMAT, details: `header: ${FORMAT.details} Expected ${String(header!.format)}.` };

  const bodyNames = variablesOf(body?.text);
  const bodyParams = paramsOf('body');
  if (bodyParams.length !== bodyNames.length) return { ...COUNT, details: `body: ${COUNT_DETAILS}` };
  if (named && bodyParams.some((p) => !bodyNames.includes(String(p.parameter_name ?? ''))))
    return { ...FORMAT, details: `body: ${FORMAT.details}` };

  const urlButtons = buttons.flatMap((b, i) => (b.type === 'URL' && variablesOf(b.url).length ? [i] : []));
  const buttonParts = sent.filter((c) => String(c.type).toLowerCase() === 'button');
  if (
    buttonParts.length !== urlButtons.length ||
    buttonParts.some(
      (c) => !urlButtons.includes(Number(c.index)) || ((c.parameters as Json[] | undefined) ?? []).length !== 1,
    )
  )
    return { ...COUNT, details: `buttons: ${COUNT_DETAILS}` };
  return { template, params: { header: headerParams, body: bodyParams } };
}

/** What the customer reads of a template send the fake accepted: the header's text and the body, filled. */
export function templateText(template: FakeTemplate, params: Record<string, Json[]>): string {
  const fill = (text: string, values: Json[]) =>
    text.replace(/\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g, (whole, key: string) => {
      const byName = values.find((p) => p.parameter_name === key);
      const value = byName ?? (/^\d+$/.test(key) ? values[Number(key) - 1] : undefined);
      return value ? String(value.text ?? '') : whole;
    });
  const header = template.components.find((c) => c.type === 'HEADER');
  const body = template.components.find((c) => c.type === 'BODY');
  const bodyText = fill(String(body?.text ?? template.name), params.body ?? []);
  return typeof header?.text === 'string' ? `${fill(header.text, params.header ?? [])}\n${bodyText}` : bodyText;
}
