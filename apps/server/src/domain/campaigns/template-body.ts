/**
 * A campaign's marketing template as Meta wants it (docs/decisions/075-template-submission.md): the owner
 * writes the text with the contact's fields {nome} and {ultimo_item}; Meta takes a BODY with positional
 * variables {{1}}, {{2}}… numbered in order of appearance, each with an example value
 * (`example.body_text`), none at the very start or end of the body, at most 1024 characters
 * (https://developers.facebook.com/docs/whatsapp/business-management-api/message-templates/components).
 * Pure.
 */

/** The contact's fields the owner may use, their example for Meta and their fallback when the contact has none. */
export const TEMPLATE_FIELDS = {
  nome: { example: 'Marina', fallback: 'cliente' },
  ultimo_item: { example: 'bolo de pote', fallback: 'seu último pedido' },
} as const;
export type TemplateField = keyof typeof TEMPLATE_FIELDS;

/** Meta's body limit (components page: BODY, 1024 characters). */
export const BODY_MAX = 1024;
/** The quick-reply button that lets the customer stop marketing (its text, up to 25 characters). */
export const STOP_BUTTON_TEXT = 'Parar de receber';

export interface TemplateDraft {
  body: string;
  variables: TemplateField[];
  examples: string[];
}

const FIELD = /\{\{?\s*(nome|ultimo_item)\s*\}?\}/g;

/**
 * The owner's text → Meta's body: each {nome} / {ultimo_item} (or {{nome}}) becomes {{n}} in order of
 * first appearance (the same field twice is the same variable). Refused in Portuguese as Meta would
 * refuse it, before anything is sent: an unknown {campo}, a variable at the start or the end, too long.
 */
export function templateDraft(text: string): TemplateDraft | { error: string } {
  const trimmed = text.trim();
  if (!trimmed) return { error: 'Escreva o texto do modelo.' };
  const unknown = trimmed.replace(FIELD, '').match(/\{\{?\s*[^{}\s]+\s*\}?\}/);
  if (unknown) return { error: `O campo ${unknown[0]} não existe. Use {nome} ou {ultimo_item}.` };
  const variables: TemplateField[] = [];
  const body = trimmed.replace(FIELD, (_whole, field: TemplateField) => {
    if (!variables.includes(field)) variables.push(field);
    return `{{${variables.indexOf(field) + 1}}}`;
  });
  if (/^\{\{\d+\}\}/.test(body) || /\{\{\d+\}\}[.!?…\s]*$/.test(body))
    return {
      error:
        'A Meta recusa modelos que começam ou terminam com um campo do cliente: escreva algo antes e depois de {nome} e {ultimo_item}.',
    };
  if (body.length > BODY_MAX) return { error: `O texto do modelo pode ter até ${BODY_MAX} caracteres.` };
  return { body, variables, examples: variables.map((v) => TEMPLATE_FIELDS[v].example) };
}

/** The values of one contact, in the body's order. */
export function templateValues(
  variables: readonly string[],
  contact: { name: string | null; lastItem: string | null },
): string[] {
  const first = contact.name?.trim().split(/\s+/)[0] || TEMPLATE_FIELDS.nome.fallback;
  return variables.map((v) =>
    v === 'nome' ? first : contact.lastItem?.trim() || TEMPLATE_FIELDS.ultimo_item.fallback,
  );
}

/**
 * A template name Meta accepts (lowercase letters, digits and underscores, at most 512 characters) from the
 * campaign's name, with a short suffix so two submissions never collide in the WABA.
 */
export function templateName(campaignName: string, suffix: string): string {
  const base = campaignName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 60);
  return `${base || 'campanha'}_${suffix.toLowerCase().replace(/[^a-z0-9]/g, '')}`.slice(0, 512);
}

/** `POST /{WABA-ID}/message_templates`' body for a MARKETING template in pt_BR. */
export function templateRequest(input: {
  name: string;
  draft: TemplateDraft;
  footer: string | null;
  stopButton: boolean;
}): Record<string, unknown> {
  const components: Record<string, unknown>[] = [
    {
      type: 'BODY',
      text: input.draft.body,
      ...(input.draft.examples.length ? { example: { body_text: [input.draft.examples] } } : {}),
    },
  ];
  if (input.footer) components.push({ type: 'FOOTER', text: input.footer });
  if (input.stopButton)
    components.push({ type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: STOP_BUTTON_TEXT }] });
  return { name: input.name, language: 'pt_BR', category: 'MARKETING', components };
}

/** Meta's rejection reasons, in Portuguese, with what to change. */
const REJECTION_TEXT: Record<string, string> = {
  INVALID_FORMAT:
    'Formato inválido: confira os campos do cliente ({nome}, {ultimo_item}), a pontuação e se não há emojis ou quebras de linha em excesso.',
  PROMOTIONAL:
    'A Meta considerou o texto promocional demais para a categoria pedida. Reescreva sem exageros (sem “GRÁTIS!!!”, sem pressão) ou aceite a categoria marketing.',
  ABUSIVE_CONTENT:
    'A Meta considerou o conteúdo abusivo ou contra as políticas do WhatsApp. Reescreva sem promessas enganosas, ameaças ou conteúdo proibido.',
  TAG_CONTENT_MISMATCH:
    'A categoria não combina com o texto. Um modelo de campanha é marketing: deixe claro que é uma oferta ou novidade.',
  INCORRECT_CATEGORY: 'A categoria não combina com o texto. Um modelo de campanha é marketing.',
  CATEGORY_NOT_AVAILABLE: 'A categoria pedida não está disponível para esta conta na Meta.',
  SCAM: 'A Meta suspeitou de golpe. Reescreva deixando claro quem é a loja e o que é oferecido, sem pedir dados pessoais.',
};

/** The owner's sentence for Meta's reason (and its detail, when Meta gave one). */
export function rejectionText(reason: string | null, detail: string | null): string {
  const known = reason ? REJECTION_TEXT[reason] : undefined;
  const base = known ?? 'A Meta recusou o modelo. Revise o texto e envie um novo modelo.';
  return detail ? `${base} Detalhe da Meta: ${detail}` : base;
}

/** The status's label on the screen. */
export const TEMPLATE_STATUS_LABELS: Record<string, string> = {
  PENDING: 'Em análise pela Meta',
  APPROVED: 'Aprovado',
  REJECTED: 'Recusado',
  PAUSED: 'Pausado pela Meta',
  DISABLED: 'Desativado pela Meta',
  FLAGGED: 'Sinalizado pela Meta',
};

/** Why a campaign whose template Meta paused or disabled stopped (shown on the campaign). */
export function templatePauseReason(status: string): string | null {
  if (status === 'PAUSED')
    return 'Pausada automaticamente: a Meta pausou o modelo desta campanha por reclamações de clientes. Espere a Meta liberar o modelo ou crie outro.';
  if (status === 'DISABLED')
    return 'Pausada automaticamente: a Meta desativou o modelo desta campanha. Crie um novo modelo com outro texto.';
  if (status === 'REJECTED' || status === 'PENDING')
    return 'Pausada automaticamente: o modelo desta campanha não está aprovado pela Meta.';
  return null;
}
