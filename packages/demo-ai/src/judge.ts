import { normalise } from '@vendai/contracts/answer-text';

/** What the demo judge reads (the app's 'judge' task). */
export interface DemoJudgeTask {
  rubric: string;
  customer: string[];
  reply: string;
  /** The business's own texts: the prompt and the facts given with the reply. */
  business: string;
}

const RUDE = ['idiota', 'burro', 'problema seu', 'se vira', 'nao enche', 'cala a boca'];
const NEXT_STEP = [
  '?',
  'posso',
  'quer ',
  'vamos',
  'link',
  'pedido',
  'encomend',
  'agend',
  'reserv',
  'me conta',
  'me diga',
];

/** The amounts written 'R$ 1.234,56' in a text, as digit strings without the cents' zeros ('1234', '1234,5'). */
function amounts(text: string): string[] {
  return [...text.matchAll(/r\$\s*(\d[\d.]*(?:,\d{1,2})?)/gi)].map((m) =>
    m[1]!
      .replace(/\./g, '')
      .replace(/,0+$/, '')
      .replace(/(,\d)0$/, '$1'),
  );
}

/**
 * The offline judge (docs/decisions/039-agent-tests.md): deterministic, it reads the rubric's usual
 * criteria with plain rules — an empty reply fails; an amount the business never wrote fails ('só os
 * fatos'); a rude or shouted reply fails ('tom'); when the rubric asks the sale to move forward, a
 * reply with no question or next step fails. Answers like a real judge: {"aprovado", "motivo"}.
 */
export function demoJudge(task: DemoJudgeTask): { aprovado: boolean; motivo: string } {
  const reply = task.reply.trim();
  if (!reply) return { aprovado: false, motivo: 'A resposta está vazia: não responde o cliente.' };
  const known = new Set(amounts(task.business));
  const invented = amounts(reply).filter((a) => !known.has(a));
  if (invented.length)
    return { aprovado: false, motivo: `Cita um valor que não está nas informações do negócio (R$ ${invented[0]}).` };
  const text = normalise(reply);
  const letters = reply.replace(/[^A-Za-zÀ-ÿ]/g, '');
  if (RUDE.some((w) => text.includes(w)) || (letters.length > 20 && letters === letters.toUpperCase()))
    return { aprovado: false, motivo: 'O tom não é o da marca: a resposta é grosseira ou está gritando.' };
  const rubric = normalise(task.rubric);
  if ((rubric.includes('venda') || rubric.includes('proximo passo')) && !NEXT_STEP.some((w) => text.includes(w)))
    return { aprovado: false, motivo: 'Não faz a venda andar: não há pergunta nem próximo passo.' };
  return { aprovado: true, motivo: 'Atende aos critérios.' };
}
