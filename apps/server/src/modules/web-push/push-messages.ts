import { formatCents, type PushMessage } from '@vendai/contracts';

/** A draft's part as stored: a text, or a catalogue photo with its caption. */
type DraftPart = string | { photo: { caption: string } };

/** The draft's text shown on the notification, at most this long (the payload stays far below 4096 bytes). */
export const DRAFT_PREVIEW_CHARS = 300;

const conversationUrl = (convId: string) => `/dashboard?conversa=${convId}`;

/** Who the notification names: the contact's name, else the phone, else 'Um cliente'. */
export const contactLabel = (c: { contact_name: string | null; contact_phone: string | null } | null) =>
  c?.contact_name?.trim() || (c?.contact_phone ? `+${c.contact_phone}` : 'Um cliente');

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

/**
 * What each kind says (docs/decisions/067-web-push.md, "What is sent"): the contact's name and what
 * happened; never the customer's messages. A draft carries its own text (the owner approves what they
 * read) and what the 'Enviar'/'Descartar' actions need.
 */
export const pushMessages = {
  handoff: (convId: string, who: string): PushMessage => ({
    kind: 'handoff',
    title: 'Cliente pediu uma pessoa',
    body: `${who} quer falar com alguém da equipe. A IA parou nesta conversa.`,
    tag: `handoff:${convId}`,
    url: conversationUrl(convId),
  }),
  draft: (convId: string, draftId: string, who: string, parts: readonly DraftPart[]): PushMessage => {
    const text = parts
      .map((p) => (typeof p === 'string' ? p : `[foto] ${p.photo.caption}`))
      .join('\n')
      .trim();
    return {
      kind: 'draft',
      title: `Resposta para ${who} aguarda aprovação`,
      body: clip(text || 'A IA preparou uma resposta.', DRAFT_PREVIEW_CHARS),
      tag: `draft:${draftId}`,
      url: conversationUrl(convId),
      draft: { convId, draftId },
    };
  },
  pixPaid: (convId: string, orderId: string, who: string, totalCents: number | null): PushMessage => ({
    kind: 'pixPaid',
    title: 'Pix pago',
    body: totalCents === null ? `${who} pagou o pedido com Pix.` : `${who} pagou ${formatCents(totalCents)} com Pix.`,
    tag: `pix:${orderId}`,
    url: conversationUrl(convId),
  }),
  numberDisconnected: (numberId: string, label: string, problem?: string): PushMessage => ({
    kind: 'numberDisconnected',
    title: problem ? 'Problema no número' : 'Número desconectado',
    body: problem
      ? `O WhatsApp ${label}: ${problem}`
      : `O WhatsApp ${label} saiu do ar: a IA não responde por ele até você conectar de novo.`,
    tag: `number:${numberId}`,
    url: '/instances-management',
  }),
};
