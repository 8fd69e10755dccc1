/**
 * 'Exportar meus dados' (GET /api/privacy/export, decision 031): a zip with the account, numbers, agents,
 * prompt versions, conversations, messages, the media list, the catalogue, the knowledge base and what the
 * AI understood of media, of the signed-in account only, without the numbers' webhook secrets; limited
 * per account.
 */
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORTS_PER_WINDOW, PRIVACY_MESSAGES } from '@vendai/contracts';
import {
  catalogueItems,
  conversations,
  knowledgeDocuments,
  knowledgeFaqs,
  knowledgePassages,
  messageInsights,
  messages,
  numbers,
} from '../src/db/schema/index.ts';
import { createTestApp, type TestApp, type TestClient } from './helpers/test-app.ts';
import { createAgent, signedIn } from './training-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** An account with a number, a conversation, a text message and a photo (described by the AI), a catalogue
 * item, a FAQ entry and a document of two passages, each text carrying `text`. */
async function seedShop(userId: string, phone: string, contactName: string, text: string) {
  const [number] = await t.database.db
    .insert(numbers)
    .values({ userId, token: `segredo-${phone}`, phone, instanceName: `exp-${phone}`, apelido: 'Loja' })
    .returning();
  const [conv] = await t.database.db
    .insert(conversations)
    .values({ userId, numberId: number!.id, contactJid: `55119${phone.slice(-8)}@s.whatsapp.net`, contactName })
    .returning();
  const photo = await t.app.deps.storage.save(userId, Buffer.from('jpeg'), { mimetype: 'image/jpeg' });
  const [, image] = await t.database.db
    .insert(messages)
    .values([
      { userId, convId: conv!.id, direction: 'in', author: 'contact', content: text },
      {
        userId,
        convId: conv!.id,
        direction: 'in',
        author: 'contact',
        messageType: 'image',
        content: 'legenda; com "aspas"',
        mediaUrl: photo.url,
        mediaMimetype: 'image/jpeg',
        mediaSize: 4,
      },
    ])
    .returning();
  const db = t.database.db;
  await db.insert(messageInsights).values({
    messageId: image!.id,
    userId,
    convId: conv!.id,
    kind: 'description',
    state: 'done',
    text: `Foto: ${text}`,
  });
  await db.insert(catalogueItems).values({ userId, name: `Item: ${text}`, priceCents: 4500, searchText: 'busca' });
  await db
    .insert(knowledgeFaqs)
    .values({ userId, question: `Pergunta: ${text}?`, answer: 'Sim.', searchText: 'busca' });
  const [doc] = await db
    .insert(knowledgeDocuments)
    .values({ userId, title: `Documento: ${text}`, kind: 'text' })
    .returning();
  await db.insert(knowledgePassages).values([
    { userId, documentId: doc!.id, position: 1, text: `Segundo trecho: ${text}` },
    { userId, documentId: doc!.id, position: 0, text: `Primeiro trecho: ${text}` },
  ]);
  return { conv: conv!, photo, image: image! };
}

async function download(client: TestClient) {
  const res = await client.request({ method: 'GET', url: '/api/privacy/export' });
  return { res, zip: res.statusCode === 200 ? await JSZip.loadAsync(res.rawPayload) : null };
}

describe('Exportar meus dados', () => {
  it('zips the account’s own data as JSON and CSV', async () => {
    const owner = await signedIn(t);
    await createAgent(owner.client, 'Luna');
    const { conv, photo, image } = await seedShop(
      owner.userId,
      '5511933330001',
      'Cliente Ana',
      'Quero um bolo de cenoura',
    );
    const other = await signedIn(t);
    await seedShop(other.userId, '5511933330002', 'Cliente de outro', 'Mensagem de outra conta');
    // 'Funil de vendas': the card moved to Pago by the owner.
    const stages = (await owner.client.get('/api/funnel/stages')).json().items as { id: string; kind: string }[];
    const pago = stages.find((s) => s.kind === 'pago')!.id;
    const moved = await owner.client.request({
      method: 'PUT',
      url: `/api/funnel/conversations/${conv.id}/stage`,
      payload: { stageId: pago },
    });
    expect(moved.statusCode).toBe(200);

    const { res, zip } = await download(owner.client);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="vendai-meus-dados-\d{4}-\d{2}-\d{2}\.zip"/,
    );
    expect(Object.keys(zip!.files).sort()).toEqual([
      'LEIA-ME.txt',
      'agentes.json',
      'catalogo.json',
      'conhecimento.json',
      'conta.json',
      'conversas.csv',
      'equipe.json',
      'etiquetas.json',
      'funil-de-vendas.json',
      'mensagens.csv',
      'midias-entendidas.csv',
      'midias.csv',
      'notas-internas.json',
      'numeros.json',
      'versoes-do-prompt.json',
    ]);
    const read = (name: string) => zip!.file(name)!.async('string');
    const account = JSON.parse(await read('conta.json'));
    expect(account.account).toMatchObject({ id: owner.userId, email: expect.stringContaining('@') });
    expect(account.profile.id).toBe(owner.userId);
    const numberList = JSON.parse(await read('numeros.json'));
    expect(numberList).toHaveLength(1);
    expect(numberList[0]).toMatchObject({ phone: '5511933330001', apelido: 'Loja' });
    expect(numberList[0]).not.toHaveProperty('token');
    const funnel = JSON.parse(await read('funil-de-vendas.json'));
    expect(funnel.stages.map((s: { name: string }) => s.name)).toEqual([
      'Novo',
      'Qualificado',
      'Orçamento',
      'Pago',
      'Perdido',
    ]);
    expect(funnel.conversations).toEqual([
      { conversationId: conv.id, stageId: pago, movedBy: 'person', movedAt: expect.any(String) },
    ]);
    const agents = JSON.parse(await read('agentes.json'));
    expect(agents.map((a: { apelido: string }) => a.apelido)).toEqual(['Luna']);
    const versions = JSON.parse(await read('versoes-do-prompt.json'));
    expect(versions.length).toBeGreaterThanOrEqual(1);
    expect(versions[0]).toMatchObject({ agentId: agents[0].id, systemPrompt: expect.any(String) });

    const conversationsCsv = await read('conversas.csv');
    expect(conversationsCsv.startsWith('\uFEFFid;numberId;contactJid;contactName')).toBe(true);
    expect(conversationsCsv).toContain(`${conv.id};`);
    expect(conversationsCsv).toContain('Cliente Ana');
    const messagesCsv = await read('mensagens.csv');
    expect(messagesCsv).toContain('Quero um bolo de cenoura');
    expect(messagesCsv).toContain('"legenda; com ""aspas"""');
    expect(messagesCsv.trim().split('\r\n')).toHaveLength(3); // header + 2 messages
    const mediaCsv = await read('midias.csv');
    expect(mediaCsv.trim().split('\r\n')).toHaveLength(2);
    expect(mediaCsv).toContain(photo.url);
    expect(mediaCsv).toContain('image/jpeg');
    const catalogue = JSON.parse(await read('catalogo.json'));
    expect(catalogue).toEqual([expect.objectContaining({ name: 'Item: Quero um bolo de cenoura', priceCents: 4500 })]);
    expect(catalogue[0]).not.toHaveProperty('searchText');
    const knowledge = JSON.parse(await read('conhecimento.json'));
    expect(knowledge.faqs).toEqual([
      expect.objectContaining({ question: 'Pergunta: Quero um bolo de cenoura?', answer: 'Sim.' }),
    ]);
    expect(knowledge.faqs[0]).not.toHaveProperty('embedding');
    expect(knowledge.documents).toHaveLength(1);
    expect(knowledge.documents[0]).toMatchObject({
      title: 'Documento: Quero um bolo de cenoura',
      passages: [
        { position: 0, text: 'Primeiro trecho: Quero um bolo de cenoura' },
        { position: 1, text: 'Segundo trecho: Quero um bolo de cenoura' },
      ],
    });
    const insightsCsv = await read('midias-entendidas.csv');
    expect(insightsCsv.startsWith('\uFEFFid;convId;createdAt;kind;state;text;reason')).toBe(true);
    expect(insightsCsv.trim().split('\r\n')).toHaveLength(2);
    expect(insightsCsv).toContain(`${image.id};${conv.id};`);
    expect(insightsCsv).toContain('Foto: Quero um bolo de cenoura');
    const everything = (await Promise.all(Object.keys(zip!.files).map(read))).join('\n');
    for (const foreign of ['Cliente de outro', 'outra conta', '5511933330002', other.userId, 'segredo-'])
      expect(everything).not.toContain(foreign);
  });

  it('neutralises cells a spreadsheet would run as formulas, and leaves the Meta access token out', async () => {
    const owner = await signedIn(t);
    const [number] = await t.database.db
      .insert(numbers)
      .values({
        userId: owner.userId,
        token: 'segredo-webhook',
        phone: '5511933330003',
        instanceName: 'exp-cloud-5511933330003',
        apelido: 'API oficial',
        provider: 'cloud',
        cloudPhoneNumberId: '105511933330003',
        cloudWabaId: '205511933330003',
        cloudTokenSealed: 'v1.token-selado-da-meta',
      })
      .returning();
    const [conv] = await t.database.db
      .insert(conversations)
      .values({
        userId: owner.userId,
        numberId: number!.id,
        contactJid: '5511977770003@s.whatsapp.net',
        contactName: '=HYPERLINK("http://evil.example";"Clique")',
      })
      .returning();
    const hostile = ['=1+1', '+5511999990000', '-2+3', '@SUM(A1:A9)', '\t=1', '\r=1', 'texto normal'];
    await t.database.db.insert(messages).values(
      hostile.map((content) => ({
        userId: owner.userId,
        convId: conv!.id,
        direction: 'in' as const,
        author: 'contact' as const,
        content,
      })),
    );

    const { zip } = await download(owner.client);
    const read = (name: string) => zip!.file(name)!.async('string');
    const numberList = JSON.parse(await read('numeros.json'));
    expect(numberList[0]).toMatchObject({ provider: 'cloud', cloudPhoneNumberId: '105511933330003' });
    expect(numberList[0]).not.toHaveProperty('cloudTokenSealed');
    const everything = (await Promise.all(Object.keys(zip!.files).map(read))).join('\n');
    expect(everything).not.toContain('token-selado');
    expect(everything).not.toContain('segredo-webhook');

    // Every cell starting with = + - @ tab or CR starts with a quote: the spreadsheet shows it as text.
    const cells = (await read('mensagens.csv'))
      .split('\r\n')
      .slice(1, -1)
      .map((line) => line.split(';').at(7)!);
    expect(cells.sort()).toEqual(
      ["'+5511999990000", "'-2+3", "'=1+1", "'@SUM(A1:A9)", '"\'\r=1"', "'\t=1", 'texto normal'].sort(),
    );
    const contacts = await read('conversas.csv');
    expect(contacts).toContain(`;"'=HYPERLINK(""http://evil.example"";""Clique"")";`);
  });

  it('is limited per account and needs a session', async () => {
    const { client } = await signedIn(t);
    for (let i = 0; i < EXPORTS_PER_WINDOW; i++) expect((await download(client)).res.statusCode).toBe(200);
    const refused = (await download(client)).res;
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(PRIVACY_MESSAGES.exportTooSoon);
    expect((await download(t.client())).res.statusCode).toBe(401);
  });
});
