/**
 * A fake OpenAI-compatible chat-completions server on 127.0.0.1 (real HTTP), for the server
 * integration tests and the 'ai-live' Playwright project. It answers POST /v1/chat/completions
 * like a provider would, in the answer mode chosen through its control endpoints:
 *
 * - `json`: call A answers plain JSON; call B a full system prompt that repeats the answers it got
 * - `prose`: call A answers the JSON inside prose and a ```json fence
 * - `invalid`: call A answers text with no usable JSON; call B a too-short apology
 * - `error500`: every call answers HTTP 500 (the SDK retries, then the app falls back)
 * - `clarify`, `partial`, `hang`: for the prompt coach (call C): a question; a fragment of a prompt;
 *   an answer after 3 s (longer than a test's AI_TIMEOUT_MS). In `json`/`prose`/`invalid` call C
 *   answers an update as JSON, inside prose, or plain text.
 *
 * Media (decision 016): POST /v1/audio/transcriptions answers FAKE_TRANSCRIPT (call 'T'); a chat request whose
 * last message has an image part answers FAKE_IMAGE_DESCRIPTION (call 'V'); a customer reply of an agent
 * this server wrote (its system prompt has FAKE_MARKER) echoes the customer's last message (call 'R').
 *
 * Control: POST /control/mode {mode}, GET /control/requests (bodies received), POST /control/reset.
 * Run alone: `node --import tsx e2e/support/fake-openai.ts` (FAKE_OPENAI_PORT, default 3290).
 */
import http from 'node:http';
import { pathToFileURL } from 'node:url';

export const FAKE_MODES = ['json', 'prose', 'invalid', 'error500', 'clarify', 'partial', 'hang'] as const;
export type FakeMode = (typeof FAKE_MODES)[number];

/** Marker in every answer, so tests can tell the fake's text from the app's own template. */
export const FAKE_MARKER = 'Roteiro escrito pelo servidor de teste';

/** What the fake hears in every voice note, and sees in every image. */
export const FAKE_TRANSCRIPT = 'Oi, queria saber o preço do bolo de chocolate de dois andares para sábado.';
export const FAKE_IMAGE_DESCRIPTION = 'Foto de um bolo de dois andares com cobertura branca e flores.';

export interface RecordedRequest {
  model: string;
  messages: { role: string; content: string | unknown[] }[];
  temperature?: number;
  max_tokens?: number;
  top_p?: number;
  stream?: boolean;
  authorization?: string;
  call: Call;
}

type Call = 'A' | 'B' | 'C' | 'R' | 'V' | 'T';

export interface FakeOpenAi {
  /** Base URL ending in /v1, for AI_BASE_URL. */
  baseUrl: string;
  port: number;
  mode: FakeMode;
  setMode(mode: FakeMode): void;
  requests: RecordedRequest[];
  reset(): void;
  close(): Promise<void>;
}

export const FAKE_QUESTIONS = {
  perguntas: [
    {
      pergunta: 'Qual é o prazo médio de entrega dos seus bolos?',
      categoria: 'entrega',
      justificativa: 'Clientes perguntam quando recebem.',
    },
    {
      pergunta: 'Você aceita encomendas para o mesmo dia?',
      categoria: 'agendamento',
      justificativa: 'Ajuda a IA a responder pedidos urgentes.',
    },
    {
      pergunta: 'Quais sabores saem mais nas festas infantis?',
      categoria: 'produto',
      justificativa: 'A IA pode sugerir os favoritos.',
    },
    {
      pergunta: 'Qual é o pedido mínimo para entrega?',
      categoria: 'ticket',
      justificativa: 'Evita pedidos que não compensam.',
    },
  ],
  total: 4,
  contexto: 'Faltam detalhes sobre entrega e encomendas.',
};

function callOf(messages: RecordedRequest['messages']): Call {
  if (Array.isArray(messages.at(-1)?.content)) return 'V';
  const system = String(messages.find((m) => m.role === 'system')?.content ?? '');
  if (system.includes('Treinadora de Prompt')) return 'C';
  if (system.includes(FAKE_MARKER)) return 'R';
  return system.includes('"perguntas"') ? 'A' : 'B';
}

/** What the fake coach adds to a prompt (call C, update). */
export const FAKE_COACH_ADDITION = '# Entrega\nEntregamos em toda a região de BH, de terça a sábado.';
export const FAKE_COACH_QUESTION = 'Você quer mudar o tom, as informações de entrega ou as formas de pagamento?';

function coachAnswer(mode: FakeMode, messages: { role: string; content: string }[]): string {
  const user = messages.at(-1)?.content ?? '';
  const current = /<<<\n([\s\S]*?)\n>>>/.exec(user)?.[1] ?? '';
  const update = {
    mode: 'update',
    message: 'Incluí as informações de entrega.',
    updated_prompt: `${current}\n\n${FAKE_COACH_ADDITION}`,
  };
  if (mode === 'clarify')
    return JSON.stringify({ mode: 'clarify', message: FAKE_COACH_QUESTION, updated_prompt: null });
  if (mode === 'partial')
    return JSON.stringify({ mode: 'update', message: 'Só o trecho novo.', updated_prompt: FAKE_COACH_ADDITION });
  if (mode === 'prose')
    return `Claro! Segue a sugestão:\n\n\`\`\`json\n${JSON.stringify(update, null, 2)}\n\`\`\`\n\nQualquer coisa, é só pedir.`;
  if (mode === 'invalid')
    return 'Pode me dizer qual região de entrega você atende? {"mode": "update", "updated_prompt": "quebrado';
  return JSON.stringify(update);
}

function systemPromptFrom(messages: { role: string; content: string }[]): string {
  const user = messages.find((m) => m.role === 'user')?.content ?? '';
  const name = /Nome da assistente:\s*(.+)/.exec(user)?.[1]?.trim() ?? 'Assistente';
  return [
    `# Identidade\nVocê é ${name}. ${FAKE_MARKER}.`,
    '# Objetivo\nConduzir cada cliente até a compra, sem pressão.',
    `# Contexto do negócio\n${user}`,
    '# Qualificação\nPergunte o que a pessoa procura e para quando.',
    '# Objeções\nAcolha e responda com as informações do negócio.',
    '# Fechamento\nEnvie o link combinado quando houver interesse.',
    '# Tom de voz\nSimpático e direto.',
    '# Regras importantes\n- Mensagens curtas.\n- Faça uma pergunta por vez.\n- Envie links somente com interesse real.',
  ].join('\n\n');
}

function answerFor(mode: FakeMode, call: Call, raw: RecordedRequest['messages']): string {
  if (call === 'V') return FAKE_IMAGE_DESCRIPTION;
  const messages = raw.map((m) => ({ role: m.role, content: String(m.content) }));
  if (call === 'R') {
    const said = messages.findLast((m) => m.role === 'user')?.content ?? '';
    return `Entendi! Você disse: ${said.split('\n').at(-1)!.slice(0, 120)}`;
  }
  if (call === 'C') return coachAnswer(mode, messages);
  if (call === 'A') {
    if (mode === 'json') return JSON.stringify(FAKE_QUESTIONS);
    if (mode === 'prose')
      return `Claro! Analisei as respostas e estas são as perguntas:\n\n\`\`\`json\n${JSON.stringify(FAKE_QUESTIONS, null, 2)}\n\`\`\`\n\nSe quiser, posso sugerir outras.`;
    return 'Perguntas: 1) qual o prazo? 2) {"perguntas": [ quebrado';
  }
  if (mode === 'invalid') return 'Desculpe, não consegui.';
  return systemPromptFrom(messages);
}

function completion(model: string, content: string) {
  return {
    id: `chatcmpl-fake-${Date.now()}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  };
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeOpenAi({
  port = 0,
  host = '127.0.0.1',
}: { port?: number; host?: string } = {}): Promise<FakeOpenAi> {
  const state = { mode: 'json' as FakeMode, requests: [] as RecordedRequest[] };

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    try {
      if (req.method === 'GET' && url.pathname === '/health') return send(200, { ok: true, mode: state.mode });
      if (req.method === 'POST' && url.pathname === '/control/mode') {
        const { mode } = JSON.parse((await readBody(req)) || '{}') as { mode?: FakeMode };
        if (!mode || !FAKE_MODES.includes(mode))
          return send(400, { error: `mode must be one of ${FAKE_MODES.join(', ')}` });
        state.mode = mode;
        return send(200, { mode });
      }
      if (req.method === 'POST' && url.pathname === '/control/reset') {
        state.mode = 'json';
        state.requests.length = 0;
        return send(200, { ok: true });
      }
      if (req.method === 'GET' && url.pathname === '/control/requests') return send(200, state.requests);
      if (req.method === 'POST' && url.pathname === '/v1/audio/transcriptions') {
        await readBody(req);
        state.requests.push({
          model: 'transcription',
          messages: [],
          call: 'T',
          authorization: req.headers.authorization,
        });
        if (state.mode === 'error500') return send(500, { error: { message: 'fake provider failure' } });
        return send(200, { text: FAKE_TRANSCRIPT });
      }
      if (req.method === 'POST' && url.pathname === '/v1/chat/completions') {
        const body = JSON.parse(await readBody(req)) as Omit<RecordedRequest, 'call' | 'authorization'>;
        const call = callOf(body.messages ?? []);
        state.requests.push({ ...body, call, authorization: req.headers.authorization });
        if (state.mode === 'error500')
          return send(500, { error: { message: 'fake provider failure', type: 'server_error' } });
        if (state.mode === 'hang') await new Promise((r) => setTimeout(r, 3_000));
        return send(200, completion(body.model, answerFor(state.mode, call, body.messages ?? [])));
      }
      send(404, { error: { message: 'not found' } });
    } catch (err) {
      send(400, { error: { message: (err as Error).message } });
    }
  });

  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const actualPort = (server.address() as { port: number }).port;
  return {
    baseUrl: `http://${host}:${actualPort}/v1`,
    port: actualPort,
    get mode() {
      return state.mode;
    },
    setMode(mode) {
      state.mode = mode;
    },
    requests: state.requests,
    reset() {
      state.mode = 'json';
      state.requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// Started on its own (the 'ai-live' project starts it in its worker instead: live-harness.ts).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const fake = await startFakeOpenAi({ port: Number(process.env.FAKE_OPENAI_PORT ?? 3290) });
  console.log(`fake OpenAI server on ${fake.baseUrl}`);
  const stop = () => void fake.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

/**
 * Ports of the 'ai-live' Playwright project (playwright.config.ts): a second harness whose AI is
 * this fake server. Derived from E2E_PORT so two people running the suite side by side do not meet.
 */
export function liveE2ePorts(env: NodeJS.ProcessEnv = process.env) {
  const base = Number(env.E2E_PORT ?? 3210);
  return {
    app: Number(env.E2E_LIVE_PORT ?? base + 2),
    control: Number(env.E2E_LIVE_CONTROL_PORT ?? base + 3),
    fakeOpenAi: Number(env.E2E_FAKE_OPENAI_PORT ?? base + 4),
  };
}
