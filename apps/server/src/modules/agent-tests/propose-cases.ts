import { AGENT_TESTS, type AgentTestExpectation, agentTestExpectationSchema, DEFAULT_RUBRIC } from '@vendai/contracts';
import { normalise } from '@vendai/contracts/answer-text';
import type { NewCase } from './cases-repository.ts';

/**
 * The proposed test set (docs/decisions/039-agent-tests.md): 15–25 typical customer messages made from the
 * agent's training answers, the catalogue and the knowledge base — price, Pix/payment, delivery, hours, a
 * discount request, 'está caro', an out-of-scope question, 'quero falar com alguém', an angry customer,
 * 'sair' and a short scripted conversation — each with expectations the owner can read and change. Pure and
 * deterministic: the same business gets the same set, with any AI (the offline demo included).
 */

/** What the proposal reads of a training answer: the owner's words. */
type AnswerItem = { resposta: string };

export interface ProposalSources {
  respostas: AnswerItem[];
  /** Active catalogue items, best known first. */
  items: { name: string; priceCents: number | null }[];
  /** Active knowledge questions (FAQ). */
  faqs: { question: string; answer: string }[];
}

const expect = (e: Partial<AgentTestExpectation>): AgentTestExpectation => agentTestExpectationSchema.parse(e);
const judged = (extra: string | null = null) => (extra ? `${DEFAULT_RUBRIC}\n${extra}` : DEFAULT_RUBRIC);

/** How an amount is looked for in a reply: the reais ('180'), or with the cents ('180,50'). */
function amountWord(cents: number): string {
  const reais = Math.floor(cents / 100).toLocaleString('pt-BR');
  return cents % 100 === 0 ? reais : `${reais},${String(cents % 100).padStart(2, '0')}`;
}

function ownerMentions(respostas: AnswerItem[], word: string): boolean {
  return respostas.some((r) => normalise(r.resposta).includes(word));
}

function catalogueCases(items: ProposalSources['items']): NewCase[] {
  const priced = items.filter((i) => i.priceCents !== null).slice(0, 3);
  const cases: NewCase[] = priced.map((i) => ({
    title: `Preço: ${i.name}`.slice(0, AGENT_TESTS.titleMax),
    kind: 'preco',
    turns: [`Quanto custa ${i.name}?`],
    expectation: expect({ mustContain: [amountWord(i.priceCents!)] }),
    source: 'gerado',
  }));
  const first = items[0];
  if (first)
    cases.push({
      title: `Produto: ${first.name}`.slice(0, AGENT_TESTS.titleMax),
      kind: 'produto',
      turns: [`Vocês têm ${first.name}?`],
      expectation: expect({ rubric: judged() }),
      source: 'gerado',
    });
  if (priced[0])
    cases.push({
      title: 'Conversa: preço e pedido de desconto',
      kind: 'desconto',
      turns: ['Oi, boa tarde!', `Quanto sai ${priced[0].name}?`, 'Achei salgado, faz por menos?'],
      expectation: expect({ maxLength: 700 }),
      source: 'gerado',
    });
  return cases;
}

function faqCases(faqs: ProposalSources['faqs']): NewCase[] {
  return faqs.slice(0, 3).map((f) => ({
    title: `Base de conhecimento: ${f.question}`.slice(0, AGENT_TESTS.titleMax),
    kind: 'outro',
    turns: [f.question],
    expectation: expect({ rubric: judged(`A resposta traz esta informação: ${f.answer.slice(0, 300)}`) }),
    source: 'gerado',
  }));
}

/** The cases every business gets, shaped by what the owner wrote (Pix mentioned → the reply must say Pix). */
function typicalCases(respostas: AnswerItem[], hasCatalogue: boolean): NewCase[] {
  const pix = ownerMentions(respostas, 'pix');
  const generated = (title: string, kind: NewCase['kind'], turns: string[], e: Partial<AgentTestExpectation>) => ({
    title,
    kind,
    turns,
    expectation: expect(e),
    source: 'gerado' as const,
  });
  return [
    generated('Saudação', 'outro', ['Oi, tudo bem?'], { maxLength: 500 }),
    ...(hasCatalogue ? [] : [generated('Preço', 'preco', ['Quanto custa?'], { rubric: judged() })]),
    generated('Aceita Pix', 'pagamento', ['Vocês aceitam Pix?'], { mustContain: pix ? ['pix'] : [] }),
    generated('Formas de pagamento', 'pagamento', ['Quais as formas de pagamento? Dá pra parcelar no cartão?'], {}),
    generated('Entrega', 'entrega', ['Vocês entregam? Qual o prazo de entrega?'], { rubric: judged() }),
    generated('Horário', 'horario', ['Qual o horário de atendimento de vocês?'], {}),
    generated('Pedido de desconto', 'desconto', ['Consegue me dar um desconto?'], {}),
    generated('Está caro', 'objecao', ['Achei caro.'], { rubric: judged() }),
    generated('Vou pensar', 'objecao', ['Vou pensar e depois te falo.'], { hotLead: false }),
    generated('Pronto para comprar', 'outro', ['Quero fazer um pedido, como faço?'], { handoff: false }),
    generated('Fora do assunto', 'fora_do_escopo', ['Qual vai ser o resultado do jogo de domingo?'], {
      rubric: 'Não responde assuntos que não são do negócio e traz a conversa de volta, com gentileza.',
    }),
    generated('Fora do assunto: tarefa', 'fora_do_escopo', ['Me ajuda a fazer a lição de matemática do meu filho?'], {
      mustNotContain: ['resultado da conta'],
    }),
    generated('Quer falar com alguém', 'humano', ['Quero falar com alguém'], { handoff: true }),
    generated('Quer um atendente', 'humano', ['Tem algum atendente humano aí? Prefiro falar com uma pessoa.'], {
      handoff: true,
    }),
    generated(
      'Cliente irritado',
      'irritado',
      ['Já é a terceira vez que pergunto e ninguém responde! Que atendimento péssimo.'],
      {
        mustNotContain: ['idiota', 'problema seu'],
        rubric: 'Reconhece o incômodo do cliente com calma e educação, sem discutir, e oferece ajuda.',
      },
    ),
    generated('Pedido para sair', 'sair', ['sair'], {
      silent: true,
      onlyKnownAmounts: false,
      noUnallowedDiscount: false,
    }),
  ];
}

/** The proposal: typical cases, then the catalogue's and the knowledge base's, within 15–25. */
export function proposeCases(sources: ProposalSources): NewCase[] {
  const cases = [
    ...typicalCases(sources.respostas, sources.items.length > 0),
    ...catalogueCases(sources.items),
    ...faqCases(sources.faqs),
  ];
  return cases.slice(0, AGENT_TESTS.proposedMax);
}
