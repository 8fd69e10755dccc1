import { z } from 'zod';
import { LIMITS, RESPONSE_DELAYS } from './constants.ts';
import { systemPromptSchema } from './prompt-workshop.ts';
import { approvalTimeoutActionSchema, approvalTimeoutSchema } from './approval.ts';

/**
 * AI agents and the training wizard (docs/product/data.md). Shared by the server routes and
 * the web forms, so both validate the same way and show the same Portuguese messages.
 */

/**
 * The 7 key questions of the training wizard (docs/product/data.md), in the order the wizard asks them.
 * Hours, address, payment methods and delivery areas are not asked: they are the business's facts, kept
 * once on Configurações (docs/decisions/066-business-facts-in-one-place.md); `facts` marks the questions
 * that show them.
 */
export const KEY_QUESTIONS = [
  {
    key: 'negocio',
    pergunta: 'Qual é o seu negócio e o que ele faz?',
    ajuda: 'Conte o nome, o ramo, a cidade (ou se atende on-line) e há quanto tempo existe.',
    exemplo: 'Ex.: Clínica Sorriso Leve, odontologia estética em Campinas, há 8 anos.',
  },
  {
    key: 'cliente_ideal',
    pergunta: 'Quem é o seu cliente ideal?',
    ajuda: 'Idade, profissão, região, o que essa pessoa quer resolver e o que a incomoda hoje.',
    exemplo: 'Ex.: mulheres de 25 a 45 anos que querem clarear os dentes antes de um evento.',
  },
  {
    key: 'produto',
    pergunta: 'Quais produtos ou serviços você vende, e por quanto?',
    ajuda: 'Liste os principais, com o preço (ou faixa de preço) e o que está incluído.',
    exemplo: 'Ex.: clareamento a laser R$ 890 (2 sessões); lentes de contato dental a partir de R$ 1.200 por dente.',
  },
  {
    key: 'processo_vendas',
    facts: true,
    pergunta: 'Como funciona a sua venda hoje, do primeiro contato até o pagamento?',
    ajuda:
      'Os passos que o cliente percorre até comprar. Horário, endereço, formas de pagamento e entrega ficam nos Dados do negócio, em Configurações.',
    exemplo: 'Ex.: o cliente chama no WhatsApp, agenda uma avaliação gratuita e fecha o tratamento na clínica.',
  },
  {
    key: 'objecoes',
    pergunta: 'Quais dúvidas e objeções os clientes mais têm, e como você responde a cada uma?',
    ajuda: 'As frases que você mais ouve antes de alguém comprar, e o que costuma funcionar como resposta.',
    exemplo:
      'Ex.: "Está caro" → explico o parcelamento e que a avaliação é gratuita; "Dói?" → é indolor, com anestesia tópica.',
  },
  {
    key: 'tom',
    pergunta: 'Como a IA deve conversar com os seus clientes?',
    ajuda: 'Formal ou descontraída, se usa emojis, se trata por "você" ou pelo nome, palavras que prefere evitar.',
    exemplo: 'Ex.: simpática e acolhedora, trata pelo primeiro nome, no máximo um emoji por mensagem.',
  },
  {
    key: 'redirecionamento',
    facts: true,
    pergunta: 'Quando a pessoa quiser comprar ou agendar, para onde a IA deve levá-la?',
    ajuda: 'Um link de pagamento ou de agenda, a loja ou uma pessoa da equipe (com o contato).',
    exemplo: 'Ex.: enviar o link da agenda https://agenda.exemplo.com.br ou passar para a recepcionista Ana.',
  },
] as const;

export type KeyQuestionKey = (typeof KEY_QUESTIONS)[number]['key'];
export const KEY_QUESTION_KEYS = KEY_QUESTIONS.map((q) => q.key) as [KeyQuestionKey, ...KeyQuestionKey[]];

/** Longest answer accepted for one question (a long, detailed answer fits comfortably). */
export const ANSWER_MAX = 3_000;
const QUESTION_MAX = 600;

export const ANSWER_REQUIRED_MESSAGE = 'Responda a pergunta para continuar.';
export const AGENT_NAME_REQUIRED_MESSAGE = 'Dê um nome ao seu agente.';
export const AGENT_NAME_TOO_LONG_MESSAGE = `O nome do agente pode ter no máximo ${LIMITS.agentNameMax} caracteres.`;
export const AGENT_NOT_FOUND_MESSAGE = 'Agente não encontrado ou não pertence ao usuário.';
export const NO_AGENT_MESSAGE = 'Nenhum agente encontrado. Faça o treinamento primeiro.';
export const AGENT_IN_USE_MESSAGE =
  'Este agente está ligado a um número de WhatsApp. Desative o agente nesse número antes de excluí-lo.';

/** One answer a person typed: non-empty after trimming (docs/product/rules.md#validation). */
export const answerTextSchema = z
  .string({ error: ANSWER_REQUIRED_MESSAGE })
  .trim()
  .min(1, { error: ANSWER_REQUIRED_MESSAGE })
  .max(ANSWER_MAX, { error: `Cada resposta pode ter no máximo ${ANSWER_MAX} caracteres.` });

/** Agent name: required, trimmed, at most 50 characters (docs/product/rules.md#validation). */
export const agentNameSchema = z
  .string({ error: AGENT_NAME_REQUIRED_MESSAGE })
  .trim()
  .min(1, { error: AGENT_NAME_REQUIRED_MESSAGE })
  .max(LIMITS.agentNameMax, { error: AGENT_NAME_TOO_LONG_MESSAGE });

const questionTextSchema = z
  .string({ error: 'Pergunta inválida.' })
  .trim()
  .min(1, { error: 'Pergunta inválida.' })
  .max(QUESTION_MAX, { error: 'Pergunta longa demais.' });

/** Answer item stored on the agent (docs/product/data.md): tipo, pergunta, resposta, and key for key questions. */
export const keyAnswerSchema = z.object({
  tipo: z.literal('chave'),
  key: z.enum(KEY_QUESTION_KEYS, { error: 'Pergunta-chave desconhecida.' }),
  pergunta: questionTextSchema,
  resposta: answerTextSchema,
});
export const refinementAnswerSchema = z.object({
  tipo: z.literal('refinamento'),
  pergunta: questionTextSchema,
  resposta: answerTextSchema,
});
export const answerItemSchema = z.discriminatedUnion('tipo', [keyAnswerSchema, refinementAnswerSchema], {
  error: 'Resposta inválida.',
});
export type KeyAnswer = z.infer<typeof keyAnswerSchema>;
export type RefinementAnswer = z.infer<typeof refinementAnswerSchema>;
export type AnswerItem = z.infer<typeof answerItemSchema>;

/** The 7 key answers, each key exactly once. */
export const keyAnswersSchema = z
  .array(keyAnswerSchema, { error: 'Envie as respostas das perguntas-chave.' })
  .superRefine((items, ctx) => {
    const seen = new Set(items.map((i) => i.key));
    const missing = KEY_QUESTION_KEYS.filter((k) => !seen.has(k));
    if (missing.length || items.length !== KEY_QUESTION_KEYS.length) {
      ctx.addIssue({
        code: 'custom',
        message: `Responda as ${LIMITS.keyQuestions} perguntas-chave antes de continuar.`,
      });
    }
  });

export const trainingModeSchema = z.enum(['create', 'update'], { error: "Modo inválido: use 'create' ou 'update'." });
export type TrainingMode = z.infer<typeof trainingModeSchema>;

const agentIdSchema = z.string({ error: AGENT_NOT_FOUND_MESSAGE }).min(1, { error: AGENT_NOT_FOUND_MESSAGE });

/** A refinement question written by the AI (docs/product/data.md). */
export const refinementQuestionSchema = z.object({
  pergunta: z.string(),
  categoria: z.string(),
  justificativa: z.string(),
});
export type RefinementQuestion = z.infer<typeof refinementQuestionSchema>;

/**
 * Where the refinement questions came from: the AI's JSON as it was, a JSON object found inside
 * the AI's text, the default questions when the answer was unusable, or the two questions used
 * when the AI failed outright (docs/product/messages.md).
 */
export const refinementSourceSchema = z.enum(['ai', 'ai-extracted', 'fallback', 'failure']);
export type RefinementSource = z.infer<typeof refinementSourceSchema>;

export const refinementSetSchema = z.object({
  perguntas: z.array(refinementQuestionSchema),
  total: z.number().int(),
  contexto: z.string(),
  source: refinementSourceSchema,
});
export type RefinementSet = z.infer<typeof refinementSetSchema>;

/** POST /api/training/questions: the key answers → refinement questions (call A). */
export const generateQuestionsSchema = z
  .object({
    mode: trainingModeSchema.default('create'),
    agentId: agentIdSchema.optional(),
    respostas: keyAnswersSchema,
  })
  .refine((v) => v.mode !== 'update' || !!v.agentId, { error: AGENT_NOT_FOUND_MESSAGE, path: ['agentId'] });
export type GenerateQuestionsInput = z.input<typeof generateQuestionsSchema>;

/** POST /api/training/finish: all answers and the name → system prompt (call B) and the agent. */
export const finishTrainingSchema = z
  .object({
    mode: trainingModeSchema.default('create'),
    agentId: agentIdSchema.optional(),
    apelido: agentNameSchema,
    respostas: z
      .array(answerItemSchema, { error: 'Envie as respostas do treinamento.' })
      .max(KEY_QUESTION_KEYS.length + LIMITS.refinementMax, {
        error: 'Respostas demais.',
      }),
  })
  .refine((v) => v.mode !== 'update' || !!v.agentId, { error: AGENT_NOT_FOUND_MESSAGE, path: ['agentId'] })
  .superRefine((v, ctx) => {
    const keys = v.respostas.filter((r) => r.tipo === 'chave');
    const parsed = keyAnswersSchema.safeParse(keys);
    if (!parsed.success)
      ctx.addIssue({ code: 'custom', path: ['respostas'], message: parsed.error.issues[0]!.message });
  });
export type FinishTrainingInput = z.input<typeof finishTrainingSchema>;

/** Whether the stored prompt was written by the AI or assembled from the answers (AI unavailable). */
export const promptSourceSchema = z.enum(['ai', 'template']);

export const finishTrainingResultSchema = z.object({
  agentId: z.string(),
  apelido: z.string(),
  trainnings: z.number().int(),
  promptSource: promptSourceSchema,
  /** The number this new agent was linked to automatically (the owner's only number, with no agent), else null. */
  linkedNumberId: z.string().nullable(),
});
export type FinishTrainingResult = z.infer<typeof finishTrainingResultSchema>;

/** A row of /agents-management (docs/product/integrations.md: id, apelido, active, created_at) plus the number link. */
export const agentSummarySchema = z.object({
  id: z.string(),
  apelido: z.string().nullable(),
  active: z.boolean(),
  created_at: z.string(),
  /** A number uses this agent: deleting it is blocked ('Agente em uso'). */
  linked: z.boolean(),
});
export type AgentSummary = z.infer<typeof agentSummarySchema>;

/** One agent with all its fields (docs/product/data.md). */
export const agentSchema = z.object({
  id: z.string(),
  apelido: z.string().nullable(),
  active: z.boolean(),
  system_prompt: z.string(),
  timing: z.number().int(),
  /** After a takeover or handoff the AI comes back after this many minutes without an owner message; null: never. */
  resume_after_minutes: z.number().int().nullable(),
  /** At most this many AI answers a day to one contact; past it the conversation goes Manual (decision 021). */
  max_answers_per_contact_day: z.number().int(),
  /** 'A IA sugere, eu aprovo' (docs/decisions/045-approval-mode.md): answers wait as drafts. */
  approval_mode: z.boolean(),
  approval_timeout_minutes: z.number().int(),
  approval_timeout_action: approvalTimeoutActionSchema,
  /** Who a handoff goes to: a member of the team (assigned and alerted, decision 044); null: the owner. */
  handoff_user_id: z.string().nullable(),
  trainnings: z.number().int(),
  respostas: z.array(answerItemSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Agent = z.infer<typeof agentSchema>;

const RESPONSE_DELAY_MESSAGE = `Tempo de resposta inválido: escolha ${RESPONSE_DELAYS.join(', ')} segundos.`;
export const responseDelaySchema = z
  .number({ error: RESPONSE_DELAY_MESSAGE })
  .refine((v) => (RESPONSE_DELAYS as readonly number[]).includes(v), { error: RESPONSE_DELAY_MESSAGE });

/** Choices of 'A IA volta depois de' (minutes; null: nunca). Default 12 h (docs/decisions/015-handoff.md). */
export const RESUME_AFTER_CHOICES = [60, 180, 360, 720, 1440, 2880, null] as const;
export const DEFAULT_RESUME_AFTER_MINUTES = 720;
const RESUME_AFTER_MESSAGE = 'Escolha depois de quanto tempo a IA volta: 1, 3, 6, 12, 24 ou 48 horas, ou nunca.';
export const resumeAfterSchema = z
  .number({ error: RESUME_AFTER_MESSAGE })
  .nullable()
  .refine((v) => (RESUME_AFTER_CHOICES as readonly (number | null)[]).includes(v), { error: RESUME_AFTER_MESSAGE });

/** Choices of 'Respostas da IA por contato, por dia' (docs/decisions/021-spend-and-abuse-limits.md). Default 40. */
export const CONTACT_DAILY_ANSWER_CHOICES = [10, 20, 30, 40, 60, 80, 100, 150, 200] as const;
export const DEFAULT_MAX_ANSWERS_PER_CONTACT_DAY = 40;
const CONTACT_DAILY_MESSAGE = 'Escolha um limite de respostas por contato entre 1 e 500 por dia.';
export const contactDailyAnswersSchema = z
  .number({ error: CONTACT_DAILY_MESSAGE })
  .int({ error: CONTACT_DAILY_MESSAGE })
  .min(1, { error: CONTACT_DAILY_MESSAGE })
  .max(500, { error: CONTACT_DAILY_MESSAGE });

/** PATCH /api/agents/:id: the system prompt, the response delay or the AI's return time (docs/product/rules.md#states-and-transitions), with updated_at. */
export const updateAgentSchema = z
  .object({
    system_prompt: systemPromptSchema.optional(),
    timing: responseDelaySchema.optional(),
    resume_after_minutes: resumeAfterSchema.optional(),
    max_answers_per_contact_day: contactDailyAnswersSchema.optional(),
    approval_mode: z.boolean().optional(),
    approval_timeout_minutes: approvalTimeoutSchema.optional(),
    approval_timeout_action: approvalTimeoutActionSchema.optional(),
    handoff_user_id: z.string({ error: 'Escolha uma pessoa da equipe.' }).min(1).max(200).nullable().optional(),
  })
  .refine(
    (v) =>
      v.system_prompt !== undefined ||
      v.timing !== undefined ||
      v.resume_after_minutes !== undefined ||
      v.max_answers_per_contact_day !== undefined ||
      v.approval_mode !== undefined ||
      v.approval_timeout_minutes !== undefined ||
      v.approval_timeout_action !== undefined ||
      v.handoff_user_id !== undefined,
    { error: 'Nada para salvar.' },
  );
export type UpdateAgentInput = z.infer<typeof updateAgentSchema>;

/** Which AI answers: a real provider ('live') or the offline demo provider ('demo'). */
export type AiMode = 'demo' | 'live';

/**
 * The name shown for an agent (docs/product/data.md). One rule everywhere: the trimmed apelido; when it is
 * empty, 'Agente {first 8 characters of the id}' so two unnamed agents can be told apart; 'Sem nome'
 * only when there is no id either (an agent not saved yet).
 */
export function agentDisplayName(agent: { id?: string | null; apelido?: string | null }): string {
  const name = agent.apelido?.trim();
  if (name) return name;
  const id = agent.id?.trim();
  return id ? `Agente ${id.slice(0, 8)}` : 'Sem nome';
}
