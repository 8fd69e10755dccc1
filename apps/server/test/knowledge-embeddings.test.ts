/**
 * Embeddings ranking of the knowledge base (docs/decisions/025-catalogue-and-price-guard.md, section
 * Conhecimento) with the demo AI's offline stand-in (AI_EMBEDDINGS_MODEL set): vectors are stored for
 * FAQ entries and passages (made again after an edit), a passage full text cannot find ('frete' for a
 * text about 'entrega') reaches the reply with its source, the candidates are ordered by similarity, and
 * a failing embeddings call falls back to the full-text order. On PGlite and PostgreSQL.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knowledgeFaqs, knowledgePassages } from '../src/db/schema/index.ts';
import { normaliseWords } from '../src/domain/facts/fact-query.ts';
import type { Embeddings } from '../src/integrations/llm/llm.ts';
import { knowledgeFacts } from '../src/domain/facts/knowledge-facts.ts';
import { searchPassages } from '../src/domain/facts/passage-search-repository.ts';
import { createTestApp, type TestApp, type TestClient } from './helpers/test-app.ts';
import { createAgent, patch, signedIn } from './training-helpers.ts';

const MODEL = 'demo-embeddings';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { AI_PROVIDER: 'demo', AI_EMBEDDINGS_MODEL: MODEL } });
});
afterAll(async () => {
  await t?.close();
});

async function addDoc(client: TestClient, title: string, text: string) {
  const res = await client.post('/api/knowledge/documents', { title, text });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string };
}

const query = (text: string) => ({ text, words: normaliseWords(text) });
const labels = async (userId: string, text: string, embeddings: Embeddings | undefined = t.app.deps.llm.embeddings) =>
  (await knowledgeFacts.find(t.database.db, userId, query(text), { embeddings })).map((s) => s.label);

async function vectors(userId: string) {
  const db = t.database.db;
  const [faqs, passages] = await Promise.all([
    db.select().from(knowledgeFaqs).where(eq(knowledgeFaqs.userId, userId)),
    db
      .select()
      .from(knowledgePassages)
      .where(and(eq(knowledgePassages.userId, userId))),
  ]);
  return [...faqs, ...passages].map((r) => ({ model: r.embeddingModel, length: r.embedding?.length ?? 0 }));
}

describe('knowledge: embeddings ranking (demo stand-in)', () => {
  it('stores a vector for every entry and passage, and makes it again after an edit', async () => {
    const { client, userId } = await signedIn(t);
    const faq = (
      await client.post('/api/knowledge/faqs', { question: 'Aceitam Pix?', answer: 'Sim, e cartão.' })
    ).json();
    const doc = await addDoc(client, 'Entregas', 'Entregamos em Contagem de terça a sábado.');
    expect(await vectors(userId)).toEqual([
      { model: MODEL, length: 512 },
      { model: MODEL, length: 512 },
    ]);
    const before = await t.database.db.select().from(knowledgePassages).where(eq(knowledgePassages.documentId, doc.id));
    expect((await patch(client, `/api/knowledge/documents/${doc.id}`, { title: 'Frete e retirada' })).statusCode).toBe(
      200,
    );
    const after = await t.database.db.select().from(knowledgePassages).where(eq(knowledgePassages.documentId, doc.id));
    expect(after[0]!.embeddingModel).toBe(MODEL);
    expect(after[0]!.embedding).not.toEqual(before[0]!.embedding);
    const rewritten = await client.request({
      method: 'PUT',
      url: `/api/knowledge/documents/${doc.id}`,
      payload: { title: 'Frete e retirada', text: 'Entregamos em Betim de segunda a sexta.' },
    });
    expect(rewritten.statusCode, rewritten.body).toBe(200);
    const rewrittenRows = await t.database.db
      .select()
      .from(knowledgePassages)
      .where(eq(knowledgePassages.documentId, doc.id));
    expect(rewrittenRows).toMatchObject([{ text: 'Entregamos em Betim de segunda a sexta.', embeddingModel: MODEL }]);
    expect(rewrittenRows[0]!.embedding).not.toEqual(after[0]!.embedding);
    const edited = await client.request({
      method: 'PUT',
      url: `/api/knowledge/faqs/${faq.id}`,
      payload: { question: 'Aceitam Pix?', answer: 'Sim, Pix e cartão em até 3 vezes.' },
    });
    expect(edited.statusCode).toBe(200);
    expect((await vectors(userId)).every((v) => v.model === MODEL && v.length === 512)).toBe(true);
  });

  it('finds what full text misses, orders the candidates by similarity, and falls back when the call fails', async () => {
    const { client, userId } = await signedIn(t);
    await addDoc(
      client,
      'Cuidados com as peças',
      'Lave as peças à mão com detergente neutro. As peças de cerâmica não vão ao micro-ondas.',
    );
    await addDoc(
      client,
      'Entregas',
      'Entregamos em Contagem e BH; o motoboy leva as peças embaladas. Taxa de R$ 18,00.',
    );
    const question = 'Quanto é o frete das peças?';

    // Full text alone: 'frete' is in neither document; 'peças' matches both, the care passage first (it says
    // 'peças' twice); the embeddings put the delivery passage first.
    const textOrder = await searchPassages(t.database.db, userId, normaliseWords(question), { limit: 4 });
    expect(textOrder.map((p) => p.title)).toEqual(['Cuidados com as peças', 'Entregas']);
    const textOnly = await searchPassages(t.database.db, userId, normaliseWords('Quanto é o frete?'), { limit: 4 });
    expect(textOnly).toEqual([]);
    expect(await labels(userId, question)).toEqual(['Documento: Entregas', 'Documento: Cuidados com as peças']);
    // Nothing in the text matches 'frete', yet its meaning does: only the delivery passage.
    expect(await labels(userId, 'Quanto é o frete?')).toEqual(['Documento: Entregas']);

    // The reply gets it with its source.
    const agentId = await createAgent(client);
    const res = await client.post('/api/playground/reply', {
      agent_id: agentId,
      messages: [{ role: 'user', text: 'Quanto é o frete?' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().factsUsed.map((f: { label: string }) => f.label)).toEqual(['Documento: Entregas']);

    // The embeddings call failing: the full-text order, nothing lost.
    const failing: Embeddings = { model: MODEL, embed: () => Promise.reject(new Error('fora do ar')) };
    expect(await labels(userId, 'Quanto é o frete?', failing)).toEqual([]);
    expect(await labels(userId, 'detergente', failing)).toEqual(['Documento: Cuidados com as peças']);
  });

  it('another account’s passages are never candidates', async () => {
    const mine = await signedIn(t);
    await addDoc(mine.client, 'Entregas', 'Entregamos em Contagem; taxa de R$ 18,00.');
    const other = await signedIn(t);
    expect(await labels(other.userId, 'Quanto é o frete pra Contagem?')).toEqual([]);
  });
});
