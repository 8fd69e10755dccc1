/**
 * Parity of the two ingestion paths (docs/decisions/009-lint-format-and-boundaries.md): the batch path (ingest-batch.ts: one SQL statement for
 * a run of simple customer messages, everything else one by one) and the one-by-one path
 * (ingest-gateway-event.ts) must leave the same conversations, messages and reply bursts. The same
 * gateway events, with the same arrival times, go through each path on its own fresh database; the
 * stored rows are compared with what legitimately differs left out (row ids, the user/number ids of
 * each database, stored media URLs, bookkeeping timestamps set by now()).
 */
import { resultRows } from '../src/db/rows.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentes, neverAnswerContacts, numbers } from '../src/db/schema/index.ts';
import { type EngineDeps, engineConfigFromEnv } from '../src/modules/conversation-engine/engine-deps.ts';
import { ingestBatch } from '../src/modules/conversation-engine/ingestion/ingest-batch.ts';
import {
  ingestGatewayEvent,
  type IngestInput,
} from '../src/modules/conversation-engine/ingestion/ingest-gateway-event.ts';
import { fixtures, GROUP_JID, raw } from './fixtures/engine-webhooks.ts';
import { createTestApp, newPerson, type TestApp } from './helpers/test-app.ts';

/** The batch path's warnings: a statement that fails and falls back to one by one says so there. */
const warnings: string[] = [];
function warningsTo(log: EngineDeps['log'], into: string[]): EngineDeps['log'] {
  const child = log.child({});
  const warn = child.warn.bind(child);
  child.warn = ((obj: unknown, msg?: string) => {
    into.push(msg ?? String(obj));
    return warn(obj as object, msg);
  }) as typeof child.warn;
  return child;
}

interface Side {
  t: TestApp;
  deps: EngineDeps;
  number: IngestInput['number'];
}

/**
 * A fresh app and database with a user, an agent (answer delay 90 s: no burst comes due during the test) and a number
 * connected half an hour ago that answers only new contacts ('só contatos novos'), Fabi set to 'nunca responder'.
 */
async function openSide(): Promise<Side> {
  const t = await createTestApp();
  const reg = await t.client().register(newPerson());
  if (reg.statusCode !== 201) throw new Error(`register: ${reg.statusCode} ${reg.body}`);
  const userId = reg.json().user.id as string;
  const [agent] = await t.database.db
    .insert(agentes)
    .values({ userId, apelido: 'Luna', systemPrompt: 'Você é Luna.', timing: 90 })
    .returning();
  const [number] = await t.database.db
    .insert(numbers)
    .values({
      userId,
      token: 'tok',
      phone: '5511900001111',
      instanceName: 'vendai-parity',
      apelido: 'Loja',
      agente: agent!.id,
      status: 'CONECTADO',
      connectedAt: new Date(Date.now() - 30 * 60_000),
      aiAudience: 'new',
    })
    .returning();
  await t.database.db.insert(neverAnswerContacts).values({ userId, contactJid: FABI });
  const { db, database, gateway, mailer, llm, mediaAi, storage, realtime, jobs, events } = t.app.deps;
  // The engine's dependencies, without its scheduler: bursts are stored, never answered here.
  const deps: EngineDeps = {
    db,
    database,
    gateway,
    mailer,
    llm,
    mediaAi,
    storage,
    realtime,
    jobs,
    events,
    log: warningsTo(t.app.log, warnings),
    config: engineConfigFromEnv(t.env),
    replies: { wake: () => {} },
    writer: undefined as never,
  };
  return { t, deps, number: { id: number!.id, userId, instanceName: number!.instanceName } };
}

// --- the events ------------------------------------------------------------------------------

const ANA = '5511911110001@s.whatsapp.net';
const BETO = '5511911110002@s.whatsapp.net';
const CAIO = '5511911110003@s.whatsapp.net';
const DORA = '5511911110004@s.whatsapp.net';
/** An old contact (wrote before the number was connected): not answered under 'só contatos novos'. */
const ELI = '5511911110005@s.whatsapp.net';
/** Set to 'nunca responder' before the scenario. */
const FABI = '5511911110006@s.whatsapp.net';

/** The same gateway events for both paths: [event, data, arrival offset in ms from a common start]. */
function scenario(): [string, unknown, number][] {
  const now = Math.floor(Date.now() / 1000);
  const text = (jid: string, body: string, name: string, timestamp = now) =>
    fixtures.text(body, { key: { remoteJid: jid }, pushName: name, timestamp });
  const repeated = text(ANA, 'Vocês entregam em Campinas?', 'Ana Lima');
  const image = {
    ...fixtures.image(),
    key: { remoteJid: BETO, fromMe: false, id: '3AIMAGEM0000000001' },
    pushName: 'Beto Reis',
  };
  const ownerOnPhone = raw({ conversation: 'Oi Caio, aqui é a dona da loja' }, 'conversation', {
    key: { remoteJid: CAIO, fromMe: true, id: '3AOWNERPHONE000001' },
    pushName: 'Você',
    timestamp: now,
  });
  const caioAsks = text(CAIO, 'Olá, tudo bem?', 'Caio Prado');
  // Edits, deletions and reactions (decision 021: only the author edits or deletes; anyone reacts).
  const target = (id: string, fromMe: boolean) => ({ remoteJid: CAIO, fromMe, id });
  const editOf = (id: string, body: string, fromMe: boolean, targetFromMe: boolean) =>
    raw(
      {
        editedMessage: {
          message: {
            protocolMessage: {
              key: target(id, targetFromMe),
              type: 'MESSAGE_EDIT',
              editedMessage: { conversation: body },
            },
          },
        },
      },
      'editedMessage',
      { key: { remoteJid: CAIO, fromMe } },
    );
  const revokeOf = (id: string, fromMe: boolean, targetFromMe: boolean) =>
    raw({ protocolMessage: { key: target(id, targetFromMe), type: 'REVOKE' } }, 'protocolMessage', {
      key: { remoteJid: CAIO, fromMe },
    });
  const reactionOf = (id: string, emoji: string, fromMe: boolean, targetFromMe: boolean) =>
    raw({ reactionMessage: { key: target(id, targetFromMe), text: emoji } }, 'reactionMessage', {
      key: { remoteJid: CAIO, fromMe },
    });
  return [
    // A burst of three from Ana in the same second (same WhatsApp timestamp), two arriving in the same millisecond.
    ['messages.upsert', text(ANA, 'Oi', 'Ana Lima'), 0],
    ['messages.upsert', text(ANA, 'Quanto custa o clareamento?', 'Ana Lima'), 5],
    ['messages.upsert', text(ANA, 'E parcela?', 'Ana Lima'), 5],
    // Beto: text, a photo (media: the one-by-one way inside the batch too), text again.
    ['messages.upsert', text(BETO, 'Boa tarde', 'Beto Reis'), 10],
    ['messages.upsert', image, 12],
    ['messages.upsert', text(BETO, 'Tem desse em azul?', 'Beto Reis'), 14],
    // Caio writes, the owner answers from the phone (takeover: AI off), Caio writes again.
    ['messages.upsert', caioAsks, 20],
    ['messages.upsert', ownerOnPhone, 22],
    ['messages.upsert', text(CAIO, 'Pode me mandar o catálogo?', 'Caio Prado'), 24],
    // Caio's modified client edits and deletes the owner's message (ignored), edits his own (applied), reacts to
    // the owner's (kept as his); the owner's phone deletes Caio's message (ignored) and reacts to it (kept as hers).
    ['messages.upsert', editOf(ownerOnPhone.key.id, 'Tudo de graça', false, true), 25],
    ['messages.upsert', revokeOf(ownerOnPhone.key.id, false, true), 26],
    ['messages.upsert', editOf(caioAsks.key.id, 'Olá, tudo bem? Sou o Caio', false, false), 27],
    ['messages.upsert', reactionOf(ownerOnPhone.key.id, '👍', false, true), 28],
    ['messages.upsert', revokeOf(caioAsks.key.id, true, false), 29],
    ['messages.upsert', reactionOf(caioAsks.key.id, '❤️', true, false), 29],
    // Dora writes, then opts out (AI off, open burst cancelled).
    ['messages.upsert', text(DORA, 'Quero saber mais', 'Dora Melo'), 30],
    ['messages.upsert', text(DORA, 'PARE', 'Dora Melo'), 31],
    // A group message: stored, never answered.
    ['messages.upsert', fixtures.group('Bom dia, grupo!'), 40],
    // A history-sync message from Ana, an hour old: stored in the past, never answered.
    ['messages.upsert', text(ANA, 'Mensagem antiga', 'Ana Lima', now - 3600), 45],
    // A gateway retry of one of Ana's messages, twice: stored once.
    ['messages.upsert', repeated, 50],
    ['messages.upsert', repeated, 50],
    // Eli, an old contact: a history-sync message from before the connection, then a fresh one — not answered.
    ['messages.upsert', text(ELI, 'Oi, lembra de mim?', 'Eli Souza', now - 3600), 52],
    ['messages.upsert', text(ELI, 'Vocês ainda vendem aquele kit?', 'Eli Souza'), 53],
    // Fabi ('nunca responder'): stored, never answered.
    ['messages.upsert', text(FABI, 'Oi, é a Fabi, sua irmã', 'Fabi'), 55],
  ];
}

function inputsFor(side: Side, events: [string, unknown, number][], start: number): IngestInput[] {
  return events.map(([event, data, offset]) => ({
    eventId: null,
    number: side.number,
    event,
    data,
    receivedAt: new Date(start + offset),
  }));
}

// --- what is compared --------------------------------------------------------------------------

type Row = Record<string, unknown>;

async function storedState(side: Side) {
  const q = async (query: ReturnType<typeof sql>) => resultRows<Row>(await side.t.database.db.execute(query));
  const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());
  const conversations = (
    await q(sql`select contact_jid, contact_phone, contact_lid, contact_name, type, agente_ativo, opted_out, never_answer, last_message,
                       last_message_preview, unread_count
                from conversations where number_id = ${side.number.id} order by contact_jid`)
  ).map((r): Row => ({ ...r, last_message: iso(r.last_message) }));
  const messages = (
    await q(sql`select c.contact_jid, m.external_id, m.direction, m.content, m.from_me, m.author, m.message_type, m.status, m.error,
                       m.created_at, m.media_url is not null as has_media, m.media_filename, m.media_mimetype, m.media_size,
                       m.media_duration, m.media_width, m.media_height, m.contact_reaction, m.owner_reaction,
                       m.edited_at is not null as edited, m.deleted_at is not null as deleted
                from messages m join conversations c on c.id = m.conv_id
                where c.number_id = ${side.number.id} order by c.contact_jid, m.created_at, m.external_id`)
  ).map((r): Row => ({ ...r, created_at: iso(r.created_at) }));
  const bursts = (
    await q(sql`select c.contact_jid, b.state, b.reason, b.first_message_at, b.last_message_at, b.due_at, b.version
                from reply_bursts b join conversations c on c.id = b.conv_id
                where c.number_id = ${side.number.id} order by c.contact_jid, b.created_at`)
  ).map((r): Row => ({
    ...r,
    first_message_at: iso(r.first_message_at),
    last_message_at: iso(r.last_message_at),
    due_at: iso(r.due_at),
  }));
  return { conversations, messages, bursts };
}

let batch: Side;
let oneByOne: Side;
let batchState: Awaited<ReturnType<typeof storedState>>;
let oneState: Awaited<ReturnType<typeof storedState>>;

beforeAll(async () => {
  batch = await openSide();
  oneByOne = await openSide();
  const events = scenario();
  const start = Date.now();
  await ingestBatch(batch.deps, inputsFor(batch, events, start));
  for (const input of inputsFor(oneByOne, events, start)) await ingestGatewayEvent(oneByOne.deps, input);
  // Then Caio's conversation is Manual with no return time (the owner chose 'nunca'), and he writes again.
  const later: [string, unknown, number][] = [
    ['messages.upsert', fixtures.text('Alguém aí?', { key: { remoteJid: CAIO }, pushName: 'Caio Prado' }), 60],
  ];
  for (const side of [batch, oneByOne]) {
    await side.t.database.db.execute(
      sql`update conversations set agente_ativo = false, ai_resumes_at = null where contact_jid = ${CAIO}`,
    );
  }
  await ingestBatch(batch.deps, inputsFor(batch, later, start));
  for (const input of inputsFor(oneByOne, later, start)) await ingestGatewayEvent(oneByOne.deps, input);
  batchState = await storedState(batch);
  oneState = await storedState(oneByOne);
}, 120_000);

afterAll(async () => {
  await batch?.t.close();
  await oneByOne?.t.close();
});

describe('ingestion parity: batch and one by one store the same', () => {
  it('the batch statement itself succeeded (no fall back to one by one), Manual chats without a return time included', () => {
    expect(warnings).toEqual([]);
  });

  it('the scenario stored what it should (the comparison below is not of two empty sets)', () => {
    expect(oneState.conversations.map((c) => c.contact_jid)).toEqual(
      [ANA, BETO, CAIO, DORA, ELI, FABI, GROUP_JID].sort(),
    );
    expect(oneState.messages).toHaveLength(18);
    const conv = (jid: string) => oneState.conversations.find((c) => c.contact_jid === jid)!;
    expect([conv(ANA).agente_ativo, conv(ELI).agente_ativo, conv(FABI).agente_ativo]).toEqual([true, false, false]);
    expect(conv(FABI).never_answer).toBe(true);
    expect(oneState.messages.filter((m) => m.has_media)).toHaveLength(1);
    expect(oneState.bursts.length).toBeGreaterThanOrEqual(3);
    const byText = (start: string) => oneState.messages.find((m) => String(m.content).startsWith(start))!;
    expect(byText('Oi Caio, aqui é a dona')).toMatchObject({
      content: 'Oi Caio, aqui é a dona da loja',
      edited: false,
      deleted: false,
      contact_reaction: '👍',
    });
    expect(byText('Olá, tudo bem')).toMatchObject({
      content: 'Olá, tudo bem? Sou o Caio',
      edited: true,
      deleted: false,
      owner_reaction: '❤️',
    });
  });

  it('conversations: names, phones, type, AI switch, opt-out, last message, preview, unread count', () => {
    expect(batchState.conversations).toEqual(oneState.conversations);
  });

  it('messages: each once, with direction, author, type, status, time and media fields', () => {
    expect(batchState.messages).toEqual(oneState.messages);
  });

  // `version` counts extensions (one per message one by one, one per statement in a batch): it only
  // invalidates a reply in preparation, so it legitimately differs and is left out.
  const withoutVersion = (rows: Row[]) => rows.map(({ version: _v, ...r }) => r);
  const open = (rows: Row[]) => withoutVersion(rows.filter((b) => b.state === 'waiting' || b.state === 'generating'));

  it('reply bursts: the open ones (what gets answered, and when) are the same', () => {
    expect(open(batchState.bursts)).toEqual(open(oneState.bursts));
    expect(open(oneState.bursts).map((b) => b.contact_jid)).toEqual([ANA, BETO]);
  });

  it('reply bursts: the takeover leaves the same cancelled burst', () => {
    const takeover = (rows: Row[]) => withoutVersion(rows.filter((b) => b.reason === 'takeover'));
    expect(takeover(batchState.bursts)).toEqual(takeover(oneState.bursts));
    expect(takeover(oneState.bursts)).toHaveLength(1);
  });

  // A message and an opt-out word ('PARE') from the same contact in one batch: the opt-out goes one by
  // one after the run, so both paths leave the same cancelled ('opt-out') burst.
  it('reply bursts: all rows, cancelled ones included, are the same', () => {
    expect(withoutVersion(batchState.bursts)).toEqual(withoutVersion(oneState.bursts));
  });
});
