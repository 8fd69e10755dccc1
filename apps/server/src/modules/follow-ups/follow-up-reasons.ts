import { OPTED_OUT_REASON } from '../../domain/opt-out/opt-out-repository.ts';

/** Why a follow-up did not go, as the inbox shows it (docs/decisions/037-follow-ups.md). */
export const FOLLOW_UP_REASONS = {
  customerReplied: 'O cliente respondeu.',
  manual: 'A conversa está no modo manual.',
  handedOver: 'A conversa foi passada para uma pessoa.',
  optedOut: OPTED_OUT_REASON,
  neverAnswer: 'Contato marcado como "Nunca responder".',
  group: 'Grupos não recebem acompanhamento.',
  off: 'O acompanhamento está desligado para este agente.',
  notFirst: 'O cliente não iniciou a conversa.',
  notAnsweredLast: 'A última mensagem não é uma resposta enviada pela IA.',
  answering: 'A IA está respondendo o cliente.',
  numberCap: 'Limite diário de acompanhamentos deste número atingido.',
  accountCap: 'Limite diário de acompanhamentos da conta atingido.',
  contactCeiling: 'A IA já respondeu hoje a este contato o máximo de vezes do limite diário por contato.',
  freeLimit: 'Limite mensal de mensagens da IA do plano gratuito atingido.',
  overageCeiling: 'Limite de gastos com mensagens excedentes atingido neste período.',
  paused: 'Acompanhamentos pausados neste número (muitas falhas de envio ou pedidos para sair).',
  cloudWindow:
    'Fora da janela de 24 horas da API oficial do WhatsApp: sem um modelo aprovado, o acompanhamento não foi enviado.',
  cancelledByOwner: 'Cancelado por você.',
  paid: 'O cliente já pagou ou a venda foi encerrada.',
  approval: 'A IA está no modo de aprovação: acompanhamentos não são enviados sem a sua aprovação.',
  priceGuard: 'A IA escreveu um preço que não está no catálogo: o acompanhamento não foi enviado.',
  noText: 'A IA não conseguiu escrever um acompanhamento diferente do anterior.',
  sendFailed: 'Não foi possível enviar pelo WhatsApp. Verifique a conexão do número.',
  unconfirmed: 'Não foi possível confirmar o envio pelo WhatsApp. Confira no celular antes de reenviar.',
  interrupted: 'Envio interrompido pelo reinício do servidor. Confira no WhatsApp antes de reenviar.',
} as const;
