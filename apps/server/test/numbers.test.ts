/**
 * /api/numbers end to end: the real app listening on loopback with the built-in WhatsApp simulator
 * as its gateway (the same Evolution HTTP client as production), driven as people would use it.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentes, numbers } from '../src/db/schema/index.ts';
import { GatewayError } from '../src/integrations/gateway/gateway.ts';
import { createListeningTestApp, freePort, waitFor, type ListeningTestApp } from './helpers/gateway-helpers.ts';
import { approveOnSimulator, createNumber, newPhone, signedIn as signedInAs } from './helpers/number-helpers.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: ListeningTestApp;
beforeAll(async () => {
  t = await createListeningTestApp();
});
afterAll(async () => {
  await t?.close();
});

const signedIn = (app: TestApp = t) => signedInAs(app);

async function rowOf(id: string) {
  const [row] = await t.database.db.select().from(numbers).where(eq(numbers.id, id));
  return row;
}

describe('POST /api/numbers (adicionar e conectar)', () => {
  it('cria a instância no gateway com o nome da regra e devolve o QR como data URI', async () => {
    const { client, userId } = await signedIn();
    const phone = newPhone();
    const before = Date.now();
    const { number, qrCode } = await createNumber(client, phone, '  Loja Centro  ');

    expect(qrCode).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
    expect(number).toMatchObject({
      phone: phone.digits,
      apelido: 'Loja Centro',
      status: 'DESCONECTADO',
      agente: null,
      connected_at: null,
    });
    // prefix + last 4 of the phone + last 4 of the timestamp (ms)
    expect(number.instance_name).toMatch(new RegExp(`^vendai${phone.digits.slice(-4)}\\d{4}$`));
    const stamp = Number(number.instance_name.slice(-4));
    expect([...Array(Date.now() - before + 2).keys()].map((d) => (before + d) % 10_000)).toContain(stamp);

    const row = await rowOf(number.id);
    expect(row).toMatchObject({ userId, provider: 'evolution', phone: phone.digits });
    expect(row!.token).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.instanceId).toBeTruthy();
    // The instance exists at the gateway and is waiting for the QR scan.
    expect(await t.app.deps.gateway.connectionState(number.instance_name)).toBe('connecting');

    const list = await client.get('/api/numbers');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      expect.objectContaining({
        id: number.id,
        phone: phone.digits,
        instance_name: number.instance_name,
        apelido: 'Loja Centro',
        status: 'DESCONECTADO',
        agente_nome: null,
      }),
    ]);
  });

  it('valida telefone e apelido com as mensagens da especificação, sem criar nada', async () => {
    const { client } = await signedIn();
    const phone = newPhone().e164;
    const cases: [unknown, string, string][] = [
      [{ phone: '123', apelido: 'Loja' }, 'phone', 'Por favor, insira um número de telefone válido'],
      [{ apelido: 'Loja' }, 'phone', 'Por favor, insira um número de telefone válido'],
      [{ phone, apelido: '   ' }, 'apelido', 'Por favor, insira um apelido para a instância'],
      [{ phone }, 'apelido', 'Por favor, insira um apelido para a instância'],
      [{ phone, apelido: 'x'.repeat(51) }, 'apelido', 'O apelido deve ter no máximo 50 caracteres.'],
    ];
    for (const [body, field, message] of cases) {
      const res = await client.post('/api/numbers', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'VALIDATION', message, fields: { [field]: message } });
    }
    expect((await client.get('/api/numbers')).json()).toEqual([]);
    expect((await client.get('/api/usage')).json().qtd_instancias).toBe(0);
  });

  it("um número já usado em outra conta (em qualquer formato) → 409 'Número já em uso'", async () => {
    const first = await signedIn();
    const { number, phone } = await createNumber(first.client);
    // Used = connected by its own phone (docs/decisions/052-attendant-permissions-and-number-claims.md).
    await approveOnSimulator(first.client, number.instance_name, phone.digits);
    await waitFor(async () => (await rowOf(number.id))?.phoneVerifiedAt != null, { what: 'verified' });
    const second = await signedIn();

    const check = await second.client.post('/api/numbers/check-phone', { phone: phone.e164 });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ exists: true, ownedByYou: false });
    // The owner's own check says it is theirs.
    expect((await first.client.post('/api/numbers/check-phone', { phone: phone.e164 })).json()).toEqual({
      exists: true,
      ownedByYou: true,
    });

    const formatted = `+55 (11) ${phone.digits.slice(4, 9)}-${phone.digits.slice(9)}`;
    const res = await second.client.post('/api/numbers', { phone: formatted, apelido: 'Outra loja' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'CONFLICT', message: 'Número já em uso' });
    expect((await second.client.get('/api/numbers')).json()).toEqual([]);
  });

  it('duas contas com o mesmo número ao mesmo tempo: ambas aguardam; fica com ele a conta cujo QR o celular do número lê', async () => {
    const [a, b] = await Promise.all([signedIn(), signedIn()]);
    const phone = newPhone();
    const results = await Promise.all(
      [a, b].map(({ client }) => client.post('/api/numbers', { phone: phone.e164, apelido: 'Loja' })),
    );
    // An unverified claim blocks no one (decision 052).
    expect(results.map((r) => r.statusCode)).toEqual([201, 201]);
    const forA = results[0]!.json().number as { id: string; instance_name: string };
    // The number's own phone scans A's QR code: A holds it, B's claim is released.
    await approveOnSimulator(a.client, forA.instance_name, phone.digits);
    await waitFor(
      async () => (await t.database.db.select().from(numbers).where(eq(numbers.phone, phone.digits))).length === 1,
      { what: 'one claim left' },
    );
    const [held] = await t.database.db.select().from(numbers).where(eq(numbers.phone, phone.digits));
    expect(held).toMatchObject({ id: forA.id, userId: a.userId });
    expect(held!.phoneVerifiedAt).not.toBeNull();
    expect((await b.client.get('/api/numbers')).json()).toEqual([]);
    const again = await b.client.post('/api/numbers', { phone: phone.e164, apelido: 'Loja' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Número já em uso');
  });

  it('check-phone responde false para um número livre e 400 para um número inválido', async () => {
    const { client } = await signedIn();
    expect((await client.post('/api/numbers/check-phone', { phone: newPhone().e164 })).json()).toEqual({
      exists: false,
      ownedByYou: false,
    });
    const bad = await client.post('/api/numbers/check-phone', { phone: '99' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Por favor, insira um número de telefone válido');
  });

  it('no plano gratuito o segundo número → 403 com a mensagem do limite, e nada é criado no gateway', async () => {
    const { client } = await signedIn();
    await createNumber(client);
    const second = newPhone();
    const res = await client.post('/api/numbers', { phone: second.e164, apelido: 'Segundo' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({
      code: 'LIMIT_REACHED',
      message: 'Você atingiu o limite de números de WhatsApp do seu plano. Faça upgrade para conectar mais números.',
    });
    expect((await client.get('/api/numbers')).json()).toHaveLength(1);
    expect((await client.post('/api/numbers/check-phone', { phone: second.e164 })).json().exists).toBe(false);
  });

  it('dois envios ao mesmo tempo não passam do limite do plano', async () => {
    const { client } = await signedIn();
    const results = await Promise.all(
      [0, 1, 2].map(() => client.post('/api/numbers', { phone: newPhone().e164, apelido: 'Loja' })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 403, 403]);
    expect((await client.get('/api/numbers')).json()).toHaveLength(1);
  });

  it('sem sessão → 401', async () => {
    const anon = t.client();
    expect((await anon.get('/api/numbers')).statusCode).toBe(401);
    expect((await anon.post('/api/numbers', { phone: newPhone().e164, apelido: 'x' })).statusCode).toBe(401);
    expect((await anon.post('/api/numbers/check-phone', { phone: newPhone().e164 })).statusCode).toBe(401);
  });
});

describe('conexão: estado, QR, expiração', () => {
  it('o estado fica aguardando até o celular escanear; depois CONECTADO com a data', async () => {
    const { client } = await signedIn();
    const { number, phone } = await createNumber(client);

    const waiting = await client.get(`/api/numbers/${number.id}/state`);
    expect(waiting.statusCode).toBe(200);
    expect(waiting.json()).toEqual({ state: 'connecting', status: 'DESCONECTADO' });

    const qr = await client.get(`/api/numbers/${number.id}/qr`);
    expect(qr.statusCode).toBe(200);
    expect(qr.json()).toEqual({ qrCode: expect.stringMatching(/^data:image\/png;base64,/), status: 'DESCONECTADO' });

    await approveOnSimulator(client, number.instance_name, phone.digits);
    const open = await client.get(`/api/numbers/${number.id}/state`);
    expect(open.json()).toEqual({ state: 'open', status: 'CONECTADO' });
    const row = await rowOf(number.id);
    expect(row!.status).toBe('CONECTADO');
    expect(row!.connectedAt).toBeInstanceOf(Date);

    // Polling again (and the webhook that says the same) does not move the connection time.
    await client.get(`/api/numbers/${number.id}/state`);
    expect((await rowOf(number.id))!.connectedAt).toEqual(row!.connectedAt);
    const listed = (await client.get('/api/numbers')).json()[0];
    expect(listed).toMatchObject({ status: 'CONECTADO', connected_at: row!.connectedAt!.toISOString() });

    // Already connected: no QR, and the expire call removes nothing.
    expect((await client.get(`/api/numbers/${number.id}/qr`)).json()).toEqual({ qrCode: null, status: 'CONECTADO' });
    expect((await client.post(`/api/numbers/${number.id}/expire`)).json()).toEqual({ outcome: 'connected' });
    expect(await rowOf(number.id)).toBeDefined();
  });

  it('tempo esgotado sem conectar: apaga a instância no gateway e o número no banco', async () => {
    const { client } = await signedIn();
    const { number, phone } = await createNumber(client);

    const res = await client.post(`/api/numbers/${number.id}/expire`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ outcome: 'removed' });
    expect(await rowOf(number.id)).toBeUndefined();
    await expect(t.app.deps.gateway.connectionState(number.instance_name)).rejects.toMatchObject({ status: 404 });
    expect((await client.get('/api/numbers')).json()).toEqual([]);
    expect((await client.get('/api/usage')).json().qtd_instancias).toBe(0);
    // The phone is free again, and the plan slot too.
    expect((await client.post('/api/numbers/check-phone', { phone: phone.e164 })).json().exists).toBe(false);
    await createNumber(client, phone);
  });

  it('desconectado pelo celular → DESCONECTADO; reconectar gera QR novo; tempo esgotado na reconexão mantém o número', async () => {
    const { client } = await signedIn();
    const { number, phone } = await createNumber(client);
    await approveOnSimulator(client, number.instance_name, phone.digits);
    await client.get(`/api/numbers/${number.id}/state`);

    // Reconnect is only for a disconnected number.
    const refused = await client.post(`/api/numbers/${number.id}/reconnect`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('Este número já está conectado.');

    // The phone unlinks the device: the gateway's webhook marks the number DESCONECTADO.
    const sim = await client.post(`/simulator/ui-api/instances/${number.instance_name}/disconnect`);
    expect(sim.statusCode, sim.body).toBe(200);
    await waitFor(async () => (await rowOf(number.id))?.status === 'DESCONECTADO', { what: 'DESCONECTADO' });

    const again = await client.post(`/api/numbers/${number.id}/reconnect`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ qrCode: expect.stringMatching(/^data:image\/png;base64,/), status: 'DESCONECTADO' });

    // The countdown of the reconnect runs out: the number (and its history) stays.
    expect((await client.post(`/api/numbers/${number.id}/expire`)).json()).toEqual({ outcome: 'kept' });
    expect((await rowOf(number.id))!.status).toBe('DESCONECTADO');

    // A new try connects.
    await client.post(`/api/numbers/${number.id}/reconnect`);
    await approveOnSimulator(client, number.instance_name, phone.digits);
    expect((await client.get(`/api/numbers/${number.id}/state`)).json()).toEqual({
      state: 'open',
      status: 'CONECTADO',
    });
  });

  it('reconectar uma instância que o gateway perdeu cria a instância de novo', async () => {
    const { client } = await signedIn();
    const { number } = await createNumber(client);
    await t.app.deps.gateway.deleteInstance(number.instance_name);
    const res = await client.post(`/api/numbers/${number.id}/reconnect`);
    expect(res.statusCode).toBe(200);
    expect(res.json().qrCode).toMatch(/^data:image\/png;base64,/);
    expect(await t.app.deps.gateway.connectionState(number.instance_name)).toBe('connecting');
  });
});

describe('DELETE /api/numbers/:id', () => {
  it('desconecta e apaga no gateway, depois apaga o número (conectado)', async () => {
    const { client } = await signedIn();
    const { number, phone } = await createNumber(client);
    await approveOnSimulator(client, number.instance_name, phone.digits);

    const res = await client.request({ method: 'DELETE', url: `/api/numbers/${number.id}` });
    expect(res.statusCode).toBe(204);
    expect(await rowOf(number.id)).toBeUndefined();
    await expect(t.app.deps.gateway.connectionState(number.instance_name)).rejects.toBeInstanceOf(GatewayError);
  });

  it('tolera o logout que falha (número nunca conectado) e apaga mesmo assim', async () => {
    const { client } = await signedIn();
    const { number } = await createNumber(client);
    await t.app.deps.gateway.deleteInstance(number.instance_name); // logout → 404, delete → already gone
    const res = await client.request({ method: 'DELETE', url: `/api/numbers/${number.id}` });
    expect(res.statusCode).toBe(204);
    expect(await rowOf(number.id)).toBeUndefined();
  });
});

describe('PATCH /api/numbers/:id', () => {
  it('muda o apelido e liga/desliga um agente do próprio usuário', async () => {
    const { client, userId } = await signedIn();
    const { number } = await createNumber(client);
    const [agent] = await t.database.db.insert(agentes).values({ userId, apelido: 'Vendedora' }).returning();

    const renamed = await client.request({
      method: 'PATCH',
      url: `/api/numbers/${number.id}`,
      payload: { apelido: '  Matriz ' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ apelido: 'Matriz', agente: null, agente_nome: null });

    const linked = await client.request({
      method: 'PATCH',
      url: `/api/numbers/${number.id}`,
      payload: { agente: agent!.id },
    });
    expect(linked.json()).toMatchObject({ agente: agent!.id, agente_nome: 'Vendedora' });
    expect((await client.get('/api/numbers')).json()[0]).toMatchObject({ agente: agent!.id, agente_nome: 'Vendedora' });

    const unlinked = await client.request({
      method: 'PATCH',
      url: `/api/numbers/${number.id}`,
      payload: { agente: null },
    });
    expect(unlinked.json()).toMatchObject({ agente: null, agente_nome: null });

    const blank = await client.request({
      method: 'PATCH',
      url: `/api/numbers/${number.id}`,
      payload: { apelido: ' ' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe('Por favor, insira um apelido para a instância');
  });

  it('o agente de outro usuário → 404 e nada muda', async () => {
    const { client } = await signedIn();
    const other = await signedIn();
    const { number } = await createNumber(client);
    const [foreign] = await t.database.db
      .insert(agentes)
      .values({ userId: other.userId, apelido: 'Alheio' })
      .returning();
    const res = await client.request({
      method: 'PATCH',
      url: `/api/numbers/${number.id}`,
      payload: { agente: foreign!.id },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Agente não encontrado.');
    expect((await rowOf(number.id))!.agente).toBeNull();
  });
});

describe('isolamento entre contas', () => {
  it('o número de outra conta responde 404 em todas as rotas e não muda', async () => {
    const owner = await signedIn();
    const { number } = await createNumber(owner.client);
    const intruder = await signedIn();
    const c = intruder.client;
    const id = number.id;

    const attempts = [
      c.get(`/api/numbers/${id}/qr`),
      c.get(`/api/numbers/${id}/state`),
      c.post(`/api/numbers/${id}/expire`),
      c.post(`/api/numbers/${id}/reconnect`),
      c.request({ method: 'PATCH', url: `/api/numbers/${id}`, payload: { apelido: 'Roubado' } }),
      c.request({ method: 'DELETE', url: `/api/numbers/${id}` }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
    expect((await c.get('/api/numbers')).json()).toEqual([]);
    const row = await rowOf(id);
    expect(row).toMatchObject({ apelido: 'Loja Centro', userId: owner.userId });
    expect(await t.app.deps.gateway.connectionState(number.instance_name)).toBe('connecting');

    // Ids that are not uuids are simply not found (never a 500).
    expect((await c.get('/api/numbers/nao-e-um-id/state')).statusCode).toBe(404);
    expect((await c.request({ method: 'DELETE', url: "/api/numbers/1'%20or%201=1" })).statusCode).toBe(404);
  });
});

describe('gateway fora do ar', () => {
  it("criar → 502 'Erro na Evolution API' com o status, e o número não fica salvo", async () => {
    const port = await freePort(); // nothing listens there
    const down = await createTestApp({
      env: { EVOLUTION_API_URL: `http://127.0.0.1:${port}`, EVOLUTION_API_KEY: 'chave-teste' },
    });
    try {
      const { client } = await signedIn(down);
      const phone = newPhone();
      const res = await client.post('/api/numbers', { phone: phone.e164, apelido: 'Loja' });
      expect(res.statusCode).toBe(502);
      expect(res.json().error.code).toBe('UPSTREAM');
      expect(res.json().error.message).toMatch(/^Erro na Evolution API/);
      expect((await client.get('/api/numbers')).json()).toEqual([]);
      expect((await client.post('/api/numbers/check-phone', { phone: phone.e164 })).json().exists).toBe(false);
    } finally {
      await down.close();
    }
  });
});
