/**
 * 'Funil de vendas' over HTTP (docs/decisions/043-labels-notes-funnel.md): the stages (built-ins created
 * on first use, the owner's own created, renamed, reordered, deleted — their cards back to Novo), the
 * columns paged, people's moves, and the AI's signals through the real engine with the demo AI: a hot lead
 * → Qualificado, a Pix charge sent → Orçamento, paid at the local Pix stand-in → Pago; never backwards,
 * concurrent moves, realtime, another account's ids are 404, Resultados' counts and CSV columns. On PGlite
 * and PostgreSQL.
 */
import { FUNNEL_MESSAGES, FUNNEL_PAGE_SIZE, type FunnelStageDto } from '@vendai/contracts';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountMembers, conversationStages } from '../src/db/schema/index.ts';
import { resultRows } from '../src/db/rows.ts';
import { advanceStage } from '../src/domain/funnel/advance-stage.ts';
import { chargeOrderJob } from '../src/domain/orders/charge-order-job-type.ts';
import { customerSays, openShop, type Shop, waitFor } from './helpers/engine-harness.ts';
import * as funnel from './helpers/funnel-helpers.ts';
import { useEngineApp, waitEngineIdle } from './helpers/engine-test.ts';
import { addConversation, type InboxPerson, personWithNumber } from './helpers/inbox-seed.ts';
import { orderById, pixShop, pressOnBankPage, standinPaymentsOf } from './helpers/pix-helpers.ts';
import { newPerson, type TestClient } from './helpers/test-app.ts';
import { connectWs } from './helpers/ws-client.ts';

const e = useEngineApp({ AI_PROVIDER: 'demo' });
const db = () => e.t.database.db;
const { stagesOf } = funnel;
const convOf = (phone: string) => funnel.convOf(db(), phone);

const byKind = (stages: FunnelStageDto[], kind: string) => stages.find((s) => s.kind === kind)!;

/** The kind of the stage the conversation is in now ('novo' without a row). */
const stageKindOf = async (convId: string) => (await funnel.stageOf(db(), convId)).kind;

async function move(client: TestClient, convId: string, stageId: string) {
  return client.request({ method: 'PUT', url: `/api/funnel/conversations/${convId}/stage`, payload: { stageId } });
}

/** The order's charge job is done (its handler returned: the charge sent and the card moved, or not). */
async function waitChargeDone(orderId: string) {
  await waitFor(async () => {
    const [row] = resultRows<{ open: number; done: number }>(
      await db().execute(
        sql`select count(*) filter (where state not in ('completed', 'failed', 'cancelled'))::int as open,
              count(*) filter (where state = 'completed')::int as done
            from pgboss.job where name = ${chargeOrderJob.id} and data->>'orderId' = ${orderId}`,
      ),
    );
    return Number(row!.open) === 0 && Number(row!.done) > 0;
  }, 'the charge job done');
}

const ordersOf = async (convId: string) =>
  resultRows<{ id: string }>(
    await db().execute(sql`select id from orders where conv_id = ${convId} order by created_at`),
  );

async function addItem(shop: Shop) {
  const res = await shop.client.post('/api/catalogue', { name: 'Camiseta básica', priceCents: 4990 });
  expect(res.statusCode, res.body).toBe(201);
}

describe('the stages', () => {
  it('has the five built-ins on first use; the owner adds, renames, reorders and deletes their own (Portuguese 4xx)', async () => {
    const p = await personWithNumber(e.t);
    const stages = await stagesOf(p.client);
    expect(stages.map((s) => [s.kind, s.name, s.count])).toEqual([
      ['novo', 'Novo', 0],
      ['qualificado', 'Qualificado', 0],
      ['orcamento', 'Orçamento', 0],
      ['pago', 'Pago', 0],
      ['perdido', 'Perdido', 0],
    ]);
    // Read twice at once: still five.
    await Promise.all([stagesOf(p.client), stagesOf(p.client)]);
    expect(await stagesOf(p.client)).toHaveLength(5);

    const created = await p.client.post('/api/funnel/stages', { name: '  Negociação ' });
    expect(created.statusCode, created.body).toBe(201);
    const custom = created.json() as FunnelStageDto;
    expect(custom).toMatchObject({ kind: 'custom', name: 'Negociação', count: 0 });
    // A new column goes before Perdido.
    expect((await stagesOf(p.client)).map((s) => s.name)).toEqual([
      'Novo',
      'Qualificado',
      'Orçamento',
      'Pago',
      'Negociação',
      'Perdido',
    ]);
    const taken = await p.client.post('/api/funnel/stages', { name: 'Pago' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(FUNNEL_MESSAGES.stageNameTaken);
    const empty = await p.client.post('/api/funnel/stages', { name: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(FUNNEL_MESSAGES.stageName);

    const qualificado = byKind(stages, 'qualificado');
    const renamed = await p.client.request({
      method: 'PATCH',
      url: `/api/funnel/stages/${qualificado.id}`,
      payload: { name: 'Interessado' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ kind: 'qualificado', name: 'Interessado' });
    const builtIn = await p.client.request({ method: 'DELETE', url: `/api/funnel/stages/${qualificado.id}` });
    expect(builtIn.statusCode).toBe(409);
    expect(builtIn.json().error.message).toBe(FUNNEL_MESSAGES.builtInDelete);

    // Reorder: Negociação after Qualificado; Novo must stay first.
    const ids = (await stagesOf(p.client)).map((s) => s.id);
    const order = [ids[0], ids[1], ids[4], ids[2], ids[3], ids[5]];
    const reordered = await p.client.request({
      method: 'PUT',
      url: '/api/funnel/stages/order',
      payload: { stageIds: order },
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(reordered.json().items.map((s: FunnelStageDto) => s.name)).toEqual([
      'Novo',
      'Interessado',
      'Negociação',
      'Orçamento',
      'Pago',
      'Perdido',
    ]);
    for (const bad of [[ids[1], ids[0], ...ids.slice(2)], ids.slice(1), [...ids, ids[0]], ['x']]) {
      const res = await p.client.request({
        method: 'PUT',
        url: '/api/funnel/stages/order',
        payload: { stageIds: bad },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(FUNNEL_MESSAGES.order);
    }

    // Deleting a stage of one's own: its cards go back to Novo.
    const convId = await addConversation(e.t, p, 'Bia');
    expect((await move(p.client, convId, custom.id)).statusCode).toBe(200);
    expect(byKind(await stagesOf(p.client), 'custom').count).toBe(1);
    const deleted = await p.client.request({ method: 'DELETE', url: `/api/funnel/stages/${custom.id}` });
    expect(deleted.statusCode).toBe(204);
    expect(await stageKindOf(convId)).toBe('novo');
    const after = await stagesOf(p.client);
    expect(after.map((s) => s.name)).not.toContain('Negociação');
    expect(byKind(after, 'novo').count).toBe(1);
  });

  it('keeps each account to its own: another account’s stages and conversations are 404', async () => {
    const owner = await personWithNumber(e.t);
    const stranger = await personWithNumber(e.t);
    const stage = byKind(await stagesOf(owner.client), 'pago');
    const convId = await addConversation(e.t, owner, 'Caio');
    const strangerStage = byKind(await stagesOf(stranger.client), 'pago');
    const attempts = [
      stranger.client.request({ method: 'PATCH', url: `/api/funnel/stages/${stage.id}`, payload: { name: 'X' } }),
      stranger.client.request({ method: 'DELETE', url: `/api/funnel/stages/${stage.id}` }),
      stranger.client.get(`/api/funnel/stages/${stage.id}/cards`),
      move(stranger.client, convId, strangerStage.id),
      move(stranger.client, convId, stage.id),
      move(owner.client, convId, strangerStage.id),
      owner.client.get('/api/funnel/stages/nao-e-um-id/cards'),
      move(owner.client, 'nao-e-um-id', stage.id),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().error.message).toMatch(/^(Etapa|Conversa) não encontrada\.$/);
    }
    expect(await stageKindOf(convId)).toBe('novo');
    expect((await e.t.client().get('/api/funnel/stages')).statusCode).toBe(401);
  });
});

describe('the team', () => {
  it('an attendant reads the board and moves cards (recorded as theirs); the stages stay the owner’s', async () => {
    const owner = await personWithNumber(e.t);
    const attendant = e.t.client();
    const res = await attendant.register(newPerson({ fullName: 'Júlia Atendente' }));
    const attendantId = res.json().user.id as string;
    await db().insert(accountMembers).values({ userId: attendantId, accountId: owner.userId });
    const convId = await addConversation(e.t, owner, 'Gabi');
    const stages = await stagesOf(attendant);
    expect(byKind(stages, 'novo').count).toBe(1);
    expect((await move(attendant, convId, byKind(stages, 'orcamento').id)).statusCode).toBe(200);
    const [row] = await db().select().from(conversationStages).where(eq(conversationStages.convId, convId));
    expect(row).toMatchObject({ movedBy: 'person', authorId: attendantId });
    const refused = await attendant.post('/api/funnel/stages', { name: 'Da equipe' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Esta área é só do dono da conta.');
    const rename = await attendant.request({
      method: 'PATCH',
      url: `/api/funnel/stages/${stages[0]!.id}`,
      payload: { name: 'Entrada' },
    });
    expect(rename.statusCode).toBe(403);
  });
});

describe('the board', () => {
  async function seed(p: InboxPerson, n: number): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) ids.push(await addConversation(e.t, p, `Cliente ${i}`));
    // Distinct last-message times, two sharing one (the id breaks the tie), newest = highest i.
    await db().execute(sql`
      update conversations c set last_message = now() - (v.i || ' minutes')::interval
      from (select id, row_number() over (order by created_at desc, id) as i from conversations where user_id = ${p.userId}) v
      where c.id = v.id`);
    return ids;
  }

  it('pages each column by its latest message, counts it, and keeps people’s moves', async () => {
    const p = await personWithNumber(e.t);
    await seed(p, 2 * FUNNEL_PAGE_SIZE + 5);
    const stages = await stagesOf(p.client);
    const novo = byKind(stages, 'novo');
    expect(novo.count).toBe(2 * FUNNEL_PAGE_SIZE + 5);
    const seen: string[] = [];
    let cursor: string | null = '';
    const sizes: number[] = [];
    while (cursor !== null) {
      const res = await p.client.get(`/api/funnel/stages/${novo.id}/cards${cursor ? `?cursor=${cursor}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json();
      sizes.push(page.items.length);
      seen.push(...page.items.map((c: { convId: string }) => c.convId));
      cursor = page.nextCursor;
    }
    expect(sizes).toEqual([FUNNEL_PAGE_SIZE, FUNNEL_PAGE_SIZE, 5]);
    expect(new Set(seen).size).toBe(seen.length);
    const bad = await p.client.get(`/api/funnel/stages/${novo.id}/cards?cursor=lixo`);
    expect(bad.statusCode).toBe(400);

    // A person moves three cards to Qualificado and one back to Novo.
    const qualificado = byKind(stages, 'qualificado');
    for (const id of seen.slice(0, 3)) {
      const res = await move(p.client, id, qualificado.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ convId: id, stageId: qualificado.id, movedBy: 'person' });
    }
    expect((await move(p.client, seen[0]!, novo.id)).statusCode).toBe(200);
    const column = (await p.client.get(`/api/funnel/stages/${qualificado.id}/cards`)).json();
    expect(column.items.map((c: { convId: string }) => c.convId)).toEqual(seen.slice(1, 3));
    expect(column.items[0]).toMatchObject({ contactName: expect.any(String), movedBy: 'person' });
    const counts = await stagesOf(p.client);
    expect(byKind(counts, 'qualificado').count).toBe(2);
    expect(byKind(counts, 'novo').count).toBe(2 * FUNNEL_PAGE_SIZE + 3);
    const [row] = await db().select().from(conversationStages).where(eq(conversationStages.convId, seen[1]!));
    expect(row).toMatchObject({ movedBy: 'person', authorId: p.userId });
    // A bad stage id in the body is a Portuguese 400.
    const invalid = await p.client.request({
      method: 'PUT',
      url: `/api/funnel/conversations/${seen[1]}/stage`,
      payload: { stageId: 'x' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.message).toBe(FUNNEL_MESSAGES.stageNotFound);
  });

  it('tells the account’s open boards of a person’s move and of a stage change', async () => {
    const p = await personWithNumber(e.t);
    const convId = await addConversation(e.t, p, 'Elias');
    const stages = await stagesOf(p.client);
    const ws = await connectWs(`${e.baseUrl.replace('http', 'ws')}/api/realtime`, {
      cookie: p.client.cookieHeader(),
      origin: 'http://localhost:3000',
    });
    try {
      expect((await move(p.client, convId, byKind(stages, 'pago').id)).statusCode).toBe(200);
      const moved = await ws.waitFor((m) => m.event === 'funnel.moved');
      expect(moved.data).toEqual({ convId, stageId: byKind(stages, 'pago').id, movedBy: 'person' });
      expect((await p.client.post('/api/funnel/stages', { name: 'Pós-venda' })).statusCode).toBe(201);
      await ws.waitFor((m) => m.event === 'funnel.stages.updated');
    } finally {
      await ws.close();
    }
  });

  it('settles concurrent moves on one row; the AI’s concurrent signals end at the furthest stage', async () => {
    const p = await personWithNumber(e.t);
    const convId = await addConversation(e.t, p, 'Duda');
    // First use by the AI, five signals at once before the account ever opened the board.
    const deps = { db: db(), realtime: e.t.app.deps.realtime, log: e.t.app.log };
    const kinds = ['qualificado', 'pago', 'orcamento', 'qualificado', 'orcamento'] as const;
    await Promise.all(kinds.map((to) => advanceStage(deps, { accountId: p.userId, convId, to })));
    expect(await stageKindOf(convId)).toBe('pago');
    const stages = await stagesOf(p.client);
    expect(stages.map((s) => s.kind)).toEqual(['novo', 'qualificado', 'orcamento', 'pago', 'perdido']);
    // People moving the same card at once: every move answers, one row remains, at one of their stages.
    const targets = stages.map((s) => s.id);
    const answers = await Promise.all(targets.map((id) => move(p.client, convId, id)));
    expect(answers.map((r) => r.statusCode)).toEqual(targets.map(() => 200));
    const rows = await db().select().from(conversationStages).where(eq(conversationStages.convId, convId));
    expect(rows.length).toBeLessThanOrEqual(1);
    expect(stages.map((s) => s.kind)).toContain(await stageKindOf(convId));
  });
});

describe('the AI moves cards forward only', () => {
  it('a hot lead → Qualificado (pushed to open boards), never back from where a person put it', async () => {
    const shop = await openShop(e);
    await addItem(shop);
    const ws = await connectWs(`${e.baseUrl.replace('http', 'ws')}/api/realtime`, {
      cookie: shop.client.cookieHeader(),
      origin: 'http://localhost:3000',
    });
    try {
      const customer = { phone: '5511966661111', name: 'Ana Lima' };
      await customerSays(e, shop, 'Oi! Quero uma camiseta básica', customer);
      const convId = await convOf(customer.phone);
      const stages = await stagesOf(shop.client);
      const event = await ws.waitFor((m) => m.event === 'funnel.moved', { timeoutMs: 15_000 });
      expect(event.data).toEqual({ convId, stageId: byKind(stages, 'qualificado').id, movedBy: 'ai' });
      await waitEngineIdle(e, shop);
      // No Pix account: the order is not charged, the card stays in Qualificado.
      expect(await stageKindOf(convId)).toBe('qualificado');

      // A person puts it in Perdido; the next hot lead leaves it there.
      expect((await move(shop.client, convId, byKind(stages, 'perdido').id)).statusCode).toBe(200);
      await customerSays(e, shop, 'Quero mais uma camiseta básica', customer);
      await waitEngineIdle(e, shop);
      expect(await stageKindOf(convId)).toBe('perdido');
      const [row] = await db().select().from(conversationStages).where(eq(conversationStages.convId, convId));
      expect(row).toMatchObject({ movedBy: 'person' });
    } finally {
      await ws.close();
    }
  });

  it('a Pix charge sent → Orçamento; paid at the stand-in → Pago; a later hot lead or charge stays in Pago', async () => {
    const customer = { phone: '5511966662222', name: 'Bruno Reis' };
    const { shop, convId } = await pixShop(e, customer);
    await addItem(shop);
    await customerSays(e, shop, 'Quero 2 camisetas básicas', customer);
    await waitFor(async () => (await stageKindOf(convId)) === 'orcamento', 'the card in Orçamento', 20_000);
    const [order] = await ordersOf(convId);
    const [payment] = await standinPaymentsOf(e, order!.id);
    await pressOnBankPage(shop, payment!.id, 'pagar');
    await waitFor(async () => (await orderById(e, order!.id)).status === 'paid', 'the order paid');
    await waitFor(async () => (await stageKindOf(convId)) === 'pago', 'the card in Pago');

    // Another purchase: a hot lead and a new charge, both before Pago: the card stays.
    await customerSays(e, shop, 'Quero mais uma camiseta básica', customer);
    await waitEngineIdle(e, shop);
    await waitFor(async () => (await ordersOf(convId)).length === 2, 'the second order');
    await waitChargeDone((await ordersOf(convId))[1]!.id);
    expect(await stageKindOf(convId)).toBe('pago');
  });

  it("'Cobrar com Pix' from the inbox moves a card from Novo to Orçamento, not back from a later stage", async () => {
    const customer = { phone: '5511966663333', name: 'Clara' };
    const { shop, convId } = await pixShop(e, customer);
    await waitEngineIdle(e, shop);
    const charge = async () => {
      const res = await shop.client.post('/api/pix/charges', {
        convId,
        amountCents: 5000,
        description: 'Sinal do pedido',
        requestId: randomUUID(),
      });
      expect(res.statusCode, res.body).toBe(201);
      await waitChargeDone(res.json().id as string);
    };
    expect(await stageKindOf(convId)).toBe('novo');
    await charge();
    expect(await stageKindOf(convId)).toBe('orcamento');
    const stages = await stagesOf(shop.client);
    expect((await move(shop.client, convId, byKind(stages, 'pago').id)).statusCode).toBe(200);
    await charge();
    expect(await stageKindOf(convId)).toBe('pago');
  });
});

describe('Resultados', () => {
  it('counts the period’s conversations per stage, how many reached each stage and the conversion; the CSV too', async () => {
    const p = await personWithNumber(e.t);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await addConversation(e.t, p, `Pessoa ${i}`));
    const stages = await stagesOf(p.client);
    await move(p.client, ids[0]!, byKind(stages, 'qualificado').id);
    await move(p.client, ids[1]!, byKind(stages, 'orcamento').id);
    await move(p.client, ids[2]!, byKind(stages, 'pago').id);
    await move(p.client, ids[3]!, byKind(stages, 'perdido').id);
    const res = await p.client.get('/api/results?period=today');
    expect(res.statusCode, res.body).toBe(200);
    const funnel = res.json().funnel;
    expect(funnel.total).toBe(5);
    expect(
      funnel.stages.map((s: { name: string; count: number; reached: number; conversion: number }) => [
        s.name,
        s.count,
        s.reached,
        s.conversion,
      ]),
    ).toEqual([
      ['Novo', 1, 5, 1],
      ['Qualificado', 1, 3, 0.6],
      ['Orçamento', 1, 2, 0.4],
      ['Pago', 1, 1, 0.2],
      ['Perdido', 1, 1, 0.2],
    ]);
    const csv = (await p.client.get('/api/results/export.csv?period=today')).body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    const header = csv[0]!.split(';');
    const at = header.indexOf('Funil: Pago');
    expect(header.slice(1, 4)).toEqual(['Conversas iniciadas', 'Funil: Novo', 'Funil: Novo (conversão %)']);
    expect(header[at + 1]).toBe('Funil: Pago (conversão %)');
    const today = csv.at(-1)!.split(';');
    expect([today[at], today[at + 1]]).toEqual(['1', '20']);
    expect(header.at(-1)).toBe('Modelos enviados: autenticação');
  });
});
