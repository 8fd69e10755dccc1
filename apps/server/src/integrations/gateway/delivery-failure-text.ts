/**
 * The Portuguese reason shown on a message the gateway could not deliver. Evolution gives no reason
 * (the generic text); Meta's failed statuses carry `errors[]` with a documented code (Cloud API error
 * codes reference, https://developers.facebook.com/documentation/business-messaging/whatsapp/support/error-codes/),
 * kept by map-cloud-webhook.ts, and the owner is told what happened in plain words and what to do. The
 * same sentences explain Meta's synchronous refusals (graphErrorAdvice), e.g. during the signup.
 */
const GENERIC = 'O WhatsApp não entregou a mensagem.';

const BY_CODE: Record<number, string> = {
  131047:
    'Mais de 24 horas desde a última mensagem do cliente: fora da janela, a Meta só entrega um modelo aprovado. Envie um modelo para retomar a conversa.',
  131026: 'Este número não pode receber a mensagem (sem WhatsApp, app desatualizado ou termos da Meta não aceitos).',
  131049: 'A Meta segurou esta mensagem para não cansar o cliente com marketing. Tente mais tarde.',
  131050: 'O cliente pediu para não receber mensagens de marketing desta empresa.',
  131051: 'A Meta não aceita este tipo de mensagem.',
  131052: 'A Meta não conseguiu baixar a mídia enviada pelo cliente.',
  131053: 'A Meta não conseguiu processar a mídia desta mensagem.',
  131056: 'Muitas mensagens para este cliente em pouco tempo. Aguarde um pouco antes de reenviar.',
  130429: 'Limite de envios por segundo do número atingido. Aguarde um pouco antes de reenviar.',
  131042: 'Há um problema de pagamento na conta do WhatsApp Business na Meta.',
  131031: 'A conta do WhatsApp Business está bloqueada pela Meta.',
  368: 'O número está bloqueado temporariamente pela Meta por violação de política. Veja os avisos no WhatsApp Manager.',
  133010:
    'O número não está registrado na API oficial da Meta, então nada sai por ele. Conecte o número de novo em "Conectar pela API oficial": o VendAI registra o número com um PIN novo.',
  133005:
    'O PIN de verificação em duas etapas do número não confere. Redefina o PIN no WhatsApp Manager e conecte o número de novo.',
  133016: 'Muitas tentativas de registrar este número na Meta. Aguarde algumas horas e conecte de novo.',
  190: 'O acesso do VendAI à sua conta da Meta expirou ou foi removido. Conecte o número de novo pela API oficial.',
  10: 'A Meta não deu ao VendAI a permissão necessária. Conecte de novo e autorize o acesso ao WhatsApp Business.',
  200: 'A Meta não deu ao VendAI a permissão necessária. Conecte de novo e autorize o acesso ao WhatsApp Business.',
  100: 'A Meta recusou um dado do pedido (#100). Tente de novo; se continuar, fale com o suporte.',
};

/** What to tell the owner about one of Meta's error codes (a Graph refusal or a failed status); null when unknown. */
export function graphErrorAdvice(code: number | null | undefined): string | null {
  return code != null && Number.isInteger(code) ? (BY_CODE[code] ?? null) : null;
}

/** Meta's error object as a failed status carries it. */
interface MetaError {
  code?: unknown;
  title?: unknown;
}

export function deliveryFailureText(errors: unknown): string {
  const first = Array.isArray(errors) ? (errors[0] as MetaError | undefined) : undefined;
  const code = Number(first?.code);
  if (!first || !Number.isInteger(code)) return GENERIC;
  const known = BY_CODE[code];
  if (known) return known;
  if (code >= 132000 && code < 133000) return `Problema com o modelo de mensagem na Meta (#${code}).`;
  const title = typeof first.title === 'string' && first.title ? `: ${first.title.slice(0, 120)}` : '';
  return `O WhatsApp não entregou a mensagem (Meta #${code}${title}).`;
}

/**
 * The Portuguese sentence for a problem Meta reports about the number itself (a webhook's value-level
 * `errors[]`, outside any message: a blocked account, a payment problem…), shown on the numbers list.
 */
export function numberProblemText(error: unknown): string {
  const code = Number((error as MetaError | null)?.code);
  const known = Number.isInteger(code) ? BY_CODE[code] : undefined;
  if (known) return `A Meta avisou: ${known.charAt(0).toLowerCase()}${known.slice(1)}`;
  const title = (error as MetaError | null)?.title;
  const detail = typeof title === 'string' && title ? `: ${title.slice(0, 120)}` : '';
  return `A Meta avisou um problema com este número${Number.isInteger(code) ? ` (#${code}${detail})` : ''}.`;
}
