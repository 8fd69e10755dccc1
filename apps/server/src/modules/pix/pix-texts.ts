import { formatCents } from '@vendai/contracts';

/** What the customer reads (pt-BR, amounts as R$ 1.234,56). */

const when = (d: Date) =>
  new Intl.DateTimeFormat('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    day: '2-digit',
    month: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).format(d);

/**
 * The charge as two messages: the explanation (what, how much, until when), then the copia-e-cola
 * alone, so a customer who long-presses "Copiar" on the second message pastes exactly the code.
 */
export function chargeTexts(o: {
  kind?: 'sale' | 'deposit';
  description: string;
  totalCents: number;
  expiresAt: Date;
  copiaECola: string;
}) {
  if (o.kind === 'deposit') {
    const until = when(o.expiresAt).split(', ')[1] ?? when(o.expiresAt);
    const deposit = [
      `Para garantir o seu horário (${o.description}), segue o Pix do sinal.`,
      `Valor do sinal: ${formatCents(o.totalCents)}`,
      `O horário fica reservado até as ${until}; sem o pagamento até lá, ele é liberado.`,
      '',
      'O Pix copia e cola vem na próxima mensagem: é só copiar e colar no app do seu banco.',
    ].join('\n');
    return [deposit, o.copiaECola] as const;
  }
  const explanation = [
    `Segue o Pix para pagamento de ${o.description}.`,
    `Valor: ${formatCents(o.totalCents)}`,
    `Válido até ${when(o.expiresAt).replace(', ', ' às ')}.`,
    '',
    'O Pix copia e cola vem na próxima mensagem: é só copiar e colar no app do seu banco.',
  ].join('\n');
  return [explanation, o.copiaECola] as const;
}

export const qrCaption = (totalCents: number) => `QR Code Pix · ${formatCents(totalCents)}`;

/** Paid after the charge had expired (`late`): received, but the order is confirmed by the shop first. */
export const paidText = (o: {
  totalCents: number;
  contactName: string | null;
  late?: boolean;
  kind?: 'sale' | 'deposit';
  description?: string;
}) =>
  o.kind === 'deposit'
    ? `Sinal de ${formatCents(o.totalCents)} recebido${o.contactName ? `, ${o.contactName.split(' ')[0]}` : ''}! ${
        o.late
          ? 'Como o prazo do sinal já tinha passado, vou confirmar com a equipe se o horário ainda está livre e já te retorno.'
          : `Seu horário está confirmado: ${o.description ?? ''}. ✅`
      }`
    : `Pagamento de ${formatCents(o.totalCents)} recebido${o.contactName ? `, ${o.contactName.split(' ')[0]}` : ''}! ${
        o.late
          ? 'Como a cobrança já tinha vencido, vou confirmar o seu pedido com a loja e já te retorno.'
          : 'Obrigado, seu pedido está confirmado. ✅'
      }`;

export const ownerPaidAlert = (o: {
  who: string;
  totalCents: number;
  description: string;
  link: string;
  late?: boolean;
}) =>
  [
    `💰 ${o.who} pagou ${formatCents(o.totalCents)} por Pix.`,
    ...(o.late
      ? [
          '⚠️ O pagamento chegou depois que a cobrança venceu: confira se ainda dá para atender o pedido ou devolva o valor.',
        ]
      : []),
    `Pedido: ${o.description}`,
    `Abrir conversa: ${o.link}`,
  ].join('\n');

/** The provider wants the payer's CPF or CNPJ (Asaas): asked once, again when the one given was refused. */
export const payerDocumentText = (o: { refused: boolean }) =>
  o.refused
    ? 'O CPF/CNPJ informado não foi aceito pelo banco. Pode conferir e me mandar de novo? Assim que chegar, gero o seu Pix.'
    : 'Para gerar o seu Pix, preciso do CPF (ou CNPJ) de quem vai pagar. Pode me mandar? Assim que chegar, gero o Pix.';

/** A deposit's hold ran out unpaid: the slot is free again (docs/decisions/074-agenda-deposit.md). */
export const depositReleasedText = (description: string) =>
  `O prazo para pagar o sinal terminou e o horário (${description}) foi liberado. Se ainda quiser, é só me chamar que vejo outro horário para você.`;
