/**
 * Resultados (docs/decisions/017-results-figures.md): every figure against a small set of conversations whose answers were worked
 * out by hand — bursts, a night conversation across midnight in America/Sao_Paulo, owner takeovers on
 * the phone and in the inbox, a failed send, an opt-out, a group (excluded) and another user's data
 * (never counted). Read over HTTP as the page does, on PGlite and on PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Results } from '@vendai/contracts';
import { eq, sql } from 'drizzle-orm';
import { conversations, messages, numbers, ownerAlerts, resultsHourly } from '../src/db/schema/index.ts';
import { resultRows } from '../src/db/rows.ts';
import { rollUpPendingAccounts } from '../src/modules/results/rollup-job.ts';
import { READ_MESSAGE_BUDGET } from '../src/modules/results/rollup-read.ts';
import { isOptOut } from '../src/domain/conversation-rules/opt-out.ts';
import { createTestApp, newPerson, type TestApp, type TestClient } from './helpers/test-app.ts';

let t: TestApp;
let owner: { client: TestClient; userId: string; n1: string; n2: string };
let other: { client: TestClient; userId: string; numberId: string };

type Author = 'contact' | 'ai' | 'owner_app' | 'owner_phone';
/** Local time in São Paulo (UTC−3 all year since 2019). */
const local = (s: string) => new Date(`${s.replace(' ', 'T')}-03:00`);

async function register() {
  const client = t.client();
  const res = await client.register(newPerson());
  expect(res.statusCode).toBe(201);
  return { client, userId: res.json().user.id as string };
}

async function addNumber(userId: string, apelido: string) {
  const suffix = randomUUID().replace(/\D/g, '').slice(0, 8).padEnd(8, '7');
  const [row] = await t.database.db
    .insert(numbers)
    .values({ userId, token: 't', phone: `55119${suffix}`, instanceName: `res${suffix}${apelido}`, apelido })
    .returning();
  return row!.id;
}

/** A conversation row; `conversation()` adds its messages. */
async function emptyConversation(
  userId: string,
  numberId: string,
  createdAt: Date,
  type: 'chat' | 'group' = 'chat',
  lastMessage?: Date,
) {
  const contactJid = `${randomUUID()}@${type === 'group' ? 'g.us' : 's.whatsapp.net'}`;
  const [conv] = await t.database.db
    .insert(conversations)
    .values({ userId, numberId, contactJid, type, createdAt, ...(lastMessage ? { lastMessage } : {}) })
    .returning();
  return conv!;
}

async function conversation(
  userId: string,
  numberId: string,
  createdAt: string,
  rows: [string, Author, string, ('failed' | 'sent')?][],
  type: 'chat' | 'group' = 'chat',
) {
  const conv = await emptyConversation(userId, numberId, local(createdAt), type, local(rows.at(-1)![0]));
  await t.database.db.insert(messages).values(
    rows.map(([at, author, content, status]) => ({
      userId,
      convId: conv.id,
      direction: author === 'contact' ? ('in' as const) : ('out' as const),
      fromMe: author !== 'contact',
      author,
      content,
      status: author === 'contact' ? ('received' as const) : (status ?? 'sent'),
      // The fact ingestion stores on arrival (Resultados never reads the text for it).
      optOut: author === 'contact' && isOptOut(content),
      createdAt: local(at),
    })),
  );
}

beforeAll(async () => {
  t = await createTestApp();
  const a = await register();
  owner = { ...a, n1: await addNumber(a.userId, 'Loja'), n2: await addNumber(a.userId, 'Filial') };
  const b = await register();
  other = { ...b, numberId: await addNumber(b.userId, 'Outra') };
  const { userId, n1, n2 } = owner;

  // C1, Monday morning, AI only: a burst of two answered in 50 s (two parts, one answer), then 30 s.
  await conversation(userId, n1, '2026-03-02 10:00:00', [
    ['2026-03-02 10:00:00', 'contact', 'Oi'],
    ['2026-03-02 10:00:20', 'contact', 'Tem bolo?'],
    ['2026-03-02 10:00:50', 'ai', 'Olá!'],
    ['2026-03-02 10:00:52', 'ai', 'Temos sim'],
    ['2026-03-02 10:05:00', 'contact', 'Quanto custa?'],
    ['2026-03-02 10:05:30', 'ai', 'R$ 30'],
  ]);
  // C2, Tuesday night across midnight: AI answers at 23:51 and 00:10 (both outside hours), the owner
  // takes over from the phone on Wednesday morning.
  await conversation(userId, n1, '2026-03-03 23:50:00', [
    ['2026-03-03 23:50:00', 'contact', 'Boa noite'],
    ['2026-03-03 23:51:00', 'ai', 'Boa noite!'],
    ['2026-03-04 00:10:00', 'contact', 'Ainda estão atendendo?'],
    ['2026-03-04 00:10:40', 'ai', 'Sim, pelo WhatsApp a qualquer hora'],
    ['2026-03-04 09:00:00', 'owner_phone', 'Bom dia, aqui é a dona'],
  ]);
  // C3 on the second number, Thursday: the owner answers first (120 s, not a handover), a failed AI
  // send, the AI answers the second burst (60 s), then the owner writes from the inbox (handover).
  await conversation(userId, n2, '2026-03-05 14:00:00', [
    ['2026-03-05 14:00:00', 'contact', 'Quero encomendar'],
    ['2026-03-05 14:02:00', 'owner_app', 'Claro!'],
    ['2026-03-05 14:03:00', 'contact', 'Para sábado'],
    ['2026-03-05 14:03:30', 'ai', 'Anot…', 'failed'],
    ['2026-03-05 14:04:00', 'ai', 'Anotado'],
    ['2026-03-05 14:10:00', 'owner_app', 'Obrigada!'],
  ]);
  // C4, Saturday afternoon: an opt-out, never answered.
  await conversation(userId, n1, '2026-03-07 15:00:00', [['2026-03-07 15:00:00', 'contact', 'PARE!']]);
  // A group: never counted.
  await conversation(
    userId,
    n1,
    '2026-03-04 12:00:00',
    [
      ['2026-03-04 12:00:00', 'contact', 'Oi grupo'],
      ['2026-03-04 12:00:10', 'ai', 'Olá grupo'],
    ],
    'group',
  );
  // C5, the previous week: one answer in 10 s.
  await conversation(userId, n1, '2026-02-25 10:00:00', [
    ['2026-02-25 10:00:00', 'contact', 'Oi'],
    ['2026-02-25 10:00:10', 'ai', 'Olá'],
  ]);
  // Another user, same days: never counted for the owner.
  await conversation(other.userId, other.numberId, '2026-03-02 11:00:00', [
    ['2026-03-02 11:00:00', 'contact', 'Oi'],
    ['2026-03-02 11:00:05', 'ai', 'Olá'],
    ['2026-03-02 11:01:00', 'owner_phone', 'Oi!'],
  ]);
});
afterAll(async () => {
  await t?.close();
});

const WEEK = 'period=custom&from=2026-03-02&to=2026-03-08';

async function results(client: TestClient, query: string): Promise<Results> {
  const res = await client.get(`/api/results?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Results;
}

describe('Resultados figures', () => {
  it('computes each figure of the week against the hand-worked answers', async () => {
    const r = await results(owner.client, WEEK);
    expect(r.period).toEqual({
      kind: 'custom',
      fromDate: '2026-03-02',
      toDate: '2026-03-08',
      previousFromDate: '2026-02-23',
      previousToDate: '2026-03-01',
      timeZone: 'America/Sao_Paulo',
    });
    expect(r.hasData).toBe(true);
    expect(r.current).toEqual({
      conversationsStarted: 4,
      customers: 4,
      messagesIn: 8,
      messagesOut: 9,
      aiMessages: 6,
      ownerMessages: 3,
      aiAnswers: 5,
      // AI: 50, 30, 60, 40, 60 s; the owner: 120 s.
      firstResponse: { ai: { p50: 50, p90: 60, count: 5 }, owner: { p50: 120, p90: 120, count: 1 } },
      answeredConversations: 3,
      aiOnlyConversations: 1,
      handovers: { total: 2, inbox: 1, phone: 1 },
      aiHandoffs: { total: 0, toPerson: 0, needsOwner: 0 },
      outsideHoursAnswers: 2,
      optOuts: 1,
      failedSends: 1,
      followUps: { sent: 0, replied: 0, recovered: 0 },
      sales: { orders: 0, paidOrders: 0, revenueCents: 0, paidConversations: 0 },
      templates: { total: 0, utility: 0, marketing: 0, authentication: 0 },
    });
    expect(r.businessHours).toBe('segunda a sexta 08:00–18:00; sábado 08:00–13:00; domingo fechado');
  });

  it('splits the days in the account time zone (the night conversation crosses midnight)', async () => {
    const r = await results(owner.client, WEEK);
    const day = (date: string) => r.days.find((d) => d.date === date);
    expect(r.days.map((d) => d.date)).toEqual([
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
    ]);
    expect(day('2026-03-02')).toMatchObject({ conversationsStarted: 1, messagesIn: 3, messagesOut: 3, aiAnswers: 2 });
    expect(day('2026-03-02')!.firstResponseP50).toBe(40);
    expect(day('2026-03-03')).toMatchObject({
      messagesIn: 1,
      aiAnswers: 1,
      outsideHoursAnswers: 1,
      firstResponseP50: 60,
    });
    expect(day('2026-03-04')).toMatchObject({
      conversationsStarted: 0,
      messagesIn: 1,
      messagesOut: 2,
      ownerMessages: 1,
      outsideHoursAnswers: 1,
      firstResponseP50: 40,
    });
    expect(day('2026-03-05')).toMatchObject({ failedSends: 1, ownerMessages: 2, firstResponseP50: 90 });
    expect(day('2026-03-06')).toMatchObject({ messagesIn: 0, messagesOut: 0, firstResponseP50: null });
    // Monday 10h: 3 customer messages; Tuesday 23h and Wednesday 0h: 1 each; Thursday 14h: 2; Saturday 15h: 1.
    expect(r.heatmap[0]![10]).toBe(3);
    expect(r.heatmap[1]![23]).toBe(1);
    expect(r.heatmap[2]![0]).toBe(1);
    expect(r.heatmap[3]![14]).toBe(2);
    expect(r.heatmap[5]![15]).toBe(1);
    expect(r.heatmap.flat().reduce((a, b) => a + b, 0)).toBe(8);
  });

  it('compares with the previous period of the same length', async () => {
    const r = await results(owner.client, WEEK);
    expect(r.previous).toMatchObject({
      conversationsStarted: 1,
      customers: 1,
      messagesIn: 1,
      messagesOut: 1,
      aiAnswers: 1,
      firstResponse: { ai: { p50: 10, p90: 10, count: 1 }, owner: { p50: null, p90: null, count: 0 } },
      handovers: { total: 0, inbox: 0, phone: 0 },
    });
    const day = await results(owner.client, 'period=custom&from=2026-03-03&to=2026-03-03');
    expect(day.period.previousFromDate).toBe('2026-03-02');
    expect(day.previous.aiAnswers).toBe(2);
    expect(day.current.aiAnswers).toBe(1);
  });

  it('narrows to one number; another user sees only their own data and gets 404 for the owner’s number', async () => {
    const r = await results(owner.client, `${WEEK}&numberId=${owner.n2}`);
    expect(r.numberId).toBe(owner.n2);
    expect(r.current).toMatchObject({
      conversationsStarted: 1,
      customers: 1,
      messagesIn: 2,
      messagesOut: 3,
      aiAnswers: 1,
      failedSends: 1,
      handovers: { total: 1, inbox: 1, phone: 0 },
    });
    const theirs = await results(other.client, WEEK);
    expect(theirs.current).toMatchObject({ customers: 1, messagesIn: 1, messagesOut: 2, aiAnswers: 1 });
    expect(theirs.current.handovers.phone).toBe(1);
    expect(theirs.numbers.map((x) => x.id)).toEqual([other.numberId]);
    for (const bad of [owner.n1, 'not-a-uuid', randomUUID()]) {
      const res = await other.client.get(`/api/results?${WEEK}&numberId=${bad}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('Número não encontrado.');
    }
  });

  it('answers an empty account with zeros, the usage and hasData false; needs a session; refuses bad dates', async () => {
    const fresh = await register();
    const r = await results(fresh.client, 'period=7d');
    expect(r.hasData).toBe(false);
    expect(r.days).toHaveLength(7);
    expect(r.current.messagesIn).toBe(0);
    expect(r.current.firstResponse.ai.p50).toBeNull();
    expect(r.usage).toMatchObject({ used: 0, projected: 0 });
    expect(r.usage.limit).toBeGreaterThan(0);
    expect((await results(fresh.client, 'period=today')).days).toHaveLength(1);
    expect((await results(fresh.client, 'period=30d')).days).toHaveLength(30);
    expect((await t.client().get('/api/results')).statusCode).toBe(401);
    expect((await fresh.client.get('/api/results?period=custom&from=2026-03-08&to=2026-03-02')).statusCode).toBe(400);
    expect((await fresh.client.get('/api/results?period=custom&from=2024-01-01&to=2026-03-02')).statusCode).toBe(400);
  });
});

describe('Resultados rollup', () => {
  it('reads rolled-up hours and the live hours after them with the same definitions', async () => {
    const x = await register();
    const numberId = await addNumber(x.userId, 'Agora');
    const now = Date.now();
    const conv = await emptyConversation(x.userId, numberId, new Date(now - 3 * 3_600_000));
    const row = (ms: number, author: Author, content: string) => ({
      userId: x.userId,
      convId: conv.id,
      direction: author === 'contact' ? ('in' as const) : ('out' as const),
      fromMe: author !== 'contact',
      author,
      content,
      status: author === 'contact' ? ('received' as const) : ('sent' as const),
      createdAt: new Date(ms),
    });
    // Three hours ago (rolled up): answered by the AI in 20 s. A minute and a half ago (live): the
    // owner answers from the phone in 60 s — a handover whose AI message is in the rolled-up hours.
    await t.database.db
      .insert(messages)
      .values([
        row(now - 3 * 3_600_000, 'contact', 'Oi'),
        row(now - 3 * 3_600_000 + 20_000, 'ai', 'Olá!'),
        row(now - 90_000, 'contact', 'Ainda tem?'),
        row(now - 30_000, 'owner_phone', 'Tem sim'),
      ]);
    const fmt = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(ms);
    const query = `period=custom&from=${fmt(now - 3 * 3_600_000)}&to=${fmt(now)}`;
    for (let round = 0; round < 2; round += 1) {
      const r = await results(x.client, query);
      expect(r.current).toMatchObject({
        conversationsStarted: 1,
        customers: 1,
        messagesIn: 2,
        messagesOut: 2,
        aiAnswers: 1,
        ownerMessages: 1,
        firstResponse: { ai: { p50: 20, count: 1 }, owner: { p50: 60, count: 1 } },
        answeredConversations: 1,
        aiOnlyConversations: 0,
        handovers: { total: 1, inbox: 0, phone: 1 },
      });
    }
    const rolled = await t.database.db.select().from(resultsHourly).where(eq(resultsHourly.userId, x.userId));
    expect(rolled.reduce((sum, h) => sum + h.messagesIn, 0)).toBe(1);
  });
});

describe('Resultados: the AI handing conversations to the owner', () => {
  it('counts the handoff and needs-owner alerts of the period, per number, groups and other kinds left out', async () => {
    const x = await register();
    const n1 = await addNumber(x.userId, 'Loja');
    const n2 = await addNumber(x.userId, 'Outra');
    const chat = async (numberId: string, type: 'chat' | 'group' = 'chat') =>
      (await emptyConversation(x.userId, numberId, local('2026-02-20 10:00'), type)).id;
    const [a, b, c, group] = [await chat(n1), await chat(n1), await chat(n2), await chat(n1, 'group')];
    const alert = (
      convId: string,
      kind: 'handoff' | 'needs_owner' | 'hot_lead',
      at: string,
      status: 'sent' | 'failed' = 'sent',
    ) => ({
      userId: x.userId,
      convId,
      kind,
      status,
      text: 'alerta',
      createdAt: local(at),
    });
    await t.database.db.insert(ownerAlerts).values([
      // The week 2026-03-02..08 (São Paulo): 2 to a person (one alert failed to send: the handoff still
      // happened), 1 needs-owner, on two numbers; a hot lead and a group's alert are not handoffs.
      alert(a, 'handoff', '2026-03-02 00:30', 'failed'),
      alert(b, 'needs_owner', '2026-03-05 14:00'),
      alert(c, 'handoff', '2026-03-08 23:59'),
      alert(a, 'hot_lead', '2026-03-04 09:00'),
      alert(group, 'handoff', '2026-03-04 09:00'),
      // Just outside: the previous week (Sunday 23:50 local is 02:50 UTC on Monday) and the week after.
      alert(b, 'handoff', '2026-03-01 23:50'),
      alert(b, 'needs_owner', '2026-03-09 00:00'),
    ]);
    const all = await results(x.client, WEEK);
    expect(all.current.aiHandoffs).toEqual({ total: 3, toPerson: 2, needsOwner: 1 });
    expect(all.previous.aiHandoffs).toEqual({ total: 1, toPerson: 1, needsOwner: 0 });
    expect((await results(x.client, `${WEEK}&numberId=${n2}`)).current.aiHandoffs).toEqual({
      total: 1,
      toPerson: 1,
      needsOwner: 0,
    });
    // Another owner never sees them.
    expect((await results(other.client, WEEK)).current.aiHandoffs.total).toBe(0);
  });
});

describe('Resultados background rollup', () => {
  it('answers a long unrolled history at once (left out, said so) and the job rolls it in bounded steps', async () => {
    const x = await register();
    const numberId = await addNumber(x.userId, 'Histórico');
    const now = Date.now();
    const start = new Date(now - 3 * 86_400_000);
    const conv = await emptyConversation(x.userId, numberId, start);
    // More customer messages than a request rolls or reads live, 3 days ago, one a second.
    const count = READ_MESSAGE_BUDGET + 100;
    await t.database.db.execute(sql`
      insert into messages (user_id, conv_id, direction, from_me, author, content, status, created_at)
      select ${x.userId}, ${conv.id}::uuid, 'in', false, 'contact', 'oi', 'received',
             ${start.toISOString()}::timestamptz + g * interval '1 second'
      from generate_series(0, ${count - 1}) g`);
    const fmt = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(ms);
    const query = `period=custom&from=${fmt(now - 5 * 86_400_000)}&to=${fmt(now)}`;

    const today = await results(x.client, 'period=today');
    expect(today.pendingFrom).toBeNull();
    const first = await results(x.client, query);
    expect(first.pendingFrom).not.toBeNull();
    expect(first.current.messagesIn).toBe(0);

    // One run rolls at most one 24-hour step here; runs go on from the mark until nothing is behind.
    const limits = { accounts: 10_000, stepHours: 24, stepsPerAccount: 1, runMs: 60_000 };
    let runs = 0;
    // The app's own rollup job (sent by the request above) may hold the account's mark meanwhile: a
    // run then counts it as behind, and the next run goes on once that job let it go.
    for (let behind = 1; behind > 0 && runs < 200; runs += 1) {
      behind = (await rollUpPendingAccounts(t.database.db, new Date(now), limits)).behind;
      if (behind > 0) await new Promise((r) => setTimeout(r, 50));
    }
    expect(runs).toBeGreaterThanOrEqual(1);
    const after = await results(x.client, query);
    expect(after.pendingFrom).toBeNull();
    expect(after.current).toMatchObject({ messagesIn: count, customers: 1, conversationsStarted: 1 });
    const rolled = await t.database.db.select().from(resultsHourly).where(eq(resultsHourly.userId, x.userId));
    expect(rolled.reduce((sum, h) => sum + h.messagesIn, 0)).toBe(count);
  });

  it('is a pg-boss schedule of the app (every minute, kept in the database)', async () => {
    const rows = await t.database.db.execute(sql`select name, cron from pgboss.schedule where name = 'results.rollup'`);
    expect(resultRows(rows)).toEqual([{ name: 'results.rollup', cron: '* * * * *' }]);
  });
});

describe('Resultados CSV export', () => {
  it('downloads the per-day figures with a header row and a dated filename', async () => {
    const res = await owner.client.get(`/api/results/export.csv?${WEEK}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="vendai-resultados-2026-03-02-a-2026-03-08.csv"',
    );
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(8);
    expect(lines[0]).toBe(
      'Data;Conversas iniciadas;Funil: Novo;Funil: Novo (conversão %);Funil: Qualificado;Funil: Qualificado (conversão %);Funil: Orçamento;Funil: Orçamento (conversão %);Funil: Pago;Funil: Pago (conversão %);Funil: Perdido;Funil: Perdido (conversão %);Mensagens recebidas;Mensagens enviadas;Respostas da IA;Mensagens do dono;Respostas fora do horário;Envios com falha;Tempo da 1ª resposta (mediana, s);Acompanhamentos enviados;Clientes que responderam a um acompanhamento;Conversas recuperadas;Pedidos;Pedidos pagos;Receita recebida (R$);Modelos enviados: utilidade;Modelos enviados: marketing;Modelos enviados: autenticação',
    );
    expect(lines[1]).toBe('02/03/2026;1;1;100;0;0;0;0;0;0;0;0;3;3;2;0;0;0;40;0;0;0;0;0;0,00;0;0;0');
    expect(lines[4]).toBe('05/03/2026;1;1;100;0;0;0;0;0;0;0;0;2;3;1;2;0;1;90;0;0;0;0;0;0,00;0;0;0');
    expect(lines[5]).toBe('06/03/2026;0;0;;0;;0;;0;;0;;0;0;0;0;0;0;;0;0;0;0;0;0,00;0;0;0');
  });
});

describe("Resultados' 'fora do horário'", () => {
  it("follows the account's own business hours, closed days included, and the default without them", async () => {
    const shop = await register();
    const numberId = await addNumber(shop.userId, 'Bar');
    // AI answers on Monday 20:00, Wednesday 01:00 and Thursday 10:00.
    await conversation(shop.userId, numberId, '2026-03-02 20:00:00', [
      ['2026-03-02 20:00:00', 'contact', 'Oi'],
      ['2026-03-02 20:00:30', 'ai', 'Olá'],
      ['2026-03-04 01:00:00', 'contact', 'Ainda abertos?'],
      ['2026-03-04 01:00:20', 'ai', 'Sim'],
      ['2026-03-05 10:00:00', 'contact', 'Bom dia'],
      ['2026-03-05 10:00:20', 'ai', 'Bom dia!'],
    ]);
    const outside = async () => (await results(shop.client, WEEK)).current.outsideHoursAnswers;
    // The default week (08:00–18:00 on weekdays): Monday 20:00 and Wednesday 01:00 are outside.
    expect(await outside()).toBe(2);

    // Open Monday 09:00–22:00 and Tuesday 22:00–02:00 (after midnight: Wednesday 01:00 is inside).
    const week = [null, { from: '09:00', to: '22:00' }, { from: '22:00', to: '02:00' }, null, null, null, null];
    const put = (body: object) => shop.client.request({ method: 'PUT', url: '/api/settings/business', payload: body });
    let res = await put({ timeZone: 'America/Sao_Paulo', hours: week, closedDays: [] });
    expect(res.statusCode, res.body).toBe(200);
    const r = await results(shop.client, WEEK);
    expect(r.current.outsideHoursAnswers).toBe(1);
    expect(r.businessHours).toBe('segunda 09:00–22:00; terça 22:00–02:00; quarta a domingo fechado');

    // Tuesday closed: its opening after midnight is closed too.
    res = await put({ timeZone: 'America/Sao_Paulo', hours: week, closedDays: ['2026-03-03'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(await outside()).toBe(2);
  });
});
