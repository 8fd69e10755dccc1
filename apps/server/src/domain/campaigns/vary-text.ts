import type { ChatRequest } from '../../integrations/llm/llm.ts';
import { checkReply, ownerTextAmounts } from '../price-guard/check-reply.ts';

/**
 * The QR track's variation (docs/decisions/072-campaigns.md): each contact gets the owner's text reworded
 * by the AI, so one identical text never goes to many (the pattern WhatsApp flags as spam). The AI
 * rewords; it may not change what the owner promised: a variation must pass the door's price guard like
 * any AI text (domain/price-guard `checkReply`: no amount and no discount the owner's text does not give,
 * docs/decisions/075-template-submission.md), and its figures (prices, dates, percentages) must still be the
 * owner's — none dropped or changed.
 */
export function variationRequest(text: string, seed: string): ChatRequest {
  return {
    messages: [
      {
        role: 'system',
        content: [
          'TAREFA: reescreva a mensagem de campanha abaixo para um cliente, com outras palavras e no mesmo tom.',
          'Mantenha exatamente os mesmos números, preços, datas e ofertas; não invente nada; no máximo três frases.',
          'Responda somente com o texto da mensagem, sem aspas.',
        ].join('\n'),
      },
      { role: 'user', content: text },
    ],
    maxTokens: 300,
    task: { kind: 'campaign-variation', text, seed },
  };
}

const figures = (s: string) => (s.match(/\d+(?:[.,]\d+)*/g) ?? []).map((f) => f.replace(/[.,]/g, '')).sort();

/**
 * The variation as sent: plain, cut to size; null when empty, when the price guard holds it back (an amount
 * or a discount the owner's text does not give) or when its figures are not the owner's.
 */
export function acceptVariation(original: string, raw: string): string | null {
  const text = raw
    .trim()
    .replace(/^["“']+|["”']+$/g, '')
    .trim();
  if (!text || text.length > 1200) return null;
  const owner = ownerTextAmounts(original);
  const guard = checkReply(text, {
    cents: new Set(owner.cents),
    percents: new Set(owner.percents),
    discountsAllowed: owner.offersDiscount,
  });
  if (!guard.ok) return null;
  const want = figures(original);
  const got = figures(text);
  if (want.length !== got.length || want.some((f, i) => f !== got[i])) return null;
  return text;
}
