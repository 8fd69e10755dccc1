/**
 * The inbox search (docs/decisions/040-inbox-search.md): conversations by name or phone, messages by
 * their Portuguese words (stems, no accents), transcripts and documents' text, highlighted snippets,
 * pages, bad input and account isolation, over HTTP as the browser asks.
 */
import { SEARCH_MARK_END, SEARCH_MARK_START, type ConversationSearchResult } from '@vendai/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addConversation, addInsight, addMessages, personWithNumber, type InboxPerson } from './helpers/inbox-seed.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let owner: InboxPerson;
let other: InboxPerson;
const ids: Record<string, string | undefined> = {};

beforeAll(async () => {
  t = await createTestApp();
  owner = await personWithNumber(t);
  other = await personWithNumber(t);
  ids.maria = await addConversation(t, owner, 'Maria Conceição', '5521988887777');
  ids.joao = await addConversation(t, owner, 'João Açaí Lanches', '5511977776666');
  [ids.entrega, ids.acai, ids.paes, ids.pao, ids.audio, ids.doc] = await addMessages(t, owner, ids.maria, [
    'Vocês fazem entrega no sábado?',
    'Quero duas tigelas de açaí com granola',
    'Tem pães de queijo e pastéis de carne hoje?',
    'Sobrou um pão de mel e um pudim',
    { messageType: 'audio', content: null },
    { messageType: 'document', content: null, mediaFilename: 'orcamento.pdf' },
  ]);
  await addInsight(t, owner, ids.maria, ids.audio!, 'transcript', 'Oi, queria saber o preço do bolo de cenoura');
  await addInsight(t, owner, ids.maria, ids.doc!, 'document', 'Tabela de preços: brigadeiro gourmet R$ 3,50');
  ids.otherConv = await addConversation(t, other, 'Maria Segredo', '5521955554444');
  [ids.otherMsg] = await addMessages(t, other, ids.otherConv, ['As entregas de açaí chegam amanhã, bolo de cenoura']);
});
afterAll(async () => {
  await t?.close();
});

async function search(q: string, cursor?: string, p = owner): Promise<ConversationSearchResult> {
  const params = new URLSearchParams({ q, ...(cursor ? { cursor } : {}) });
  const res = await p.client.get(`/api/inbox-search?${params.toString()}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ConversationSearchResult;
}

const marked = (snippet: string) =>
  [...snippet.matchAll(new RegExp(`${SEARCH_MARK_START}(.*?)${SEARCH_MARK_END}`, 'g'))].map((m) => m[1]);

describe('messages by their words', () => {
  it('stems Portuguese: "entregas" finds "entrega", marked in the snippet', async () => {
    const result = await search('entregas');
    expect(result.messages.map((m) => m.messageId)).toEqual([ids.entrega]);
    const [hit] = result.messages;
    expect(hit).toMatchObject({
      convId: ids.maria,
      source: 'message',
      contactName: 'Maria Conceição',
      direction: 'in',
    });
    expect(marked(hit!.snippet)).toEqual(['entrega']);
  });

  it('ignores accents both ways: "acai" finds "açaí", "AÇAI" too', async () => {
    for (const q of ['acai', 'AÇAI', 'tigela acai']) {
      const result = await search(q);
      expect(
        result.messages.map((m) => m.messageId),
        q,
      ).toEqual([ids.acai]);
    }
    expect(marked((await search('acai')).messages[0]!.snippet)).toEqual(['açaí']);
  });

  it("finds irregular plurals both ways: 'pão' finds 'pães', 'pastel' finds 'pastéis', 'pudins' finds 'pudim'", async () => {
    const found = async (q: string) => (await search(q)).messages.map((m) => m.messageId).sort();
    expect(await found('pão')).toEqual([ids.paes, ids.pao].sort());
    expect(await found('paes')).toEqual([ids.paes, ids.pao].sort());
    expect(await found('pastel')).toEqual([ids.paes]);
    expect(await found('pudins')).toEqual([ids.pao]);
    // Every word must still be there: 'pão' and 'mel' only in one message.
    expect(await found('pão mel')).toEqual([ids.pao]);
    expect(marked((await search('pastel carne')).messages[0]!.snippet).sort()).toEqual(['carne', 'pastéis']);
  });

  it("finds a voice note by its transcript and a document by its text and by its file's name", async () => {
    const cenoura = await search('cenouras');
    expect(cenoura.messages.map((m) => [m.messageId, m.source])).toEqual([[ids.audio, 'transcript']]);
    expect(marked(cenoura.messages[0]!.snippet)).toEqual(['cenoura']);
    const doc = await search('brigadeiro');
    expect(doc.messages.map((m) => [m.messageId, m.source])).toEqual([[ids.doc, 'document']]);
    const named = await search('orçamento');
    expect(named.messages.map((m) => [m.messageId, m.source])).toEqual([[ids.doc, 'message']]);
  });

  it("never finds another account's messages, and their conversation stays a 404", async () => {
    const result = await search('entregas açaí');
    expect(result.messages).toEqual([]);
    const mine = await search('amanhã');
    expect(mine.messages).toEqual([]);
    expect((await search('Segredo')).conversations).toEqual([]);
    const theirs = await search('amanhã', undefined, other);
    expect(theirs.messages.map((m) => m.messageId)).toEqual([ids.otherMsg]);
    for (const path of [`/api/conversations/${ids.otherConv}`, `/api/conversations/${ids.otherConv}/messages`]) {
      const res = await owner.client.get(path);
      expect(res.statusCode, path).toBe(404);
    }
  });

  it('a word that is only a stop word, or found nowhere, gives empty lists', async () => {
    expect(await search('de')).toEqual({ conversations: [], messages: [], nextCursor: null });
    expect(await search('xilofone')).toEqual({ conversations: [], messages: [], nextCursor: null });
  });
});

describe('conversations by name or phone', () => {
  it('by part of the name, accents ignored', async () => {
    expect((await search('conceicao')).conversations.map((c) => c.id)).toEqual([ids.maria]);
    expect((await search('MARIA')).conversations.map((c) => c.id)).toEqual([ids.maria]);
    // 'açaí' is both João's name and Maria's message: both lists answer.
    const both = await search('açaí');
    expect(both.conversations.map((c) => c.id)).toEqual([ids.joao]);
    expect(both.messages.map((m) => m.messageId)).toEqual([ids.acai]);
  });

  it('by phone, typed with or without punctuation', async () => {
    for (const q of ['98888-7777', '(21) 98888', '5511977776666', '7776']) {
      const expected = q.includes('98888') ? ids.maria : ids.joao;
      expect(
        (await search(q)).conversations.map((c) => c.id),
        q,
      ).toEqual([expected]);
    }
  });

  it("'%' and '_' are letters, not wildcards", async () => {
    expect((await search('%%%')).conversations).toEqual([]);
    expect((await search('Mar_a')).conversations).toEqual([]);
  });
});

describe('pages', () => {
  it('20 at a time, newest first, each message once', async () => {
    const convId = await addConversation(t, owner, 'Cliente Paginado');
    const sent = await addMessages(
      t,
      owner,
      convId,
      Array.from({ length: 45 }, (_, i) => `Pedido de coxinha número ${i}`),
    );
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let guard = 0; guard < 5; guard += 1) {
      const page = await search('coxinhas', cursor);
      seen.push(...page.messages.map((m) => m.messageId));
      if (cursor) expect(page.conversations).toEqual([]);
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    expect(seen).toEqual([...sent].reverse());
  });
});

describe('bad input', () => {
  it.each([
    ['', 'Digite pelo menos 2 letras ou números para buscar.'],
    ['   a  ', 'Digite pelo menos 2 letras ou números para buscar.'],
    ['x'.repeat(101), 'A busca aceita no máximo 100 caracteres.'],
  ])('q=%j → 400 in Portuguese', async (q, message) => {
    const res = await owner.client.get(`/api/inbox-search?q=${encodeURIComponent(q)}`);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(message);
  });

  it('no q, a broken cursor → 400; websearch syntax never fails', async () => {
    expect((await owner.client.get('/api/inbox-search')).statusCode).toBe(400);
    const bad = await owner.client.get('/api/inbox-search?q=bolo&cursor=nao-e-cursor');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Não foi possível continuar a busca. Busque novamente.');
    for (const q of ['"bolo', 'bolo or', '--', '!!', "(a | b) & 'c'", '::*']) {
      const res = await owner.client.get(`/api/inbox-search?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(200);
    }
  });

  it('signed out → 401', async () => {
    expect((await t.client().get('/api/inbox-search?q=bolo')).statusCode).toBe(401);
  });
});
