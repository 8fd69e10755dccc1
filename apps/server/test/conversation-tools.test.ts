/**
 * Labels, private notes and the contact panel (docs/decisions/043-labels-notes-funnel.md): the account's
 * labels with Portuguese errors, one name per account, a limit; labels on conversations and the list
 * filtered by one (keyset pages intact); notes that never reach WhatsApp, deleted by their author or the
 * owner; the customer's other conversations; realtime events; another account's ids are 404s.
 */
import type { RealtimeEvent } from '@vendai/contracts';
import { LABELS_MAX } from '@vendai/contracts';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMembers, conversations, numbers } from '../src/db/schema/index.ts';
import type { Gateway } from '../src/integrations/gateway/gateway.ts';
import { addConversation, type InboxPerson, personWithNumber } from './helpers/inbox-seed.ts';
import { newPhone } from './helpers/number-helpers.ts';
import { realtimeFence } from './helpers/realtime-events.ts';
import { createTestApp, newPerson, type TestApp, type TestClient } from './helpers/test-app.ts';

/** Every gateway call made by the app: this file's app has no WhatsApp, so a note can reach none. */
const gatewayCalls: string[] = [];
const recordingGateway = () =>
  new Proxy({ kind: 'simulator' } as Gateway, {
    get(target, prop) {
      if (prop === 'kind') return target.kind;
      if (typeof prop === 'symbol' || prop === 'then') return undefined;
      return async () => {
        gatewayCalls.push(prop);
        throw new Error('no WhatsApp in this test');
      };
    },
  });

let t: TestApp;
let shop: InboxPerson;
let other: InboxPerson;
beforeAll(async () => {
  t = await createTestApp({ gateway: recordingGateway });
  shop = await personWithNumber(t);
  other = await personWithNumber(t);
});
afterAll(async () => {
  await t?.close();
});

const put = (c: TestClient, url: string, payload: object) => c.request({ method: 'PUT', url, payload });
const del = (c: TestClient, url: string) => c.request({ method: 'DELETE', url });

async function newLabel(c: TestClient, name: string, color = 'amber'): Promise<string> {
  const res = await c.post('/api/labels', { name, color });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

/** Events the realtime hub delivers to one account in this process, complete once `settle` returns. */
function listen(userId: string) {
  const events: RealtimeEvent[] = [];
  t.app.deps.realtime.subscribe(userId, (e) => events.push(e));
  return {
    async settle(): Promise<RealtimeEvent[]> {
      const fence = realtimeFence();
      await t.app.deps.realtime.publish(userId, fence.event);
      await expect.poll(() => events.some(fence.is), { timeout: 15_000 }).toBe(true);
      return events.filter((e) => !fence.is(e));
    },
  };
}

/** An attendant of `owner`'s account (decision 044), signed in. */
async function attendantOf(owner: InboxPerson): Promise<TestClient> {
  const client = t.client();
  const res = await client.register(newPerson({ fullName: 'Júlia Atendente' }));
  await t.database.db.insert(accountMembers).values({ userId: res.json().user.id, accountId: owner.userId });
  return client;
}

describe('labels', () => {
  it('creates, lists by name, renames, recolours and deletes; open inboxes hear each change', async () => {
    const p = await personWithNumber(t);
    const heard = listen(p.userId);
    const vip = await newLabel(p.client, '  VIP  ', 'violet');
    await newLabel(p.client, 'aguardando pagamento', 'amber');
    const list = await p.client.get('/api/labels');
    expect(list.json().items).toEqual([
      { id: expect.any(String), name: 'aguardando pagamento', color: 'amber' },
      { id: vip, name: 'VIP', color: 'violet' },
    ]);
    const renamed = await put(p.client, `/api/labels/${vip}`, { name: 'Cliente VIP', color: 'emerald' });
    expect(renamed.json()).toEqual({ id: vip, name: 'Cliente VIP', color: 'emerald' });
    expect((await del(p.client, `/api/labels/${vip}`)).statusCode).toBe(204);
    expect((await p.client.get('/api/labels')).json().items.map((l: { name: string }) => l.name)).toEqual([
      'aguardando pagamento',
    ]);
    expect((await heard.settle()).map((e) => e.event)).toEqual([
      'label.created',
      'label.created',
      'label.updated',
      'label.deleted',
    ]);
  });

  it('refuses bad input in Portuguese, a name the account already uses (any case) with 409', async () => {
    await newLabel(shop.client, 'Atacado');
    for (const name of ['atacado', 'ATACADO ']) {
      const again = await shop.client.post('/api/labels', { name, color: 'sky' });
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe('Você já tem uma etiqueta com este nome.');
    }
    const second = await newLabel(shop.client, 'Varejo');
    const clash = await put(shop.client, `/api/labels/${second}`, { name: 'ATACADO', color: 'sky' });
    expect(clash.statusCode).toBe(409);
    // Another account may use the same name.
    await newLabel(other.client, 'Atacado');
    for (const [body, message] of [
      [{ name: '', color: 'red' }, 'Dê um nome à etiqueta (até 30 caracteres).'],
      [{ name: 'x'.repeat(31), color: 'red' }, 'Dê um nome à etiqueta (até 30 caracteres).'],
      [{ name: 'Ok', color: 'marrom' }, 'Escolha uma das cores da lista.'],
      [{ color: 'red' }, 'Dê um nome à etiqueta (até 30 caracteres).'],
    ] as const) {
      const res = await shop.client.post('/api/labels', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
  });

  it(`keeps at most ${LABELS_MAX} labels per account, even when many are created at once`, async () => {
    const p = await personWithNumber(t);
    const results = await Promise.all(
      Array.from({ length: LABELS_MAX + 5 }, (_, i) => p.client.post('/api/labels', { name: `E${i}`, color: 'slate' })),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(LABELS_MAX);
    const refused = results.filter((r) => r.statusCode !== 201);
    expect(refused.map((r) => r.statusCode)).toEqual([403, 403, 403, 403, 403]);
    expect(refused[0]!.json().error.message).toBe(`Você pode criar até ${LABELS_MAX} etiquetas.`);
    expect((await p.client.get('/api/labels')).json().items).toHaveLength(LABELS_MAX);
  });

  it("another account's label is a 404; signed out is a 401", async () => {
    const mine = await newLabel(shop.client, 'Só minha');
    expect((await put(other.client, `/api/labels/${mine}`, { name: 'x', color: 'red' })).statusCode).toBe(404);
    const gone = await del(other.client, `/api/labels/${mine}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toBe('Etiqueta não encontrada.');
    expect((await del(other.client, '/api/labels/nao-e-um-id')).statusCode).toBe(404);
    expect((await t.client().get('/api/labels')).statusCode).toBe(401);
  });
});

describe('labels on conversations', () => {
  it('puts labels on and takes them off one at a time; the rows read them in one call', async () => {
    const p = await personWithNumber(t);
    const conv = await addConversation(t, p, 'Ana');
    const bare = await addConversation(t, p, 'Bruno');
    const vip = await newLabel(p.client, 'VIP');
    const pago = await newLabel(p.client, 'Pago', 'emerald');
    const heard = listen(p.userId);

    const url = `/api/conversations/${conv}/labels`;
    expect((await p.client.post(url, { labelId: vip })).json()).toEqual({ convId: conv, labelIds: [vip] });
    // Twice is once.
    expect((await p.client.post(url, { labelId: vip })).json().labelIds).toEqual([vip]);
    expect((await p.client.post(url, { labelId: pago })).json().labelIds).toEqual([pago, vip]);
    expect((await p.client.get(url)).json().labelIds).toEqual([pago, vip]);
    expect((await del(p.client, `${url}/${vip}`)).json()).toEqual({ convId: conv, labelIds: [pago] });

    const rows = await p.client.get(`/api/labels/assignments?ids=${conv},${bare}`);
    expect(rows.json().items).toEqual([
      { convId: conv, labelIds: [pago] },
      { convId: bare, labelIds: [] },
    ]);
    // (The labels' own events, published just before listening, may still arrive.)
    const events = (await heard.settle()).filter((e) => e.event === 'conversation-labels.updated');
    expect(events).toHaveLength(4);
    expect(events.at(-1)!.data).toEqual({ convId: conv, labelIds: [pago] });

    // Deleting the label takes it off the conversation.
    await del(p.client, `/api/labels/${pago}`);
    expect((await p.client.get(url)).json().labelIds).toEqual([]);
  });

  it("another account's label, conversation or rows are 404s or empty, never theirs", async () => {
    const mineConv = await addConversation(t, shop, 'Cliente da loja');
    const theirConv = await addConversation(t, other, 'Cliente da outra');
    const mine = await newLabel(shop.client, 'Minha etiqueta');
    const theirs = await newLabel(other.client, 'Etiqueta alheia');
    await other.client.post(`/api/conversations/${theirConv}/labels`, { labelId: theirs });

    const withTheirLabel = await shop.client.post(`/api/conversations/${mineConv}/labels`, { labelId: theirs });
    expect(withTheirLabel.statusCode).toBe(404);
    expect(withTheirLabel.json().error.message).toBe('Etiqueta não encontrada.');
    const onTheirConv = await shop.client.post(`/api/conversations/${theirConv}/labels`, { labelId: mine });
    expect(onTheirConv.statusCode).toBe(404);
    expect(onTheirConv.json().error.message).toBe('Conversa não encontrada.');
    expect((await shop.client.get(`/api/conversations/${theirConv}/labels`)).statusCode).toBe(404);
    expect((await del(shop.client, `/api/conversations/${theirConv}/labels/${theirs}`)).statusCode).toBe(404);
    // Taking another account's label off one's own conversation is a 404 too, not a silent 200.
    const offMine = await del(shop.client, `/api/conversations/${mineConv}/labels/${theirs}`);
    expect(offMine.statusCode).toBe(404);
    expect(offMine.json().error.message).toBe('Etiqueta não encontrada.');
    expect((await other.client.get(`/api/conversations/${theirConv}/labels`)).json().labelIds).toEqual([theirs]);
    const rows = await shop.client.get(`/api/labels/assignments?ids=${theirConv}`);
    expect(rows.json().items).toEqual([{ convId: theirConv, labelIds: [] }]);

    const bad = await shop.client.post(`/api/conversations/${mineConv}/labels`, { labelId: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Etiqueta não encontrada.');
    const tooMany = await shop.client.get(`/api/labels/assignments?ids=${Array(101).fill(mineConv).join(',')}`);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toBe('Peça no máximo 100 conversas por vez.');
  });

  it('filters the list by a label with correct keyset pages', async () => {
    const p = await personWithNumber(t);
    const label = await newLabel(p.client, 'Orçamento');
    const base = Date.parse('2026-03-01T12:00:00Z');
    const rows = await t.database.db
      .insert(conversations)
      .values(
        Array.from({ length: 75 }, (_, i) => ({
          userId: p.userId,
          numberId: p.numberId,
          contactJid: `55219${String(70000000 + i)}@s.whatsapp.net`,
          contactName: `Cliente ${i}`,
          // Pairs share a time: the id breaks the tie, as in the unfiltered list.
          lastMessage: new Date(base - Math.floor(i / 2) * 60_000),
        })),
      )
      .returning({ id: conversations.id });
    const labelled = rows.filter((_, i) => i % 2 === 0 || i % 7 === 0).map((r) => r.id);
    for (const id of labelled) await p.client.post(`/api/conversations/${id}/labels`, { labelId: label });

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `?labelId=${label}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const res = await p.client.get(`/api/conversations${query}`);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as { items: { id: string }[]; nextCursor: string | null };
      seen.push(...page.items.map((c) => c.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(2);
    expect(new Set(seen).size).toBe(seen.length);
    expect(new Set(seen)).toEqual(new Set(labelled));
    // Same order as the unfiltered list.
    const all: string[] = [];
    cursor = null;
    do {
      const res = await p.client.get(`/api/conversations${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`);
      all.push(...(res.json().items as { id: string }[]).map((c) => c.id));
      cursor = res.json().nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.filter((id) => labelled.includes(id)));

    const theirs = await newLabel(other.client, 'Filtro alheio');
    const foreign = await p.client.get(`/api/conversations?labelId=${theirs}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe('Etiqueta não encontrada.');
    expect((await p.client.get('/api/conversations?labelId=abc')).statusCode).toBe(400);
  });
});

describe('private notes', () => {
  it('are stored with their author and time, never sent to WhatsApp, and heard by open inboxes', async () => {
    const conv = await addConversation(t, shop, 'Carla');
    const heard = listen(shop.userId);
    const callsBefore = gatewayCalls.length;
    const url = `/api/conversations/${conv}/notes`;
    const res = await shop.client.post(url, { text: '  Cliente pediu entrega só depois das 18h.  ' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      convId: conv,
      text: 'Cliente pediu entrega só depois das 18h.',
      authorName: expect.any(String),
      canDelete: true,
    });
    const second = await shop.client.post(url, { text: 'Prefere Pix.' });
    const list = (await shop.client.get(url)).json().items as { id: string; text: string; createdAt: string }[];
    expect(list.map((n) => n.text)).toEqual(['Cliente pediu entrega só depois das 18h.', 'Prefere Pix.']);
    expect(Date.parse(list[0]!.createdAt)).toBeLessThanOrEqual(Date.parse(list[1]!.createdAt));

    // Nothing reached the gateway, and the chat has no message.
    expect(gatewayCalls.slice(callsBefore)).toEqual([]);
    expect((await shop.client.get(`/api/conversations/${conv}/messages`)).json().items).toEqual([]);

    expect((await del(shop.client, `${url}/${second.json().id}`)).statusCode).toBe(204);
    expect((await shop.client.get(url)).json().items).toHaveLength(1);
    const events = await heard.settle();
    expect(events.map((e) => [e.event, (e.data as { convId: string }).convId])).toEqual([
      ['note.created', conv],
      ['note.created', conv],
      ['note.deleted', conv],
    ]);
  });

  it('refuses an empty or too long note in Portuguese; keeps other accounts out', async () => {
    const conv = await addConversation(t, shop, 'Diego');
    const url = `/api/conversations/${conv}/notes`;
    for (const body of [{ text: '   ' }, { text: 'x'.repeat(2001) }, {}]) {
      const res = await shop.client.post(url, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('Escreva a nota (até 2.000 caracteres).');
    }
    const note = (await shop.client.post(url, { text: 'Só nossa.' })).json().id as string;
    expect((await other.client.get(url)).statusCode).toBe(404);
    expect((await other.client.post(url, { text: 'intrusa' })).statusCode).toBe(404);
    const foreign = await del(other.client, `${url}/${note}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe('Nota não encontrada.');
    // The note's id under another conversation of the same account is not found either.
    const otherConv = await addConversation(t, shop, 'Outro');
    expect((await del(shop.client, `/api/conversations/${otherConv}/notes/${note}`)).statusCode).toBe(404);
    expect((await shop.client.get(url)).json().items).toHaveLength(1);
  });

  it('an attendant writes as themself and deletes only their own notes; the owner deletes any', async () => {
    const p = await personWithNumber(t);
    const attendant = await attendantOf(p);
    const conv = await addConversation(t, p, 'Elisa');
    const url = `/api/conversations/${conv}/notes`;
    // Labels are the owner's to create (docs/decisions/052-attendant-permissions-and-number-claims.md); putting one on is the team's.
    const label = await newLabel(p.client, 'Da equipe');
    expect((await attendant.post(`/api/conversations/${conv}/labels`, { labelId: label })).statusCode).toBe(200);

    const byOwner = (await p.client.post(url, { text: 'Nota do dono.' })).json();
    const byAttendant = (await attendant.post(url, { text: 'Nota da atendente.' })).json();
    const seen = (await attendant.get(url)).json().items as { id: string; authorName: string; canDelete: boolean }[];
    expect(seen.map((n) => n.canDelete)).toEqual([false, true]);
    expect(seen[1]!.authorName).toBe('Júlia Atendente');
    expect(seen[0]!.authorName).not.toBe('Júlia Atendente');

    const refused = await del(attendant, `${url}/${byOwner.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Só quem escreveu a nota ou o dono da conta pode apagá-la.');
    expect((await p.client.get(url)).json().items.map((n: { canDelete: boolean }) => n.canDelete)).toEqual([
      true,
      true,
    ]);
    expect((await del(p.client, `${url}/${byAttendant.id}`)).statusCode).toBe(204);
    expect((await del(attendant, `${url}/${byOwner.id}`)).statusCode).toBe(403);
    expect((await attendant.get(`/api/conversations/${conv}/contact`)).statusCode).toBe(200);
  });
});

describe('contact panel', () => {
  it("lists the customer's other conversations on the account's numbers, never another account's", async () => {
    const p = await personWithNumber(t);
    const phone = '5521988887777';
    const conv = await addConversation(t, p, 'Fernanda', phone);
    const digits = newPhone().digits;
    const [second] = await t.database.db
      .insert(numbers)
      .values({
        userId: p.userId,
        token: `tok-${digits}`,
        phone: digits,
        instanceName: `vendai${digits}`,
        apelido: 'Loja 2',
      })
      .returning();
    const onSecond = await addConversation(t, { ...p, numberId: second!.id }, 'Fernanda', phone);
    await addConversation(t, p, 'Outra pessoa');
    await addConversation(t, other, 'Fernanda na outra conta', phone);

    const res = await p.client.get(`/api/conversations/${conv}/contact`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      convId: conv,
      name: 'Fernanda',
      phone,
      isGroup: false,
      others: [{ id: onSecond, numberApelido: 'Loja 2', numberPhone: digits }],
    });
    expect((await other.client.get(`/api/conversations/${conv}/contact`)).statusCode).toBe(404);
  });
});

describe('privacy', () => {
  it("'Apagar dados deste contato' removes the conversation's notes; the export has labels and notes", async () => {
    const p = await personWithNumber(t);
    const kept = await addConversation(t, p, 'Fica');
    const erased = await addConversation(t, p, 'Sai');
    const label = await newLabel(p.client, 'Exportada', 'pink');
    await p.client.post(`/api/conversations/${kept}/labels`, { labelId: label });
    await p.client.post(`/api/conversations/${kept}/notes`, { text: 'Nota que fica.' });
    await p.client.post(`/api/conversations/${erased}/notes`, { text: 'Nota que sai.' });

    expect((await del(p.client, `/api/privacy/conversations/${erased}`)).statusCode).toBe(200);
    expect((await p.client.get(`/api/conversations/${erased}/notes`)).statusCode).toBe(404);

    const res = await p.client.request({ method: 'GET', url: '/api/privacy/export' });
    expect(res.statusCode).toBe(200);
    const zip = await JSZip.loadAsync(res.rawPayload);
    const labels = JSON.parse(await zip.file('etiquetas.json')!.async('string'));
    expect(labels).toEqual([expect.objectContaining({ name: 'Exportada', color: 'pink', conversationIds: [kept] })]);
    const notes = JSON.parse(await zip.file('notas-internas.json')!.async('string'));
    expect(notes).toEqual([expect.objectContaining({ conversationId: kept, text: 'Nota que fica.' })]);
  });
});
