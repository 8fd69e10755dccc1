import { countHits, normalise, sentence } from '@vendai/contracts/answer-text';
import { catalogueChangeFor, type DemoCatalogueAnswer, type DemoCatalogueItem } from './prompt-coach-catalogue.ts';

/**
 * The demo provider's prompt coach (offline, deterministic): a vague instruction ('melhore o
 * prompt') gets one clarifying question; a concrete one ('adicione que entregamos em BH', 'deixe
 * mais informal', 'remova a parte do Pix') gets the whole prompt back with the change, in an
 * 'Ajustes pedidos pelo dono' section. Asking for 'só o trecho' returns only that section (a
 * partial suggestion), so 'Gerar completo' can be tried offline too.
 */
export interface DemoCoachAnswer {
  mode: 'clarify' | 'update' | 'faq' | 'catalogue';
  message: string;
  updated_prompt: string | null;
  faq?: { question: string; answer: string };
  catalogue?: DemoCatalogueAnswer['catalogue'];
}

/** Facts customers ask about, kept better as a FAQ entry than in the prompt: the question each answers. */
const FAQ_TOPICS: ReadonlyArray<{ words: readonly string[]; question: string }> = [
  { words: ['frete', 'taxa de entrega', 'valor da entrega'], question: 'Qual é o valor do frete?' },
  { words: ['horario', 'abrimos', 'fechamos'], question: 'Qual é o horário de atendimento?' },
  {
    words: ['pix', 'cartao', 'parcel', 'forma de pagamento', 'formas de pagamento'],
    question: 'Quais são as formas de pagamento?',
  },
  { words: ['prazo de entrega', 'entregamos em', 'dias uteis'], question: 'Qual é o prazo de entrega?' },
  { words: ['garantia', 'troca', 'devolu'], question: 'Como funcionam trocas e garantia?' },
];

/** 'o frete agora é R$ 15' → a FAQ entry with the owner's own words as the answer; null for other instructions. */
function faqFor(instruction: string): DemoCoachAnswer | null {
  const text = instruction.trim().replace(/\s+/g, ' ');
  const n = normalise(text);
  // A statement with a figure (an amount, an hour, a number of days), not an order to change the tone.
  if (!/\d/.test(n) || ADD_VERBS.test(n) || REMOVE_VERBS.test(n)) return null;
  const topic = FAQ_TOPICS.find((t) => countHits(n, t.words) > 0);
  if (!topic) return null;
  const answer = sentence(text.charAt(0).toUpperCase() + text.slice(1));
  return {
    mode: 'faq',
    message:
      'Essa informação fica melhor em Conhecimento, como pergunta frequente: a IA responde com ela e o prompt continua igual.',
    updated_prompt: null,
    faq: { question: topic.question, answer },
  };
}

export const DEMO_ADJUSTMENTS_HEADING = '# Ajustes pedidos pelo dono';

const VAGUE_QUESTION =
  'Posso ajustar, sim! Para acertar na mudança: o que você quer que a IA faça diferente? Por exemplo, mudar o tom (mais formal ou mais descontraído), incluir uma informação do negócio (preço, entrega, horário) ou remover algum trecho.';

type Change = { kind: 'add'; line: string; summary: string } | { kind: 'remove'; target: string };

const TONE_RULES: ReadonlyArray<{ words: readonly string[]; line: string; summary: string }> = [
  {
    words: ['sem emoji', 'nao use emoji', 'tire os emoji', 'remova os emoji', 'nada de emoji'],
    line: 'Não use emojis nas mensagens.',
    summary: 'Pedi para a IA não usar emojis.',
  },
  {
    words: ['emoji'],
    line: 'Use no máximo um emoji por mensagem, só quando combinar com o assunto.',
    summary: 'Incluí o uso de emojis, com moderação.',
  },
  {
    words: ['informal', 'descontraid', 'mais leve', 'mais proxim', 'menos formal', 'mais simpatic'],
    line: 'Use um tom informal e próximo: frases curtas, palavras do dia a dia, trate o cliente por "você", sem perder a educação.',
    summary: 'Deixei o tom mais informal e próximo, sem perder a educação.',
  },
  {
    words: ['formal', 'profissional', 'mais serio', 'menos informal'],
    line: 'Use um tom formal e profissional: trate o cliente por "você" com cordialidade, sem gírias e sem emojis.',
    summary: 'Deixei o tom mais formal e profissional.',
  },
  {
    words: ['mais curt', 'mais objetiv', 'mais diret', 'resumid'],
    line: 'Responda de forma ainda mais curta e direta: no máximo duas frases por mensagem.',
    summary: 'Pedi respostas mais curtas e diretas.',
  },
];

const ADD_VERBS =
  /^(?:por favor,?\s+)?(?:adicione|adiciona|acrescente|acrescenta|inclua|inclui|coloque|coloca|diga|diz|informe|informa|avise|avisa|explique|explica|mencione|menciona|escreva|escreve|fale|fala)\s+(?:que\s+|sobre\s+|a informacao de que\s+|a informacao\s+)?(.+)$/;
const REMOVE_VERBS =
  /^(?:por favor,?\s+)?(?:remova|remove|tire|tira|apague|apaga|retire|retira|exclua|exclui|nao fale|nao mencione|pare de falar)\s+(?:(?:a parte|o trecho|a frase|a linha|a secao|as linhas|tudo)\s+)?(?:de\s+|do\s+|da\s+|dos\s+|das\s+|sobre\s+|que fala de\s+|que\s+)?(.+)$/;

function changeFor(instruction: string): Change | null {
  const text = instruction
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/[.!]+$/, '');
  const n = normalise(text);
  for (const rule of TONE_RULES)
    if (countHits(n, rule.words) > 0) return { kind: 'add', line: rule.line, summary: rule.summary };
  const removal = REMOVE_VERBS.exec(n);
  if (removal?.[1] && removal[1].length >= 3) return { kind: 'remove', target: removal[1].trim() };
  const added = ADD_VERBS.exec(n);
  if (added?.[1] && added[1].split(' ').length >= 2) {
    // Keep the owner's own words (accents, capitals): the tail of the original text.
    const tail = text.slice(text.length - added[1].length);
    const line = sentence(tail.charAt(0).toUpperCase() + tail.slice(1));
    return { kind: 'add', line, summary: `Acrescentei ao roteiro: "${line}"` };
  }
  // A concrete fact without a verb ('entregamos em BH aos sábados', 'o kit custa R$ 150').
  const words = n.split(' ').filter(Boolean);
  if (
    words.length >= 4 &&
    (/\d/.test(n) ||
      countHits(n, [
        'entreg',
        'horario',
        'preco',
        'custa',
        'aceitamos',
        'atendemos',
        'fica em',
        'endereco',
        'frete',
        'pix',
        'cartao',
        'parcel',
      ]) > 0)
  ) {
    const line = sentence(text.charAt(0).toUpperCase() + text.slice(1));
    return { kind: 'add', line, summary: `Acrescentei ao roteiro: "${line}"` };
  }
  return null;
}

/** The prompt with `line` as a bullet of the adjustments section (created before the rules, or at the end). */
export function withAdjustment(prompt: string, line: string): string {
  const lines = prompt.replace(/\r\n/g, '\n').trimEnd().split('\n');
  const bullet = `- ${line}`;
  if (lines.some((l) => l.trim() === bullet)) return lines.join('\n');
  const at = lines.findIndex((l) => l.trim() === DEMO_ADJUSTMENTS_HEADING);
  if (at >= 0) {
    let end = lines.findIndex((l, i) => i > at && /^#\s/.test(l));
    if (end < 0) end = lines.length;
    while (end > at + 1 && lines[end - 1]!.trim() === '') end--;
    lines.splice(end, 0, bullet);
    return lines.join('\n');
  }
  const rules = lines.findIndex((l) => /^#\s*Regras importantes/i.test(l));
  const section = [DEMO_ADJUSTMENTS_HEADING, bullet, ''];
  if (rules >= 0) lines.splice(rules, 0, ...section);
  else lines.push('', ...section.slice(0, 2));
  return lines.join('\n');
}

/** 'mostre só o trecho:', 'apenas a parte alterada,' … */
const FRAGMENT_REQUEST =
  /(?:(?:mostre|me mostre|mande|me mande|envie|me envie|devolva)\s+)?(?:só|so|apenas|somente)\s+(?:o trecho|a parte)(?:\s+alterad[oa])?\s*[:,.-]?\s*/i;

export function demoPromptCoach(
  currentPrompt: string,
  instruction: string,
  full: boolean,
  catalogue: readonly DemoCatalogueItem[] = [],
): DemoCoachAnswer {
  // A product's new price or availability, naming an item of the catalogue: a catalogue change.
  const item = full ? null : catalogueChangeFor(instruction, catalogue);
  if (item) return item;
  const faq = full ? null : faqFor(instruction);
  if (faq) return faq;
  const onlyFragment = !full && FRAGMENT_REQUEST.test(instruction);
  const change = changeFor(instruction.replace(FRAGMENT_REQUEST, ' '));
  if (!change) return { mode: 'clarify', message: VAGUE_QUESTION, updated_prompt: null };
  if (change.kind === 'remove') {
    const kept = currentPrompt.split('\n').filter((l) => !normalise(l).includes(change.target));
    if (kept.length === currentPrompt.split('\n').length) {
      return {
        mode: 'clarify',
        message: `Não encontrei "${change.target}" no prompt. Pode copiar aqui o trecho exato que você quer remover?`,
        updated_prompt: null,
      };
    }
    return {
      mode: 'update',
      message: `Removi do roteiro as linhas que falavam de "${change.target}".`,
      updated_prompt: kept
        .join('\n')
        .replace(/\n{3,}/g, '\n\n')
        .trim(),
    };
  }
  if (onlyFragment)
    return {
      mode: 'update',
      message: 'Aqui está o trecho com a mudança.',
      updated_prompt: `${DEMO_ADJUSTMENTS_HEADING}\n- ${change.line}`,
    };
  return {
    mode: 'update',
    message: `${change.summary} O restante do prompt continua igual.`,
    updated_prompt: withAdjustment(currentPrompt, change.line),
  };
}
