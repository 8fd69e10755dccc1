/**
 * The AI's answer as data (docs/decisions/015-handoff.md): besides the text for the customer the
 * model says, in fields, whether a person must take over, whether it needed the owner for something
 * it could not answer, and whether the customer is ready to buy. The engine acts on these fields,
 * never on the answer's wording. Shared by the conversation engine and the playground.
 */

export interface StructuredReply {
  /** What the customer receives. */
  reply: string;
  /** The customer needs a person (asked for one, or the AI judges so): the conversation goes Manual. */
  handoff: { reason: string } | null;
  /** Something only the owner knows (a price or stock not in the prompt, a complaint): the owner is alerted. */
  needsOwner: { reason: string } | null;
  /** The customer is ready to buy. */
  hotLead: boolean;
  /**
   * Catalogue items whose photo goes after the text (the customer asked to see them), as the model
   * named them; only ids among this reply's facts that have a photo are sent (domain/facts/reply-photos.ts).
   */
  photos?: string[];
  /**
   * The customer confirmed a purchase: catalogue item ids, options and quantities as the model named
   * them. VendAI prices it from the catalogue and sends the Pix (domain/orders/ai-order.ts); the
   * model never states the total.
   */
  order?: ReplyOrder | null;
  /**
   * The customer asked VendAI to stop writing to them, in words the opt-out rules did not catch
   * (domain/conversation-rules/opt-out.ts): the conversation opts out and nothing is sent (decision 048).
   */
  optOut?: boolean;
  /**
   * A change to the customer's appointment, for models without tool calls (decision 070): the agenda
   * tool to run ('agendar', 'remarcar', 'cancelar') and its arguments, as the model wrote them in "agenda".
   */
  agenda?: { name: string; arguments: string } | null;
}

export interface ReplyOrder {
  /**
   * `amountCents`: the unit amount the model agreed with the customer (its "valor"); read only for an
   * item 'sob consulta', and then charged only after the owner confirms it (domain/orders/ai-order.ts).
   */
  items: { id: string; option: string | null; quantity: number; amountCents?: number | null }[];
}

/** The most photos one answer sends. */
export const REPLY_PHOTOS_MAX = 3;

/** Without a Pix provider: what the AI is told about paying (demo AI reads it too, packages/demo-ai). */
export const NO_PIX_INSTRUCTION =
  'Este negócio não envia cobrança automática: nunca diga que vai mandar um Pix, link ou chave; diga que a equipe vai enviar os dados de pagamento por aqui em seguida, e não escreva o valor total.';

/**
 * The "pedido" line: with a Pix provider configured the system prices the order and sends the Pix;
 * without one the AI must not promise a charge, and says the business will send the payment details
 * (the owner is alerted that the customer wants to pay, domain/orders/ai-order.ts).
 */
function pedidoInstruction(pix: boolean): string {
  const what =
    '- "pedido": quando o cliente confirmar que quer comprar itens do catálogo, {"itens": [{"id": "<id de pedido: …>", "opcao": "nome da opção ou null", "quantidade": 1}]};';
  return pix
    ? `${what} o sistema calcula o total pelos preços do catálogo e envia o Pix, então não escreva o valor total. Para um item "sob consulta", inclua "valor": o preço unitário combinado com o cliente em reais (ex.: 150.00); o dono confirma esse valor antes do Pix, então diga ao cliente que vai confirmar. Caso contrário null.`
    : `${what} ${NO_PIX_INSTRUCTION} Caso contrário null.`;
}

/** Appended to the system prompt of every reply request: how the model must answer (`pix`: a Pix provider is configured). */
export const replyFormatInstructions = (pix: boolean): string =>
  [
    'FORMATO DA RESPOSTA (obrigatório): responda somente com um objeto JSON, sem texto fora dele:',
    '{"reply": "mensagem para o cliente", "handoff": null, "needs_owner": null, "hot_lead": false, "fotos": []}',
    '- "reply": o texto que o cliente vai receber no WhatsApp.',
    '- "handoff": {"reason": "motivo curto"} quando o cliente precisa de uma pessoa da equipe (pediu para falar com alguém, ou o caso exige um humano); então "reply" diz apenas, com gentileza, que uma pessoa vai continuar o atendimento por aqui. Caso contrário null.',
    '- "needs_owner": {"reason": "o que falta saber"} quando você não tem no seu prompt uma informação de que precisa (preço, estoque, prazo) ou o cliente faz uma reclamação; não invente a informação. Caso contrário null.',
    '- "hot_lead": true quando o cliente está pronto para comprar.',
    pedidoInstruction(pix),
    '- "opt_out": true somente quando o cliente pede para não receber mais mensagens (sair da lista, parar de mandar mensagens, remover o número); então "reply" fica vazio e nada é enviado. Recusar uma oferta ou mudar o pedido ("não quero mais o bolo") não é opt_out. Caso contrário false.',
    `- "fotos": quando o cliente pedir para ver um produto, os ids (até ${REPLY_PHOTOS_MAX}) dos produtos cuja foto enviar depois do texto, copiados de "foto: <id>" nas informações do negócio; nunca invente um id. Caso contrário [].`,
  ].join('\n');

const reasonOf = (value: unknown): { reason: string } | null => {
  if (!value) return null;
  if (typeof value === 'string') return value.trim() ? { reason: value.trim().slice(0, 300) } : null;
  if (typeof value === 'object' && value !== null) {
    const reason = (value as { reason?: unknown }).reason;
    return {
      reason: typeof reason === 'string' && reason.trim() ? reason.trim().slice(0, 300) : 'Sem motivo informado',
    };
  }
  return value === true ? { reason: 'Sem motivo informado' } : null;
};

/**
 * Reads the model's answer. A JSON object with a text "reply" (bare or in a ```json fence) gives the
 * fields; anything else is taken as plain text for the customer with no flags (models that ignore
 * the format still answer customers).
 */
export function parseStructuredReply(raw: string): StructuredReply {
  const plain: StructuredReply = { reply: raw.trim(), handoff: null, needsOwner: null, hotLead: false };
  const text = raw
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/\s*```$/, '');
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start !== 0 || end <= start) return plain;
  let data: unknown;
  try {
    data = JSON.parse(text.slice(start, end + 1));
  } catch {
    return plain;
  }
  if (!data || typeof data !== 'object' || typeof (data as { reply?: unknown }).reply !== 'string') return plain;
  const d = data as Record<string, unknown>;
  return {
    reply: (d.reply as string).trim(),
    handoff: reasonOf(d.handoff),
    needsOwner: reasonOf(d.needs_owner ?? d.needsOwner),
    hotLead: d.hot_lead === true || d.hotLead === true,
    photos: photoIds(d.fotos ?? d.photos),
    order: orderOf(d.pedido ?? d.order),
    optOut: d.opt_out === true || d.optOut === true,
    agenda: agendaOf(d.agenda),
  };
}

/** "agenda": {"acao": "agendar", ...arguments}; anything else is no change. */
function agendaOf(value: unknown): StructuredReply['agenda'] {
  if (!value || typeof value !== 'object') return null;
  const { acao, ...rest } = value as Record<string, unknown>;
  return typeof acao === 'string' && ['agendar', 'remarcar', 'cancelar'].includes(acao)
    ? { name: acao, arguments: JSON.stringify(rest) }
    : null;
}

/** The order the model named: items with an id and a whole quantity from 1 to 99; anything else is dropped. */
function orderOf(value: unknown): ReplyOrder | null {
  const v = value as { itens?: unknown; items?: unknown } | null;
  const list = v && typeof v === 'object' ? (v.itens ?? v.items) : null;
  if (!Array.isArray(list)) return null;
  const items = list.flatMap((raw: Record<string, unknown>) => {
    const id = typeof raw?.id === 'string' ? raw.id.trim() : '';
    const quantity = Number(raw?.quantidade ?? raw?.quantity ?? 1);
    const option = raw?.opcao ?? raw?.option;
    if (!id || !Number.isInteger(quantity) || quantity < 1 || quantity > 99) return [];
    const amountCents = centsOf(raw?.valor ?? raw?.amount);
    return [
      {
        id,
        option: typeof option === 'string' && option.trim() ? option.trim() : null,
        quantity,
        ...(amountCents !== null ? { amountCents } : {}),
      },
    ];
  });
  return items.length ? { items: items.slice(0, 20) } : null;
}

/** The model's "valor" in reais (150, 150.5, '150,00', 'R$ 1.234,56') → centavos; null when it is not an amount. */
function centsOf(value: unknown): number | null {
  let reais: number;
  if (typeof value === 'number') reais = value;
  else if (typeof value === 'string') {
    const t = value.replace(/R\$|\s/g, '');
    if (!/^\d{1,3}(\.\d{3})*(,\d{1,2})?$|^\d+([.,]\d{1,2})?$/.test(t)) return null;
    reais = Number(/,/.test(t) ? t.replace(/\./g, '').replace(',', '.') : t);
  } else return null;
  const cents = Math.round(reais * 100);
  return Number.isFinite(cents) && cents > 0 ? cents : null;
}

/** The ids the model listed (strings, distinct, a few); anything else is ignored. Which are sent is decided later. */
function photoIds(value: unknown): string[] {
  const list = Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
  const ids = list.filter((v): v is string => typeof v === 'string' && v.trim() !== '').map((v) => v.trim());
  return [...new Set(ids)].slice(0, REPLY_PHOTOS_MAX * 3);
}

/** How the demo provider and tests write a structured answer. */
export function formatStructuredReply(r: StructuredReply): string {
  return JSON.stringify({
    reply: r.reply,
    handoff: r.handoff,
    needs_owner: r.needsOwner,
    hot_lead: r.hotLead,
    ...(r.photos?.length ? { fotos: r.photos } : {}),
    ...(r.optOut ? { opt_out: true } : {}),
    ...(r.order
      ? {
          pedido: {
            itens: r.order.items.map((i) => ({
              id: i.id,
              opcao: i.option,
              quantidade: i.quantity,
              ...(i.amountCents ? { valor: i.amountCents / 100 } : {}),
            })),
          },
        }
      : {}),
  });
}
