import { describe, expect, it } from 'vitest';
import { KEY_QUESTIONS, type AnswerItem, type KeyQuestionKey } from '@vendai/contracts';
import { createDemoLlm as createDemo } from '@vendai/demo-ai';
import { pickRefinementQuestions } from '@vendai/demo-ai/refinement-bank';
import { demoMediaReply, demoReply } from '@vendai/demo-ai/reply';
import { assembleSystemPrompt, PROMPT_SECTIONS } from '../src/domain/prompts/system-prompt.ts';

/** The demo AI as the app mounts it: with the product's own prompt rules. */
const createDemoLlm = () => createDemo({ assembleSystemPrompt });

function answers(
  values: Partial<Record<KeyQuestionKey, string>>,
  extra: { pergunta: string; resposta: string }[] = [],
): AnswerItem[] {
  return [
    ...KEY_QUESTIONS.map((q) => ({
      tipo: 'chave' as const,
      key: q.key,
      pergunta: q.pergunta,
      resposta: values[q.key] ?? 'Não sei ainda.',
    })),
    ...extra.map((e) => ({ tipo: 'refinamento' as const, ...e })),
  ];
}

const DENTIST = answers({
  negocio: 'Clínica Sorriso Leve, odontologia estética em Campinas.',
  cliente_ideal: 'Mulheres de 25 a 45 anos.',
  produto: 'Clareamento a laser R$ 890; lentes de contato dental.',
  processo_vendas: 'A pessoa agenda uma avaliação gratuita e paga no Pix ou em 10x no cartão.',
  objecoes: '"Está caro" → mostro o parcelamento. "Dói?" → é indolor.',
  tom: 'Acolhedora, sem emojis.',
  redirecionamento: 'Enviar o link da agenda https://agenda.exemplo.com.br/sorriso.',
});

const COURSE = answers({
  negocio: 'Sou mentora de finanças pessoais.',
  produto: 'Curso online Dinheiro em Ordem, com aulas gravadas e comunidade.',
  processo_vendas: 'A pessoa assiste uma live e compra pela plataforma.',
  objecoes: 'Acham que não vai funcionar para elas.',
});

const SHOP = answers({
  negocio: 'Loja de roupas femininas no Instagram.',
  produto: 'Vestidos e conjuntos.',
  processo_vendas: 'A cliente escolhe pelo catálogo e enviamos pelos Correios.',
});

describe('pickRefinementQuestions', () => {
  it('is deterministic and asks 3 to 6 questions', () => {
    for (const a of [DENTIST, COURSE, SHOP, answers({})]) {
      const first = pickRefinementQuestions(a);
      expect(pickRefinementQuestions(a)).toEqual(first);
      expect(first.perguntas.length).toBeGreaterThanOrEqual(3);
      expect(first.perguntas.length).toBeLessThanOrEqual(6);
      expect(first.total).toBe(first.perguntas.length);
      expect(new Set(first.perguntas.map((p) => p.categoria)).size).toBe(first.perguntas.length);
    }
  });

  it('picks by what the answers say, and skips what is already answered', () => {
    const dentist = pickRefinementQuestions(DENTIST).perguntas.map((p) => p.categoria);
    expect(dentist).toContain('agendamento');
    expect(dentist).toContain('limites');
    // Prices and payment were given: no ticket or payment question.
    expect(dentist).not.toContain('ticket');
    expect(dentist).not.toContain('pagamento');

    const course = pickRefinementQuestions(COURSE).perguntas.map((p) => p.categoria);
    expect(course).toContain('acesso');
    expect(course).toContain('ticket');

    expect(pickRefinementQuestions(SHOP).perguntas.map((p) => p.categoria)).toContain('entrega');
  });

  it('says what it is about in contexto', () => {
    expect(pickRefinementQuestions(DENTIST).contexto).toMatch(
      /^Com base no que você contou sobre "Clínica Sorriso Leve", faltam detalhes sobre .+\.$/,
    );
  });
});

describe('assembleSystemPrompt', () => {
  it('has every section in order, the name, every answer and the rules', () => {
    const prompt = assembleSystemPrompt(
      [...DENTIST, { tipo: 'refinamento', pergunta: 'Quais horários?', resposta: 'Seg a sex, 9h às 18h' }],
      'Luna',
    );
    let last = -1;
    for (const section of PROMPT_SECTIONS) {
      const at =
        prompt.indexOf(`\n${section}\n`) === -1 ? prompt.indexOf(`${section}\n`) : prompt.indexOf(`\n${section}\n`);
      expect(at, section).toBeGreaterThan(last);
      last = at;
    }
    expect(prompt).toContain('Você é Luna');
    for (const item of DENTIST) expect(prompt).toContain(item.resposta);
    expect(prompt).toContain('- Quais horários? Seg a sex, 9h às 18h.');
    expect(prompt).toContain('Não use emojis.');
    expect(prompt).toContain('Faça uma pergunta por vez');
  });
});

describe('demoReply', () => {
  const prompt = assembleSystemPrompt(DENTIST, 'Luna');
  const say = (...texts: string[]) =>
    texts.map((content, i) => ({ role: i % 2 === 0 ? ('user' as const) : ('assistant' as const), content }));

  it('greets with the agent’s name and the business', () => {
    expect(demoReply(prompt, DENTIST, say('Oi, boa tarde!'))).toBe(
      'Olá! Aqui é Luna, do atendimento virtual — Clínica Sorriso Leve. Como posso te ajudar hoje?',
    );
  });

  it('answers price, objections and buying from the agent’s own answers, ending with one question', () => {
    const price = demoReply(prompt, DENTIST, say('Quanto custa o clareamento?'));
    expect(price).toContain('R$ 890');
    expect(price.match(/\?/g)).toHaveLength(1);
    expect(demoReply(prompt, DENTIST, say('Achei caro...'))).toBe(
      'Entendo, faz sentido pensar com calma. Mostro o parcelamento. O que mais pesa para você na decisão?',
    );
    // An 'objection → answer' pair from the training answers a matching question.
    expect(demoReply(prompt, DENTIST, say('Dói muito?'))).toContain('É indolor.');
    expect(demoReply(prompt, DENTIST, say('Quero agendar!'))).toContain('https://agenda.exemplo.com.br/sorriso');
  });

  it('is deterministic, short, and varies the closing question as the conversation goes on', () => {
    const history = say('Como funciona?');
    expect(demoReply(prompt, DENTIST, history)).toBe(demoReply(prompt, DENTIST, history));
    const later = demoReply(prompt, DENTIST, say('Oi', 'Olá!', 'Como funciona?'));
    expect(later).not.toBe(demoReply(prompt, DENTIST, history));
    for (const text of ['Oi', 'Quanto custa?', 'Tá caro', 'Quero comprar', 'Onde fica?', 'Obrigada!', 'asdf']) {
      expect(demoReply(prompt, DENTIST, say(text)).length).toBeLessThan(400);
    }
  });
});

describe('createDemoLlm', () => {
  it('answers call A with JSON, call B with the assembled prompt, replies, and never needs the network', async () => {
    const llm = createDemoLlm();
    expect(llm.kind).toBe('demo');
    const a = JSON.parse(
      await llm.complete({ messages: [], task: { kind: 'refinement-questions', respostas: DENTIST } }),
    );
    expect(a).toEqual(pickRefinementQuestions(DENTIST));
    expect(
      await llm.complete({ messages: [], task: { kind: 'system-prompt', respostas: DENTIST, apelido: 'Luna' } }),
    ).toBe(assembleSystemPrompt(DENTIST, 'Luna'));
    const reply = await llm.complete({
      messages: [],
      task: {
        kind: 'reply',
        systemPrompt: 'Você é Luna, assistente.',
        respostas: DENTIST,
        history: [{ role: 'user', content: 'oi' }],
      },
    });
    expect(reply).toContain('Luna');
    expect(await llm.complete({ messages: [{ role: 'user', content: 'Olá' }] })).toMatch(/^Olá!/);
  });
});

describe('demo replies to media (decision 016)', () => {
  it('says it cannot listen to a voice note and asks for text', () => {
    const reply = demoReply('Você é Luna, assistente.', answers({}), [
      { role: 'user', content: '[o cliente enviou um áudio de 40 s]' },
    ]);
    expect(reply).toMatch(/não consigo ouvir áudios/);
    expect(reply).toMatch(/escrever/);
  });

  it('acknowledges a photo; a caption is answered as the customer’s words', () => {
    expect(
      demoReply('Você é Luna.', answers({}), [{ role: 'user', content: '[o cliente enviou uma imagem]' }]),
    ).toMatch(/^Recebi sua foto/);
    expect(demoMediaReply('[o cliente enviou uma imagem: Quanto custa?]')).toBeNull();
    expect(demoMediaReply('Oi')).toBeNull();
  });
});
