import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import type { Llm } from '../../integrations/llm/llm.ts';

/**
 * 'Sugerir com IA' (docs/decisions/072-campaigns.md): a campaign text from the owner's goal, in the
 * business's voice, with {nome} and the way out ('SAIR'); the owner edits it before sending.
 */
export async function suggestCampaignText(deps: { llm: Llm; log: FastifyBaseLogger }, goal: string): Promise<string> {
  const business = '';
  try {
    const text = await deps.llm.complete({
      messages: [
        {
          role: 'system',
          content: [
            `Você escreve mensagens de campanha de WhatsApp para um pequeno negócio brasileiro.`,
            'Escreva UMA mensagem curta (até três frases), calorosa e sem pressão, para clientes que já compraram.',
            'Use {nome} para o primeiro nome do cliente. Não invente preços nem prazos que o dono não deu.',
            'Termine dizendo que a pessoa pode responder SAIR para não receber mais. Responda só com o texto.',
          ].join('\n'),
        },
        { role: 'user', content: goal },
      ],
      maxTokens: 300,
      task: { kind: 'campaign-suggestion', goal, business },
    });
    return text.trim().slice(0, 1000);
  } catch (err) {
    deps.log.warn({ err }, 'campaigns: the AI did not suggest a text');
    throw new AppError('UPSTREAM', 'A IA não conseguiu sugerir um texto agora. Tente de novo ou escreva o seu.');
  }
}
