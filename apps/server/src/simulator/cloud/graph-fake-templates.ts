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
  status: 'APPROVED' | 'PENDING' | 'REJECTED' | 'PAUSED' | 'DISABLED';
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
  {
    // A reminder of the agenda with named variables in its own order (docs/decisions/073-booking-reminders.md).
    name: 'lembrete_horario',
    language: 'pt_BR',
    status: 'APPROVED',
    category: 'UTILITY',
    parameter_format: 'NAMED',
    components: [
      {
        type: 'BODY',
        text: 'Oi, {{nome}}! Seu horário é {{data}} às {{hora}}, com {{profissional}}. Responda se precisar remarcar.',
      },
    ],
  },
];

/** The fake pages its templates two at a time (Meta pages them too; the app must follow every page). */
export const FAKE_TEMPLATE_PAGE = 2;

/** One page of `GET /{waba-id}/message_templates`: `after` is the cursor of the previous page. */
export function templatesPage(
  after: string | undefined,
  root: string,
  wabaId: string,
  submitted: readonly SubmittedTemplate[] = [],
) {
  const start = after ? Number(Buffer.from(after, 'base64url').toString()) || 0 : 0;
  const all = [
    ...FAKE_TEMPLATES.map((t) => ({ ...t, id: `tpl_${t.name}` })),
    ...submitted.map(({ rejectedReason, wabaId: _waba, ...t }) => ({
      ...t,
      rejected_reason: rejectedReason ?? 'NONE',
    })),
  ];
  const data = all.slice(start, start + FAKE_TEMPLATE_PAGE);
  const end = start + data.length;
  const cursor = (n: number) => Buffer.from(String(n)).toString('base64url');
  const more = end < all.length;
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
  submitted: readonly SubmittedTemplate[] = [],
): { template: FakeTemplate; params: Record<string, Json[]> } | TemplateRefusal {
  const name = String(content.name ?? '');
  const language = String(((content.language ?? {}) as Json).code ?? '');
  // A submitted template goes only once approved (Meta: #132001 for one not approved in that language).
  const template: FakeTemplate | undefined = [
    ...FAKE_TEMPLATES,
    ...submitted.filter((t) => t.status === 'APPROVED'),
  ].find((t) => t.name === name && t.language === language);
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

/** A template an app submitted to the fake (`POST /{waba-id}/message_templates`), in review until the page decides. */
export interface SubmittedTemplate {
  id: string;
  wabaId: string;
  name: string;
  language: string;
  status: 'PENDING' | 'APPROVED' | 'REJECTED' | 'PAUSED' | 'DISABLED';
  category: FakeTemplate['category'];
  components: Json[];
  rejectedReason: string | null;
}

/**
 * Meta's refusal of a template creation: code 100 'Invalid parameter' ("The request included one or more
 * unsupported or misspelled parameters", WhatsApp error codes,
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/support/error-codes/) with the
 * user's words (`error_user_title`, `error_user_msg`). No `error_subcode`: the subcodes other integrations
 * name for a duplicate name or a dangling variable (2388024, 2388299) are on no Meta page, and Meta asks that
 * error handling rest on `code` and the details (docs/decisions/078-campaign-reach-and-pause.md).
 */
export interface CreationRefusal {
  status: 400;
  code: 100;
  message: string;
  userTitle: string;
  userMsg: string;
}

const invalid = (userTitle: string, userMsg: string): CreationRefusal => ({
  status: 400,
  code: 100,
  message: 'Invalid parameter',
  userTitle,
  userMsg,
});

const CATEGORIES = ['MARKETING', 'UTILITY', 'AUTHENTICATION'] as const;
/** The components page's limits: BODY 1024, HEADER text 60, FOOTER 60, quick reply 25 characters, 10 buttons. */
const LIMITS = { body: 1024, header: 60, footer: 60, quickReply: 25, buttons: 10 } as const;

/**
 * Checks a creation as Meta documents it
 * (https://developers.facebook.com/docs/whatsapp/business-management-api/message-templates and
 * …/message-templates/components): `name` lowercase letters, digits and underscores, at most 512 characters,
 * not already used in that language in the WABA; `language`; `category` one of MARKETING,
 * UTILITY, AUTHENTICATION; one BODY of at most 1024 characters whose positional variables are {{1}}…{{n}} in
 * sequence, each with an example (`example.body_text`, one row of n values), none at the very start or end;
 * an optional TEXT HEADER (≤ 60), FOOTER (≤ 60, no variable) and BUTTONS (quick replies
 * ≤ 25 characters, at most 10). Else the template, PENDING.
 */
export function checkTemplateCreation(
  body: Json,
  wabaId: string,
  existing: readonly { name: string; language: string }[],
  newId: string,
): SubmittedTemplate | CreationRefusal {
  const name = body.name;
  if (typeof name !== 'string' || !/^[a-z0-9_]{1,512}$/.test(name))
    return invalid(
      'Invalid template name',
      'Template names can only contain lowercase letters, numbers and underscores, up to 512 characters.',
    );
  const language = body.language;
  if (typeof language !== 'string' || !/^[a-z]{2,3}(_[A-Z]{2})?$/.test(language))
    return invalid('Invalid language', 'The parameter language is required and must be a supported language code.');
  const category = CATEGORIES.find((c) => c === body.category);
  if (!category) return invalid('Invalid category', 'Category must be MARKETING, UTILITY or AUTHENTICATION.');
  if (existing.some((t) => t.name === name && t.language === language))
    return invalid(
      'Content in this language already exists',
      `The template name "${name}" already has content in ${language}. Use another name or edit the existing template.`,
    );
  const components = Array.isArray(body.components) ? (body.components as Json[]) : [];
  const bodies = components.filter((c) => c.type === 'BODY');
  const text = bodies[0]?.text;
  if (bodies.length !== 1 || typeof text !== 'string' || !text.trim())
    return invalid('Missing body', 'A template needs exactly one BODY component with text.');
  if (text.length > LIMITS.body)
    return invalid('Body too long', `The body text can have at most ${LIMITS.body} characters.`);
  const numbers = variablesOf(text);
  if (numbers.some((n) => !/^\d+$/.test(n)) || numbers.some((n, i) => Number(n) !== i + 1))
    return invalid(
      'Invalid variable parameters',
      'Variable parameters must be whole numbers in sequence, starting at {{1}}: {{1}}, {{2}}, {{3}}…',
    );
  if (numbers.length && (/^\s*\{\{/.test(text) || /\}\}[\s.!?]*$/.test(text)))
    return invalid(
      "Variables can't be at the start or end of the template",
      'Variable parameters can’t be at the start or end of the body text.',
    );
  const examples = ((bodies[0]!.example as Json | undefined)?.body_text as unknown[][] | undefined)?.[0];
  if (
    numbers.length &&
    (!Array.isArray(examples) ||
      examples.length !== numbers.length ||
      examples.some((e) => typeof e !== 'string' || !e))
  )
    return invalid(
      'Message template sample values are missing',
      'Add a sample for every variable parameter of the body (example.body_text).',
    );
  const header = components.find((c) => c.type === 'HEADER');
  if (header && header.format === 'TEXT' && (typeof header.text !== 'string' || header.text.length > LIMITS.header))
    return invalid('Header too long', `The header text can have at most ${LIMITS.header} characters.`);
  const footer = components.find((c) => c.type === 'FOOTER');
  if (footer && (typeof footer.text !== 'string' || footer.text.length > LIMITS.footer || /\{\{/.test(footer.text)))
    return invalid('Invalid footer', `The footer has at most ${LIMITS.footer} characters and no variables.`);
  const buttons = (components.find((c) => c.type === 'BUTTONS')?.buttons as Json[] | undefined) ?? [];
  if (buttons.length > LIMITS.buttons)
    return invalid('Too many buttons', `A template can have at most ${LIMITS.buttons} buttons.`);
  if (
    buttons.some(
      (b) => b.type === 'QUICK_REPLY' && (typeof b.text !== 'string' || !b.text || b.text.length > LIMITS.quickReply),
    )
  )
    return invalid('Invalid button', `Quick reply button text has at most ${LIMITS.quickReply} characters.`);
  return { id: newId, wabaId, name, language, status: 'PENDING', category, components, rejectedReason: null };
}
