import {
  fillTemplate,
  type MessageDto,
  TEMPLATE_BUTTONS_MISSING,
  TEMPLATE_HEADER_LINK,
  TEMPLATE_HEADER_MISSING,
  TEMPLATE_NOT_FOUND,
  TEMPLATE_UNSUPPORTED,
  TEMPLATE_VALUES_MISSING,
  TEMPLATES_ONLY_CLOUD,
  type MessageTemplate,
  type SendTemplateInput,
} from '@vendai/contracts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import type { AccountRole } from '../../../domain/team/membership.ts';
import { assertMayDo } from '../../../domain/team/permissions.ts';
import { toMessageDto } from '../../../domain/conversations/conversation-dto.ts';
import type {
  CloudNumberSecrets,
  CloudTemplates,
  TemplateSend,
} from '../../../integrations/gateway/cloud-templates.ts';
import type { CloudTemplate } from '../../../integrations/gateway/cloud-signup.ts';
import type { EngineDeps } from '../engine-deps.ts';
import { recordSendOutcome, storeManualMessage } from './send-manual-message.ts';
import { sendOutboundTemplate } from '../../../domain/outbound/send-template.ts';
import { insertTemplateMessage, selectCloudConversation } from './sending-repository.ts';

/** The owner's conversation on a Cloud number, with the number's ids and sealed token. */
interface TemplateConversation {
  id: string;
  contactJid: string;
  agenteAtivo: boolean;
  secrets: CloudNumberSecrets;
}

/** The conversation if it is this owner's (another account's is 404) and its number is a Cloud one (else 400). */
async function findCloudConversation(
  deps: EngineDeps,
  accountId: string,
  convId: string,
): Promise<TemplateConversation> {
  const [row] = await selectCloudConversation(deps.db, accountId, convId);
  if (!row) throw notFound();
  if (row.provider !== 'cloud') throw new AppError('VALIDATION', TEMPLATES_ONLY_CLOUD);
  const { phoneNumberId, wabaId, sealed } = row;
  return {
    id: row.id,
    contactJid: row.contactJid,
    agenteAtivo: row.agenteAtivo,
    secrets: { phoneNumberId, wabaId, sealed },
  };
}

/** GET /api/conversations/:id/templates: the approved templates of the conversation's number, from Meta. */
export async function listConversationTemplates(
  deps: EngineDeps,
  templates: CloudTemplates,
  input: { accountId: string; convId: string },
): Promise<MessageTemplate[]> {
  const conv = await findCloudConversation(deps, input.accountId, input.convId);
  return templates.list(conv.secrets);
}

/**
 * POST /api/conversations/:id/templates: the owner sends an approved template (the only message an
 * official-API number may start outside the 24-hour window, decision 041). The template is checked
 * against the WABA's approved list (its category comes from Meta, never from the request), stored as
 * the owner's outgoing message with its template_messages row (Resultados counts it by category),
 * then sent once; a refusal leaves the message failed and answers 502 with Meta's reason.
 */
export async function sendTemplateMessage(
  deps: EngineDeps,
  templates: CloudTemplates,
  input: { accountId: string; convId: string; actorId?: string; role: AccountRole } & SendTemplateInput,
): Promise<MessageDto> {
  const conv = await findCloudConversation(deps, input.accountId, input.convId);
  const approved = await templates.list(conv.secrets);
  const template = approved.find((t) => t.name === input.name && t.language === input.language);
  if (!template) throw new AppError('VALIDATION', TEMPLATE_NOT_FOUND);
  // Meta charges Marketing templates: an attendant sends one only with the owner's leave (decision 052).
  if (template.category === 'MARKETING')
    await assertMayDo(deps.db, { id: input.accountId, role: input.role }, 'marketingTemplates');
  const send = templateSendOf(template, input);
  const text = templateText(template, send);

  const message = await storeManualMessage(
    deps,
    conv,
    { accountId: input.accountId, convId: conv.id, text, actorId: input.actorId },
    async (tx, stored) => {
      await insertTemplateMessage(tx, {
        userId: input.accountId,
        messageId: stored.id,
        name: template.name,
        category: template.category,
      });
    },
  );
  let externalId: string;
  try {
    // Through the one door out (decision 046): once, paced, never repeated.
    externalId = await sendOutboundTemplate(deps, templates, {
      origin: 'template',
      messageId: message.id,
      number: conv.secrets,
      to: conv.contactJid,
      template: send,
      category: template.category,
    });
  } catch (err) {
    await recordSendOutcome(deps, conv.id, message, null);
    deps.log.warn({ err, convId: conv.id }, 'engine: template send failed');
    throw err;
  }
  return toMessageDto(await recordSendOutcome(deps, conv.id, message, { externalId }));
}

/**
 * The owner's values checked against the template as Meta has it (decision 054): as many body values as
 * variables, the header's value when it has a variable or media (a media header takes an https link), one
 * value per URL button with a variable. Meta refuses a mismatch (#132000 / #132012) after charging nothing,
 * but the owner is told here first, in Portuguese.
 */
export function templateSendOf(template: CloudTemplate, input: SendTemplateInput): TemplateSend {
  if (input.values.length !== template.variables) throw new AppError('VALIDATION', TEMPLATE_VALUES_MISSING);
  const head = template.header;
  if (head?.format === 'LOCATION') throw new AppError('VALIDATION', TEMPLATE_UNSUPPORTED);
  let header: TemplateSend['header'] = null;
  if (head && head.format !== 'TEXT') {
    if (!input.header || !/^https:\/\/\S+$/.test(input.header.trim()))
      throw new AppError('VALIDATION', TEMPLATE_HEADER_LINK);
    header = { format: head.format, value: input.header.trim() };
  } else if (head?.variable) {
    if (!input.header?.trim()) throw new AppError('VALIDATION', TEMPLATE_HEADER_MISSING);
    header = {
      format: 'TEXT',
      value: input.header,
      name: template.parameterFormat === 'NAMED' ? head.variable : null,
    };
  }
  const withVariable = template.buttons.flatMap((b, index) => (b.variable ? [index] : []));
  if (input.buttons.length !== withVariable.length) throw new AppError('VALIDATION', TEMPLATE_BUTTONS_MISSING);
  return {
    name: template.name,
    language: template.language,
    values: input.values,
    ...(template.parameterFormat === 'NAMED' ? { names: template.bodyNames } : {}),
    header,
    buttons: withVariable.map((index, i) => ({ index, value: input.buttons[i]! })),
  };
}

/** What the customer reads, stored as the message's text: the header's text (when it is text) and the body, filled. */
function templateText(template: CloudTemplate, send: TemplateSend): string {
  const names = send.names ?? [];
  const body = fillTemplate(template.body, send.values, names);
  const headText = template.header?.format === 'TEXT' ? template.header.text : null;
  if (!headText) return body;
  const filled = send.header ? headText.replace(/\{\{\s*[A-Za-z0-9_]+\s*\}\}/, send.header.value) : headText;
  return `${filled}\n${body}`;
}
