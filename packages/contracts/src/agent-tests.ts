import { z } from 'zod';

/**
 * 'Testes do assistente' (docs/decisions/039-agent-tests.md): the owner's own test suite for an agent —
 * typical customer messages with expectations in plain Portuguese, run through the production reply path
 * (never sent to WhatsApp), compared draft against live before a prompt is published.
 */

/** What a case is about; the proposed set covers each of these. */
export const AGENT_TEST_KINDS = [
  'preco',
  'pagamento',
  'entrega',
  'horario',
  'desconto',
  'objecao',
  'fora_do_escopo',
  'humano',
  'irritado',
  'sair',
  'produto',
  'outro',
] as const;
export type AgentTestKind = (typeof AGENT_TEST_KINDS)[number];
export const AGENT_TEST_KIND_LABELS: Record<AgentTestKind, string> = {
  preco: 'Preço',
  pagamento: 'Pix / pagamento',
  entrega: 'Entrega',
  horario: 'Horário',
  desconto: 'Pedido de desconto',
  objecao: '“Está caro”',
  fora_do_escopo: 'Fora do assunto',
  humano: 'Quer falar com alguém',
  irritado: 'Cliente irritado',
  sair: 'Pedido para sair',
  produto: 'Produto',
  outro: 'Outro',
};

/** Bounds of a suite. */
export const AGENT_TESTS = {
  maxCases: 60,
  maxTurns: 6,
  turnMax: 1_000,
  titleMax: 120,
  wordMax: 80,
  wordsMax: 10,
  rubricMax: 1_000,
  /** A judged case runs this many times; the case passes when most runs pass. */
  judgedRuns: 3,
  /** The proposed set's size. */
  proposedMin: 15,
  proposedMax: 25,
} as const;

/**
 * The most test messages one run can use (docs/decisions/039-agent-tests.md, "What a run costs"): every
 * customer turn is one model call of the agent and a judged case adds the judge's call, each repeated
 * `judgedRuns` times when judged, on each prompt compared (`arms`: 1 for the live prompt, 2 beside a
 * draft). A conversation that ends early (the customer asks to leave, a handoff) uses fewer.
 */
export function agentTestRunCost(
  cases: readonly { turns: readonly string[]; expectation: { rubric?: string | null } }[],
  arms: 1 | 2 = 1,
): number {
  let calls = 0;
  for (const c of cases) {
    const judged = Boolean(c.expectation.rubric?.trim());
    calls += (judged ? AGENT_TESTS.judgedRuns : 1) * (c.turns.length + (judged ? 1 : 0));
  }
  return calls * arms;
}

/** 'Rodar testes' refused before it starts: the month's test messages left cannot pay for the run (403). */
export const agentTestRunTooCostlyMessage = (cost: number, left: number) =>
  `Esta execução usa até ${cost.toLocaleString('pt-BR')} mensagens de teste e restam ${Math.max(0, left).toLocaleString('pt-BR')} neste mês. ` +
  'Remova alguns testes, espere o próximo mês ou faça upgrade do plano.';

export const AGENT_TEST_NOT_FOUND_MESSAGE = 'Teste não encontrado.';
export const AGENT_TEST_RUN_NOT_FOUND_MESSAGE = 'Execução de testes não encontrada.';
export const AGENT_TEST_RUN_BUSY_MESSAGE = 'Os testes deste agente já estão rodando. Aguarde terminar.';
export const AGENT_TEST_EMPTY_MESSAGE = 'Este agente ainda não tem testes. Gere a sugestão de testes primeiro.';
export const AGENT_TEST_TOO_MANY_MESSAGE = `Um agente pode ter no máximo ${AGENT_TESTS.maxCases} testes.`;
export const AGENT_TEST_MESSAGE_UNUSABLE = 'Só mensagens de texto recebidas de clientes podem virar testes.';

const word = z
  .string({ error: 'Cada palavra deve ser um texto.' })
  .trim()
  .min(1, { error: 'Palavra vazia.' })
  .max(AGENT_TESTS.wordMax, { error: `Cada palavra pode ter no máximo ${AGENT_TESTS.wordMax} caracteres.` });
const words = z.array(word).max(AGENT_TESTS.wordsMax, { error: `No máximo ${AGENT_TESTS.wordsMax} palavras.` });
/** A flag the reply must have (true), must not have (false), or is not checked (null). */
const flag = z.boolean().nullable().default(null);

/** What the owner expects of the agent's (last) reply: three kinds of check. */
export const agentTestExpectationSchema = z.object({
  /** Deterministic: words or amounts the reply must / must not contain (accents and case ignored). */
  mustContain: words.default([]),
  mustNotContain: words.default([]),
  /** Deterministic: the reply's longest length in characters; null = not checked. */
  maxLength: z
    .number({ error: 'Tamanho máximo inválido.' })
    .int()
    .min(20, { error: 'O tamanho máximo deve ser de pelo menos 20 caracteres.' })
    .max(4_000, { error: 'O tamanho máximo pode ser de até 4.000 caracteres.' })
    .nullable()
    .default(null),
  /** Deterministic: no amount outside the catalogue / the owner's texts (the price guard's rule). */
  onlyKnownAmounts: z.boolean().default(true),
  /** Deterministic: no discount unless the owner allowed one. */
  noUnallowedDiscount: z.boolean().default(true),
  /** Structured: the reply's flags. */
  handoff: flag,
  needsOwner: flag,
  hotLead: flag,
  /** Structured: the agent stays silent (the customer asked to leave: 'sair'). */
  silent: flag,
  /** The judge's rubric in pt-BR; null = not judged. */
  rubric: z
    .string()
    .max(AGENT_TESTS.rubricMax, { error: `O critério pode ter no máximo ${AGENT_TESTS.rubricMax} caracteres.` })
    .nullable()
    .default(null),
});
export type AgentTestExpectation = z.infer<typeof agentTestExpectationSchema>;

/** A blank rubric means 'not judged'. */
export function withRubric(e: AgentTestExpectation): AgentTestExpectation {
  return { ...e, rubric: e.rubric?.trim() ? e.rubric.trim() : null };
}

/** The default rubric (pt-BR) the judge reads when a case is judged. */
export const DEFAULT_RUBRIC = [
  'Responde o que o cliente perguntou.',
  'Usa só informações do negócio (prompt, catálogo, base de conhecimento); não inventa preço, prazo ou condição.',
  'Mantém o tom da marca: cordial, claro e em português do Brasil.',
  'Faz a venda andar: termina com um próximo passo ou uma pergunta.',
].join('\n');

/** A case as the owner writes or edits it. */
export const agentTestCaseInputSchema = z.object({
  title: z
    .string({ error: 'Dê um nome ao teste.' })
    .trim()
    .min(1, { error: 'Dê um nome ao teste.' })
    .max(AGENT_TESTS.titleMax, { error: `O nome pode ter no máximo ${AGENT_TESTS.titleMax} caracteres.` }),
  kind: z.enum(AGENT_TEST_KINDS, { error: 'Tipo de teste inválido.' }).default('outro'),
  /** What the customer says, turn by turn (a scripted customer); the agent answers each. */
  turns: z
    .array(
      z
        .string({ error: 'Escreva a mensagem do cliente.' })
        .trim()
        .min(1, { error: 'Escreva a mensagem do cliente.' })
        .max(AGENT_TESTS.turnMax, { error: `Cada mensagem pode ter no máximo ${AGENT_TESTS.turnMax} caracteres.` }),
    )
    .min(1, { error: 'Escreva a mensagem do cliente.' })
    .max(AGENT_TESTS.maxTurns, { error: `No máximo ${AGENT_TESTS.maxTurns} mensagens por teste.` }),
  expectation: agentTestExpectationSchema.default(agentTestExpectationSchema.parse({})),
});
export type AgentTestCaseInput = z.input<typeof agentTestCaseInputSchema>;

export const agentTestCaseSchema = z.object({
  id: z.string(),
  agentId: z.string(),
  title: z.string(),
  kind: z.enum(AGENT_TEST_KINDS),
  turns: z.array(z.string()),
  expectation: agentTestExpectationSchema,
  /** Proposed by VendAI, added from the inbox, or written by the owner. */
  source: z.enum(['gerado', 'inbox', 'dono']),
  createdAt: z.string(),
});
export type AgentTestCase = z.infer<typeof agentTestCaseSchema>;

/** POST …/cases/from-message: 'Adicionar aos testes' from a real inbox message. */
export const agentTestFromMessageSchema = z.object({
  messageId: z.guid({ error: AGENT_TEST_MESSAGE_UNUSABLE }),
});

/** One check of one attempt. */
export const agentTestCheckSchema = z.object({
  kind: z.enum(['deterministico', 'estruturado', 'juiz']),
  /** What was checked, in plain Portuguese ('Deve conter “Pix”'). */
  label: z.string(),
  passed: z.boolean(),
  /** Why it failed (or the judge's words). */
  detail: z.string().nullable(),
});
export type AgentTestCheck = z.infer<typeof agentTestCheckSchema>;

/** One run of a case: the agent's replies, turn by turn, and the checks of the last one. */
export const agentTestAttemptSchema = z.object({
  replies: z.array(z.string()),
  flags: z.object({ handoff: z.boolean(), needsOwner: z.boolean(), hotLead: z.boolean(), silent: z.boolean() }),
  checks: z.array(agentTestCheckSchema),
  passed: z.boolean(),
});
export type AgentTestAttempt = z.infer<typeof agentTestAttemptSchema>;

export const AGENT_TEST_ARMS = ['live', 'draft'] as const;
export type AgentTestArm = (typeof AGENT_TEST_ARMS)[number];

export const agentTestResultSchema = z.object({
  caseId: z.string(),
  title: z.string(),
  kind: z.enum(AGENT_TEST_KINDS),
  /** 'live': the saved prompt; 'draft': the prompt about to be published. */
  arm: z.enum(AGENT_TEST_ARMS),
  status: z.enum(['pending', 'running', 'passed', 'failed', 'error']),
  attempts: z.array(agentTestAttemptSchema),
  /** How many attempts passed, of how many (3 for a judged case). */
  passes: z.number().int(),
  runs: z.number().int(),
  error: z.string().nullable(),
});
export type AgentTestResult = z.infer<typeof agentTestResultSchema>;

export const AGENT_TEST_TRIGGERS = ['manual', 'gate', 'nightly', 'model_change'] as const;
export type AgentTestTrigger = (typeof AGENT_TEST_TRIGGERS)[number];

export const agentTestRunSummarySchema = z.object({
  id: z.string(),
  agentId: z.string(),
  trigger: z.enum(AGENT_TEST_TRIGGERS),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  /** The model under test. */
  model: z.string(),
  hasDraft: z.boolean(),
  /** Results to compute (cases × arms) and finished. */
  total: z.number().int(),
  done: z.number().int(),
  /** Cases passed per arm (of `cases`). */
  cases: z.number().int(),
  passedLive: z.number().int(),
  passedDraft: z.number().int().nullable(),
  /** A scheduled run passed fewer cases than the previous run: how many before. */
  dropFrom: z.number().int().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type AgentTestRunSummary = z.infer<typeof agentTestRunSummarySchema>;

export const agentTestRunSchema = agentTestRunSummarySchema.extend({
  results: z.array(agentTestResultSchema),
  /** Draft against live, per case: passed more / fewer attempts. Empty without a draft. */
  better: z.array(z.string()),
  worse: z.array(z.string()),
});
export type AgentTestRun = z.infer<typeof agentTestRunSchema>;

/** POST …/runs: run the suite on the live prompt, and on a draft beside it (the gate before publishing). */
export const agentTestRunRequestSchema = z.object({
  draftPrompt: z.string().max(20_000, { error: 'O prompt pode ter no máximo 20.000 caracteres.' }).optional(),
});

/** GET …/settings and PUT: the scheduled runs. */
export const agentTestSettingsSchema = z.object({ nightly: z.boolean() });
export type AgentTestSettings = z.infer<typeof agentTestSettingsSchema>;

/** GET /api/agent-tests/overview: every agent's last run (Resultados). */
export const agentTestOverviewSchema = z.array(
  z.object({
    agentId: z.string(),
    agentName: z.string(),
    cases: z.number().int(),
    lastRun: agentTestRunSummarySchema.nullable(),
  }),
);
export type AgentTestOverview = z.infer<typeof agentTestOverviewSchema>;

/** '3 respostas pioraram' / '1 resposta melhorou'. */
export function changedAnswersText(n: number, change: 'pioraram' | 'melhoraram'): string {
  const verb = n === 1 ? (change === 'pioraram' ? 'piorou' : 'melhorou') : change;
  return `${n} ${n === 1 ? 'resposta' : 'respostas'} ${verb}`;
}

/** The expectation in plain Portuguese, one line per check (the page and the gate show it). */
export function describeExpectation(e: AgentTestExpectation): string[] {
  const list = (ws: string[]) => ws.map((w) => `“${w}”`).join(', ');
  const flagLine = (value: boolean | null, yes: string, no: string) => (value === null ? [] : [value ? yes : no]);
  return [
    ...(e.mustContain.length ? [`Deve conter ${list(e.mustContain)}`] : []),
    ...(e.mustNotContain.length ? [`Não pode conter ${list(e.mustNotContain)}`] : []),
    ...(e.maxLength ? [`No máximo ${e.maxLength} caracteres`] : []),
    ...(e.onlyKnownAmounts ? ['Nenhum valor fora do catálogo'] : []),
    ...(e.noUnallowedDiscount ? ['Nenhum desconto sem autorização'] : []),
    ...flagLine(e.handoff, 'Passa o atendimento para uma pessoa', 'Não passa para uma pessoa'),
    ...flagLine(e.needsOwner, 'Avisa o dono que falta uma informação', 'Não precisa chamar o dono'),
    ...flagLine(e.hotLead, 'Marca o cliente como pronto para comprar', 'Não marca como pronto para comprar'),
    ...flagLine(e.silent, 'Para de responder', 'Responde o cliente'),
    ...(e.rubric ? [`Juiz (${AGENT_TESTS.judgedRuns}×): ${e.rubric.split('\n')[0]}…`] : []),
  ];
}
