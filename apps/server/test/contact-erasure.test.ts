/**
 * 'Apagar dados deste contato' (DELETE /api/privacy/conversations/:id, decision 031): the contact's
 * conversation, messages, media files, media insights and stored webhooks go; Resultados' rolled-up
 * figures stay the same but no longer name the conversation; another conversation and another
 * account are untouched; another account's conversation is 404.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PRIVACY_MESSAGES } from '@vendai/contracts';
import { resultRows } from '../src/db/rows.ts';
import {
  catalogueItems,
  conversations,
  gatewayEvents,
  messageInsights,
  messages,
  numbers,
  resultsActiveHourly,
} from '../src/db/schema/index.ts';
import { rollUpPendingAccounts } from '../src/modules/results/rollup-job.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { signedIn } from './training-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const HOUR = 3600 * 1000;

async function conversationWith(userId: string, numberId: string, jid: string, at: Date) {
  const [conv] = await t.database.db
    .insert(conversations)
    .values({ userId, numberId, contactJid: jid, contactName: `Contato ${jid.slice(0, 4)}`, createdAt: at })
    .returning();
  const photo = await t.app.deps.storage.save(userId, Buffer.from(`foto ${jid}`), { mimetype: 'image/jpeg' });
  const rows = await t.database.db
    .insert(messages)
    .values([
      { userId, convId: conv!.id, direction: 'in', author: 'contact', content: 'Oi, quero um bolo', createdAt: at },
      {
        userId,
        convId: conv!.id,
        direction: 'in',
        author: 'contact',
        messageType: 'image',
        mediaUrl: photo.url,
        createdAt: new Date(at.getTime() + 1000),
      },
      {
        userId,
        convId: conv!.id,
        direction: 'out',
        author: 'ai',
        status: 'sent',
        content: 'Claro!',
        createdAt: new Date(at.getTime() + 60_000),
      },
    ])
    .returning();
  await t.database.db
    .insert(messageInsights)
    .values({ messageId: rows[1]!.id, userId, convId: conv!.id, kind: 'description', state: 'done', text: 'Um bolo' });
  await t.database.db.insert(gatewayEvents).values({
    numberId,
    event: 'messages.upsert',
    eventKey: `ev-${jid}`,
    payload: { event: 'messages.upsert', data: { key: { remoteJid: jid, id: `ev-${jid}` }, message: {} } },
    processedAt: new Date(),
  });
  return { conv: conv!, photo };
}

describe('Apagar dados deste contato', () => {
  it('erases the contact and keeps Resultados’ figures without the contact', async () => {
    const { client, userId } = await signedIn(t);
    const [number] = await t.database.db
      .insert(numbers)
      .values({ userId, token: 'tok-erase', phone: '5511944440001', instanceName: `erase-${Date.now()}` })
      .returning();
    const at = new Date(Date.now() - 30 * HOUR);
    const gone = await conversationWith(userId, number!.id, '5511955550001@s.whatsapp.net', at);
    const kept = await conversationWith(userId, number!.id, '5511955550002@s.whatsapp.net', at);
    await rollUpPendingAccounts(t.database.db, new Date());
    const figures = async () => (await client.get('/api/results?period=7d')).json().current;
    let before = await figures();
    expect(before.customersWhoWrote ?? before.messagesIn).toBeGreaterThan(0);

    // An answer that showed a catalogue photo: the catalogue's file, not the contact's.
    const catalogue = await t.app.deps.storage.save(userId, Buffer.from('bolo'), { mimetype: 'image/jpeg' });
    await t.database.db.insert(catalogueItems).values({ userId, name: 'Bolo', photoKey: catalogue.key });
    await t.database.db.insert(messages).values({
      userId,
      convId: gone.conv.id,
      direction: 'out',
      author: 'ai',
      messageType: 'image',
      mediaUrl: catalogue.url,
      createdAt: new Date(at.getTime() + 120_000),
    });
    await rollUpPendingAccounts(t.database.db, new Date());
    before = await figures();
    const publish = vi.spyOn(t.app.deps.realtime, 'publish');
    const res = await client.request({ method: 'DELETE', url: `/api/privacy/conversations/${gone.conv.id}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(publish).toHaveBeenCalledWith(userId, { event: 'conversation.deleted', data: { id: gone.conv.id } });
    expect(res.json()).toEqual({ messages: 4, mediaFiles: 1 });
    expect((await t.app.deps.storage.read(catalogue.key))?.data.toString()).toBe('bolo');

    const db = t.database.db;
    expect(await db.select().from(conversations).where(eq(conversations.id, gone.conv.id))).toEqual([]);
    expect(await db.select().from(messages).where(eq(messages.convId, gone.conv.id))).toEqual([]);
    expect(await db.select().from(messageInsights).where(eq(messageInsights.convId, gone.conv.id))).toEqual([]);
    expect(await db.select().from(resultsActiveHourly).where(eq(resultsActiveHourly.convId, gone.conv.id))).toEqual([]);
    const mentions = resultRows<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from gateway_events where payload::text like '%5511955550001%'`),
    );
    expect(mentions[0]!.n).toBe(0);
    expect(await t.app.deps.storage.read(gone.photo.key)).toBeNull();
    // The figures of the rolled hours are the same: the contact is counted, not named.
    expect(await figures()).toEqual(before);

    // The other conversation is whole.
    expect(await db.select().from(messages).where(eq(messages.convId, kept.conv.id))).toHaveLength(3);
    expect((await t.app.deps.storage.read(kept.photo.key))?.data.toString()).toContain('foto');
    expect((await client.get(`/api/conversations/${kept.conv.id}`)).statusCode).toBe(200);
    expect((await client.get(`/api/conversations/${gone.conv.id}`)).statusCode).toBe(404);
  });

  it('answers 404 for another account’s conversation and for an unknown one', async () => {
    const owner = await signedIn(t);
    const [number] = await t.database.db
      .insert(numbers)
      .values({
        userId: owner.userId,
        token: 'tok-erase2',
        phone: '5511944440002',
        instanceName: `erase2-${Date.now()}`,
      })
      .returning();
    const { conv } = await conversationWith(owner.userId, number!.id, '5511955550003@s.whatsapp.net', new Date());
    const stranger = await signedIn(t);
    for (const url of [`/api/privacy/conversations/${conv.id}`, '/api/privacy/conversations/nao-existe']) {
      const res = await stranger.client.request({ method: 'DELETE', url });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(PRIVACY_MESSAGES.conversationNotFound);
    }
    expect(await t.database.db.select().from(messages).where(eq(messages.convId, conv.id))).toHaveLength(3);
    expect(
      (await t.client().request({ method: 'DELETE', url: `/api/privacy/conversations/${conv.id}` })).statusCode,
    ).toBe(401);
  });
});
