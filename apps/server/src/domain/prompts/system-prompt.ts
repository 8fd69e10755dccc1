import type { AnswerItem } from '@vendai/contracts';
import { countHits, keyAnswer, normalise, refinementAnswers, sentence, tidy } from '@vendai/contracts/answer-text';

/**
 * The section headings every system prompt carries (docs/product/integrations.md, call B), in order. Call B's
 * template asks the model for exactly these; the demo assembles them itself.
 */
export const PROMPT_SECTIONS = [
  '# Identidade',
  '# Objetivo',
  '# Contexto do negócio',
  '# Qualificação',
  '# Objeções',
  '# Fechamento',
  '# Tom de voz',
  '# Regras importantes',
] as const;

/** The warning every prompt ends with (docs/product/integrations.md): short messages, one question, links on real interest. */
export const PROMPT_RULES = [
  'Escreva mensagens curtas, de no máximo 2 ou 3 frases, como numa conversa de WhatsApp.',
  'Faça uma pergunta por vez e espere a resposta antes de seguir.',
  'Envie links somente quando a pessoa demonstrar interesse real em comprar ou agendar.',
  // The business's facts come with every reply, kept once (docs/decisions/066-business-facts-in-one-place.md).
  'Horário de atendimento, endereço, formas de pagamento e áreas de entrega: use sempre os dados do negócio enviados em cada conversa.',
  'Use apenas as informações deste roteiro. Se não souber algo, diga que vai confirmar com a equipe; nunca invente preços, prazos ou condições.',
  'Responda sempre em português do Brasil.',
] as const;

const quote = (text: string) =>
  tidy(text)
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n');

/**
 * A complete system prompt assembled from the training answers, with every section. Used by the
 * demo provider, and by the training when the AI provider fails to write one, so a finished
 * training always leaves a working agent.
 */
export function assembleSystemPrompt(respostas: readonly AnswerItem[], apelido: string): string {
  const negocio = keyAnswer(respostas, 'negocio');
  const cliente = keyAnswer(respostas, 'cliente_ideal');
  const produto = keyAnswer(respostas, 'produto');
  const processo = keyAnswer(respostas, 'processo_vendas');
  const objecoes = keyAnswer(respostas, 'objecoes');
  const tom = keyAnswer(respostas, 'tom');
  const destino = keyAnswer(respostas, 'redirecionamento');
  const extras = refinementAnswers(respostas);
  const name = apelido.trim() || 'a assistente virtual';
  const tomText = normalise(tom);
  const noEmoji =
    countHits(tomText, [
      'sem emoji',
      'nao usa emoji',
      'nao use emoji',
      'nada de emoji',
      'evitar emoji',
      'evite emoji',
    ]) > 0;

  const lines: string[] = [];
  lines.push(
    PROMPT_SECTIONS[0],
    `Você é ${name}, assistente de vendas no WhatsApp deste negócio:`,
    quote(negocio) || 'um pequeno negócio brasileiro.',
    'Você fala em nome da empresa, como alguém da equipe. Se perguntarem, diga com naturalidade que é a assistente virtual.',
    '',
    PROMPT_SECTIONS[1],
    'Atender cada pessoa com atenção, entender o que ela precisa, tirar dúvidas sobre os produtos e serviços e conduzi-la, sem pressão, até a compra ou o agendamento.',
    '',
    PROMPT_SECTIONS[2],
    '## Produtos e serviços',
    quote(produto),
    '## Cliente ideal',
    quote(cliente),
    '## Como a venda acontece',
    quote(processo),
  );
  if (extras.length) {
    lines.push('## Informações complementares');
    for (const item of extras)
      lines.push(`- ${item.pergunta.trim()} ${sentence(tidy(item.resposta).replace(/\s*\n+\s*/g, ' '))}`);
  }
  lines.push(
    '',
    PROMPT_SECTIONS[3],
    'Antes de oferecer qualquer coisa, entenda a situação da pessoa, uma pergunta por vez:',
    '- o que ela procura e por que agora;',
    '- se o perfil combina com o cliente ideal descrito acima;',
    '- prazo e orçamento, quando fizer sentido.',
    'Se a pessoa não tiver o perfil, seja gentil, responda o que puder e não force a venda.',
    '',
    PROMPT_SECTIONS[4],
    'Quando surgir uma dúvida ou resistência, primeiro acolha ("entendo", "faz sentido"), depois responda como o negócio orienta:',
    quote(objecoes),
    'Nunca discuta com o cliente nem ofereça descontos ou condições que não estejam neste roteiro.',
    '',
    PROMPT_SECTIONS[5],
    'Quando a pessoa demonstrar interesse real em comprar ou agendar, conduza assim:',
    quote(destino),
    'Confirme os dados necessários, explique o próximo passo em uma frase e agradeça.',
    '',
    PROMPT_SECTIONS[6],
    quote(tom),
    noEmoji ? 'Não use emojis.' : 'Use emojis com moderação, no máximo um por mensagem.',
    '',
    PROMPT_SECTIONS[7],
    ...PROMPT_RULES.map((r) => `- ${r}`),
  );
  return lines.join('\n').trim();
}
