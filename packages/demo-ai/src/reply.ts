import type { AnswerItem } from '@vendai/contracts';
import type { DemoMessage } from './demo-types.ts';
import {
  countHits,
  firstSentences,
  keyAnswer,
  normalise,
  refinementAnswers,
  sentence,
} from '@vendai/contracts/answer-text';
import { type DemoFact, demoFactAnswer, demoPhotoAnswer } from './fact-reply.ts';
import { demoOrderAnswer } from './order-reply.ts';

type Intent = 'greeting' | 'price' | 'objection' | 'buy' | 'product' | 'about' | 'thanks' | 'other';

/** Checked in this order: the first intent whose words occur wins. */
const INTENTS: ReadonlyArray<[Intent, readonly string[]]> = [
  [
    'objection',
    [
      'caro',
      'pensar',
      'vou ver',
      'depois eu',
      'nao sei',
      'medo',
      'sera que',
      'nao tenho certeza',
      'mais barato',
      'garantia',
      'funciona mesmo',
      'desconto',
    ],
  ],
  [
    'buy',
    [
      'encomend',
      'fazer um pedido',
      'fazer o pedido',
      'comprar',
      'agendar',
      'marcar',
      'fechar',
      'quero sim',
      'quero fazer',
      'quero contratar',
      'como faco',
      'como faz para',
      'link',
      'pagar',
      'pagamento',
      'reservar',
      'contratar',
    ],
  ],
  ['price', ['preco', 'valor', 'quanto', 'custa', 'r$', 'parcel', 'pix', 'cartao', 'investimento']],
  [
    'about',
    ['onde fica', 'endereco', 'quem e', 'voces sao', 'empresa', 'horario de funcionamento', 'atende onde', 'cidade'],
  ],
  [
    'product',
    [
      'como funciona',
      'o que e',
      'o que voces',
      'servico',
      'produto',
      'tem ',
      'voces fazem',
      'trabalham com',
      'informac',
      'detalhe',
      'duvida',
    ],
  ],
  ['thanks', ['obrigad', 'valeu', 'agradec']],
  ['greeting', ['oi', 'ola', 'bom dia', 'boa tarde', 'boa noite', 'tudo bem', 'e ai', 'opa']],
];

/** Closing questions rotate with the conversation's length, so replies do not repeat word for word. */
const FOLLOW_UPS: Record<Intent, readonly string[]> = {
  greeting: ['Como posso te ajudar hoje?', 'Me conta: o que você está procurando?'],
  price: ['Quer que eu te explique as formas de pagamento?', 'Qual dessas opções faz mais sentido para você?'],
  objection: ['O que mais pesa para você na decisão?', 'Posso te ajudar com mais alguma dúvida?'],
  buy: ['Posso seguir com você por aqui?', 'Fica bom assim para você?'],
  product: ['O que você gostaria de resolver com isso?', 'Quer saber os valores?'],
  about: ['Posso te ajudar com mais alguma informação?', 'Quer conhecer nossos serviços?'],
  thanks: ['Qualquer dúvida, é só me chamar por aqui.', 'Estou por aqui quando precisar.'],
  other: [
    'Para eu te ajudar melhor: o que você está buscando resolver agora?',
    'Me conta um pouco mais do que você precisa?',
  ],
};

const FACT_FOLLOW_UPS = ['Posso te ajudar com mais alguma coisa?', 'Quer saber mais algum detalhe?'] as const;

/** The agent's name as the system prompt states it ('Você é Luna, …'), if it does. */
function agentName(systemPrompt: string): string | null {
  const match = /Você é ([^,.\n]{1,50})[,.]/.exec(systemPrompt);
  const name = match?.[1]?.trim();
  return name && !/^(a|o|um|uma) /i.test(name) ? name : null;
}

export function detectIntent(text: string): Intent {
  const t = normalise(text);
  for (const [intent, words] of INTENTS) if (countHits(t, words) > 0) return intent;
  return 'other';
}

/** A refinement answer whose question mentions one of the words ('pagamento', 'parcel'…). */
function refinementAbout(respostas: readonly AnswerItem[], words: readonly string[]): string {
  const hit = refinementAnswers(respostas).find((r) => countHits(normalise(r.pergunta), words) > 0);
  return hit?.resposta ?? '';
}

/**
 * Demo mode understands no media (decision 016): to a voice note it says it cannot listen and asks
 * for text; to a photo it acknowledges it and asks what the customer wants to know (a caption is
 * answered as the customer's words). Null when the last message is not media.
 */
export function demoMediaReply(lastCustomer: string): string | null {
  if (/^\[o cliente enviou um áudio/.test(lastCustomer))
    return 'Desculpe, por aqui eu ainda não consigo ouvir áudios. Pode me escrever sua mensagem? Assim eu te respondo rapidinho.';
  const photo = /^\[o cliente enviou (uma imagem|uma figurinha)(?::\s*([\s\S]*))?\]$/.exec(lastCustomer);
  if (!photo) return null;
  if (photo[1] === 'uma figurinha') return 'Haha, adorei a figurinha! Como posso te ajudar?';
  return photo[2]?.trim()
    ? null
    : 'Recebi sua foto, obrigado! Me conta por escrito o que você gostaria de saber sobre ela?';
}

/**
 * The demo provider's answer to a customer (offline, deterministic): built from the agent's own
 * training answers by what the last customer message asks (price, product, objection, buying...).
 * Short, one question at a time, as the system prompt's rules ask. The conversation engine calls
 * it through the demo LLM's `complete` with a 'reply' task.
 */
export function demoReply(
  systemPrompt: string,
  respostas: readonly AnswerItem[],
  history: readonly DemoMessage[],
  facts: readonly DemoFact[] = [],
  options: { pix?: boolean } = {},
): string {
  const lastCustomer = [...history].reverse().find((m) => m.role === 'user')?.content ?? '';
  const media = demoMediaReply(lastCustomer);
  if (media) return media;
  // 'tem foto da camiseta?': the item's photo goes after the text (its id in "fotos").
  const photos = demoPhotoAnswer(lastCustomer, facts);
  if (photos) return photos;
  // 'quero 2 camisetas G': the order goes in "pedido"; VendAI prices it and sends the Pix (decision 038),
  // or, without a Pix provider, the business sends the payment details.
  const order = demoOrderAnswer(lastCustomer, facts, options.pix ?? true);
  if (order) return order;
  const intent = detectIntent(lastCustomer);
  // A catalogue item the customer names is answered from the catalogue (decision 025).
  const fromCatalogue = ['price', 'product', 'other'].includes(intent) ? demoFactAnswer(lastCustomer, facts) : null;
  if (fromCatalogue) return `${fromCatalogue} ${FOLLOW_UPS.price[0]}`;
  const turn = history.filter((m) => m.role === 'assistant').length;
  const followUp = FOLLOW_UPS[intent][turn % FOLLOW_UPS[intent].length]!;
  const name = agentName(systemPrompt);
  const tom = normalise(keyAnswer(respostas, 'tom'));
  const useEmoji =
    countHits(tom, ['emoji']) > 0 && countHits(tom, ['sem emoji', 'nao usa', 'nao use', 'evit', 'nada de emoji']) === 0;
  const pick = (...texts: string[]) => texts.map((t) => t.trim()).find(Boolean) ?? '';

  let body: string;
  switch (intent) {
    case 'greeting': {
      const label = businessLabel(keyAnswer(respostas, 'negocio'));
      const who = name ? `Aqui é ${name}, do atendimento virtual` : 'Aqui é o atendimento virtual';
      body = turn === 0 ? `Olá! ${who}${label ? ` — ${label}` : ''}.${useEmoji ? ' 😊' : ''}` : 'Oi de novo!';
      break;
    }
    case 'price': {
      const pagamento = refinementAbout(respostas, ['pagamento', 'parcel', 'ticket', 'valor', 'investe']);
      const produto = keyAnswer(respostas, 'produto');
      body = sentence(
        firstSentences(
          pick(countHits(normalise(produto), ['r$', 'reais', 'valor', 'preco']) ? produto : '', pagamento, produto),
          240,
        ),
      );
      break;
    }
    case 'objection': {
      const objecoes = respostas.filter((r) => r.tipo === 'chave' && r.key === 'objecoes');
      const answer =
        bestMatchingFact(objecoes, lastCustomer) ??
        pick(refinementAbout(respostas, ['garantia', 'diferenc']), keyAnswer(respostas, 'objecoes'));
      body = `Entendo, faz sentido pensar com calma. ${upperFirst(sentence(firstSentences(answer, 220)))}`;
      break;
    }
    case 'buy': {
      const destino = pick(keyAnswer(respostas, 'redirecionamento'), keyAnswer(respostas, 'processo_vendas'));
      const link = /https?:\/\/[^\s)]+/.exec(destino)?.[0]?.replace(/[.,;!?]+$/, '');
      if (link) return `Que ótimo! Para seguir, é só acessar ${link} — qualquer dúvida no caminho, me chama aqui.`;
      body = `Que ótimo! O próximo passo: ${upperFirst(sentence(firstSentences(destino, 240)))}`;
      break;
    }
    case 'product':
      body = sentence(firstSentences(pick(keyAnswer(respostas, 'produto'), keyAnswer(respostas, 'negocio')), 240));
      break;
    case 'about':
      body = sentence(firstSentences(pick(keyAnswer(respostas, 'negocio')), 220));
      break;
    case 'thanks':
      body = `Eu que agradeço!${useEmoji ? ' 🙏' : ''}`;
      break;
    default: {
      const found = bestMatchingFact(respostas, lastCustomer);
      body = found ? upperFirst(sentence(firstSentences(found, 240))) : 'Entendi.';
      if (found) return `${body} ${FACT_FOLLOW_UPS[turn % FACT_FOLLOW_UPS.length]}`.replace(/\s+/g, ' ').trim();
    }
  }
  return `${body.trim()} ${followUp}`.replace(/\s+/g, ' ').trim();
}

const STOPWORDS = new Set([
  'que',
  'com',
  'tem',
  'sim',
  'nao',
  'uma',
  'uns',
  'dos',
  'das',
  'por',
  'pra',
  'seu',
  'sua',
  'meu',
  'mas',
  'bem',
  'oi',
  'ola',
  'vcs',
  'voces',
  'voce',
  'para',
  'como',
  'qual',
  'quais',
  'quero',
  'sobre',
  'esse',
  'essa',
  'isso',
  'tenho',
  'temos',
  'mais',
  'muito',
  'pode',
  'podem',
  'fazer',
  'estou',
  'gostaria',
]);

/** Word stems (first 5 letters of words of 3+ letters, minus common words) of a text. */
function stems(text: string): Set<string> {
  const words = normalise(text).match(/[a-z0-9]{3,}/g) ?? [];
  return new Set(words.filter((w) => !STOPWORDS.has(w)).map((w) => w.slice(0, 5)));
}

/**
 * The piece of the agent's answers that shares most words with the customer's message. An
 * 'objection → answer' pair written in the training matches on both sides and gives the answer.
 */
function bestMatchingFact(respostas: readonly AnswerItem[], message: string): string | null {
  const wanted = stems(message);
  if (!wanted.size) return null;
  let best: { text: string; score: number } | null = null;
  for (const item of respostas) {
    for (const clause of item.resposta.split(/[;\n]+|(?<=[.!?])\s+/)) {
      const [left, right] = clause.split(/\s*(?:→|->|=>)\s*/, 2);
      const output = (right ?? left ?? '').trim().replace(/^["“”']+|["“”']+$/g, '');
      if (output.length < 3) continue;
      const have = stems(clause);
      const question = right === undefined ? null : stems(left ?? '');
      let score = 0;
      for (const w of wanted) if (have.has(w)) score += question?.has(w) ? 1.5 : 1;
      if (score > 0 && (!best || score > best.score)) best = { text: output, score };
    }
  }
  return best?.text ?? null;
}

const upperFirst = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The business's name when the answer starts with one ('Clínica Sorriso Leve, odontologia…' →
 * 'Clínica Sorriso Leve'); null when it starts as a sentence ('Sou dentista…', 'Vendemos…').
 */
function businessLabel(negocio: string): string | null {
  const first = negocio.split(/[,.;:\n(]|\s[–-]\s/)[0]!.trim();
  if (!first || first.length > 50) return null;
  if (
    /^(eu|nós|nos|a gente|sou|somos|tenho|temos|trabalho|trabalhamos|vendo|vendemos|faço|faco|fazemos|atendo|atendemos|meu|minha|nosso|nossa|é|e|um|uma)\b/i.test(
      first,
    )
  )
    return null;
  return first;
}
