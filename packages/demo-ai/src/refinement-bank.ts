import type { AnswerItem, RefinementQuestion } from '@vendai/contracts';
import { countHits, keyAnswer, normalise } from '@vendai/contracts/answer-text';

/**
 * The demo provider's curated bank of refinement questions (docs/product/data.md "refinement question").
 * A question is picked when the answers mention its subject (`when`), or when they say nothing
 * about something every sales assistant needs (`unless`: asked only when none of those words occur).
 */
interface BankEntry {
  categoria: string;
  /** Short label used in the set's `contexto`. */
  assunto: string;
  pergunta: string;
  justificativa: string;
  when?: readonly string[];
  unless?: readonly string[];
  /** Higher comes first among questions that apply equally. */
  peso: number;
}

const PRICE_WORDS = ['r$', 'reais', 'preco', 'valor', 'custa', 'custo', 'investimento', 'mensalidade', 'a partir de'];
const PAYMENT_WORDS = [
  'pix',
  'cartao',
  'parcel',
  'boleto',
  'a vista',
  'dinheiro',
  'transferencia',
  'x sem juros',
  '10x',
  '12x',
];
const HANDOFF_WORDS = [
  'atendente',
  'equipe',
  'humano',
  'secretaria',
  'recepcao',
  'recepcionista',
  'vendedor',
  'consultor',
  'gerente',
  'passar para',
  'encaminh',
  'transfer',
];
const CYCLE_WORDS = ['dias', 'semana', 'meses', 'imediat', 'na hora', 'no mesmo dia', 'rapido', 'demora'];

export const REFINEMENT_BANK: readonly BankEntry[] = [
  {
    categoria: 'ticket',
    assunto: 'valores',
    pergunta:
      'Qual é o valor médio (ticket) que um cliente investe com você, e existe uma opção de entrada mais acessível?',
    justificativa:
      'Sem uma faixa de preço a IA não consegue responder "quanto custa?", a pergunta mais comum no WhatsApp.',
    unless: PRICE_WORDS,
    peso: 9,
  },
  {
    categoria: 'pagamento',
    assunto: 'formas de pagamento',
    pergunta: 'Quais formas de pagamento você aceita, e em quantas vezes é possível parcelar?',
    justificativa: 'Saber as condições ajuda a IA a contornar a objeção de preço e a fechar a venda na conversa.',
    unless: PAYMENT_WORDS,
    peso: 6,
  },
  {
    categoria: 'ciclo_vendas',
    assunto: 'tempo de decisão',
    pergunta:
      'Quanto tempo costuma passar entre o primeiro contato e a compra, e o que faz o cliente decidir mais rápido?',
    justificativa: 'Com o ciclo de vendas a IA sabe quando insistir, quando dar espaço e quando retomar o contato.',
    unless: CYCLE_WORDS,
    peso: 7,
  },
  {
    categoria: 'qualificacao',
    assunto: 'qualificação',
    pergunta:
      'Quais informações a IA precisa descobrir para saber se a pessoa está pronta para comprar (por exemplo necessidade, orçamento ou prazo)?',
    justificativa: 'Perguntas de qualificação evitam gastar tempo com curiosos e priorizam quem quer comprar agora.',
    unless: ['qualific', 'orcamento', 'perfil', 'pergunto', 'descobrir'],
    peso: 8,
  },
  {
    categoria: 'agendamento',
    assunto: 'agenda',
    pergunta: 'Em quais dias e horários você atende, e com quanta antecedência o cliente precisa agendar?',
    justificativa: 'Você trabalha com horários marcados; a IA precisa saber a disponibilidade para propor um encaixe.',
    when: [
      'agend',
      'consulta',
      'horario',
      'sessao',
      'sessoes',
      'avaliacao',
      'marcar',
      'visita',
      'reuniao',
      'atendimento presencial',
      'clinica',
      'consultorio',
      'studio',
      'salao',
    ],
    peso: 10,
  },
  {
    categoria: 'entrega',
    assunto: 'entrega',
    pergunta: 'Para quais regiões você entrega, qual é o prazo e quanto custa o frete?',
    justificativa: 'Você vende algo que precisa chegar ao cliente; prazo e frete decidem muitas compras.',
    when: [
      'entreg',
      'frete',
      'envio',
      'envia',
      'correios',
      'delivery',
      'retirada',
      'loja',
      'estoque',
      'encomenda',
      'sedex',
    ],
    peso: 10,
  },
  {
    categoria: 'acesso',
    assunto: 'acesso ao conteúdo',
    pergunta:
      'Depois da compra, como o cliente recebe o acesso, e por quanto tempo pode usar o conteúdo ou o acompanhamento?',
    justificativa: 'Em produtos digitais e mentorias a dúvida sobre o acesso aparece logo antes da compra.',
    when: [
      'curso',
      'mentoria',
      'infoproduto',
      'aula',
      'online',
      'plataforma',
      'ebook',
      'e-book',
      'comunidade',
      'treinamento',
      'imersao',
    ],
    peso: 9,
  },
  {
    categoria: 'planos',
    assunto: 'planos e pacotes',
    pergunta: 'Como funcionam os seus planos ou pacotes: duração, fidelidade e o que acontece na renovação?',
    justificativa: 'Você mencionou planos, pacotes ou mensalidade; a IA precisa explicar as regras sem errar.',
    when: ['mensal', 'assinatura', 'plano', 'planos', 'mensalidade', 'pacote', 'recorren', 'fidelidade'],
    peso: 8,
  },
  {
    categoria: 'garantia',
    assunto: 'garantia',
    pergunta: 'Você oferece garantia, período de teste ou política de troca? Como a IA deve apresentar isso?',
    justificativa: 'Garantias reduzem o medo de errar na compra, uma das objeções que você descreveu.',
    when: ['garantia', 'troca', 'devolu', 'reembolso', 'medo', 'confia', 'seguranca', 'risco', 'funciona mesmo'],
    peso: 7,
  },
  {
    categoria: 'concorrencia',
    assunto: 'diferenciais',
    pergunta: 'O que diferencia você da concorrência quando o cliente diz que encontrou mais barato?',
    justificativa:
      'A objeção de preço aparece nas suas respostas; um diferencial claro ajuda a IA a responder sem dar desconto.',
    when: ['caro', 'mais barato', 'concorr', 'outro lugar', 'pesquis', 'compar', 'desconto'],
    peso: 7,
  },
  {
    categoria: 'prova_social',
    assunto: 'resultados e depoimentos',
    pergunta: 'Você tem resultados, números ou depoimentos de clientes que a IA pode citar nas conversas?',
    justificativa: 'Provas de resultado dão segurança a quem ainda está em dúvida.',
    when: ['resultado', 'depoimento', 'satisfeit', 'avaliacoes', 'indicacao', 'antes e depois', 'transforma'],
    peso: 6,
  },
  {
    categoria: 'promocao',
    assunto: 'condições especiais',
    pergunta: 'Existe alguma promoção ou condição especial em vigor? Até quando vale e para quem?',
    justificativa: 'Você citou ofertas ou descontos; a IA só deve oferecer o que estiver valendo.',
    when: ['promo', 'cupom', 'black friday', 'oferta', 'condicao especial', 'bonus', 'brinde'],
    peso: 6,
  },
  {
    categoria: 'limites',
    assunto: 'limites do atendimento',
    pergunta:
      'Há assuntos que a IA não deve tratar ou promessas que não pode fazer (por exemplo diagnósticos, prazos ou resultados garantidos)?',
    justificativa: 'Na sua área há cuidados éticos e legais; a IA precisa saber onde parar e chamar você.',
    when: [
      'saude',
      'clinica',
      'odonto',
      'dentista',
      'dental',
      'advoga',
      'juridic',
      'medic',
      'terapia',
      'terapeuta',
      'psico',
      'nutri',
      'estetica',
      'fisioterap',
      'contab',
    ],
    peso: 8,
  },
  {
    categoria: 'transferencia',
    assunto: 'passagem para a equipe',
    pergunta: 'Em quais situações a IA deve passar a conversa para uma pessoa da sua equipe, e para quem?',
    justificativa: 'Alguns casos pedem um humano; deixar isso claro evita respostas inventadas.',
    unless: HANDOFF_WORDS,
    peso: 5,
  },
];

/** The spec's default questions (docs/product/messages.md): investment ticket, sales-cycle length, lead qualification. */
export const CORE_CATEGORIES = ['ticket', 'ciclo_vendas', 'qualificacao'] as const;

/** How many questions the demo asks: between the 3 and 6 the spec requests, short enough to answer. */
const DEMO_QUESTIONS = 5;

export interface DemoRefinementSet {
  perguntas: RefinementQuestion[];
  total: number;
  contexto: string;
}

/**
 * Picks 3 to 5 questions from the bank by what the answers say. Deterministic: the same answers
 * always give the same questions, in the same order.
 */
export function pickRefinementQuestions(respostas: readonly AnswerItem[]): DemoRefinementSet {
  const text = normalise(respostas.map((r) => r.resposta).join('\n'));
  const scored = REFINEMENT_BANK.map((entry, index) => {
    let score = 0;
    if (entry.when) {
      const hits = countHits(text, entry.when);
      score = hits > 0 ? entry.peso + Math.min(hits, 3) : 0;
    } else if (entry.unless) {
      score = countHits(text, entry.unless) === 0 ? entry.peso : 0;
    }
    return { entry, index, score };
  })
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index);

  const chosen = scored.slice(0, DEMO_QUESTIONS).map((s) => s.entry);
  for (const categoria of CORE_CATEGORIES) {
    if (chosen.length >= 3) break;
    if (!chosen.some((c) => c.categoria === categoria))
      chosen.push(REFINEMENT_BANK.find((e) => e.categoria === categoria)!);
  }

  const negocio = keyAnswer(respostas, 'negocio');
  const assuntos = chosen.map((c) => c.assunto);
  const lista = assuntos.length > 1 ? `${assuntos.slice(0, -1).join(', ')} e ${assuntos.at(-1)}` : assuntos[0];
  const sobre = negocio ? ` sobre ${shortLabel(negocio)}` : '';
  return {
    perguntas: chosen.map(({ pergunta, categoria, justificativa }) => ({ pergunta, categoria, justificativa })),
    total: chosen.length,
    contexto: `Com base no que você contou${sobre}, faltam detalhes sobre ${lista}.`,
  };
}

/** The start of the business answer, as a short label ('Clínica Sorriso Leve'). */
function shortLabel(negocio: string): string {
  const first = negocio.split(/[,.;:\n(–-]/)[0]!.trim();
  const label = first.length > 60 ? `${first.slice(0, 57).trim()}…` : first;
  return `"${label}"`;
}
