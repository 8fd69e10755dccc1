/**
 * Media retention (modules/privacy, decision 031): files of messages older than MEDIA_RETENTION_DAYS are
 * removed by the daily job and the rows lose their links (the messages stay); newer media stays. The
 * owner sees the period at GET /api/privacy. Webhook bodies: webhook-retention.test.ts.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueItems, conversations, messages, numbers } from '../src/db/schema/index.ts';
import { removeExpiredMedia } from '../src/modules/privacy/media-retention.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { signedIn } from './training-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { MEDIA_RETENTION_DAYS: '30' } });
});
afterAll(async () => {
  await t?.close();
});

const DAY = 24 * 3600 * 1000;

async function shopWithConversation(userId: string, phone: string) {
  const [number] = await t.database.db
    .insert(numbers)
    .values({ userId, token: `tok-${phone}`, phone, instanceName: `ret-${phone}` })
    .returning();
  const [conv] = await t.database.db
    .insert(conversations)
    .values({ userId, numberId: number!.id, contactJid: '5511977776666@s.whatsapp.net' })
    .returning();
  return { number: number!, conv: conv! };
}

describe('media retention', () => {
  it('shows the period to the owner', async () => {
    const { client } = await signedIn(t);
    const res = await client.get('/api/privacy');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ mediaRetentionDays: 30 });
    expect((await t.client().get('/api/privacy')).statusCode).toBe(401);
  });

  it('removes files older than the period and keeps the messages and newer media', async () => {
    const { userId } = await signedIn(t);
    const { conv } = await shopWithConversation(userId, '5511911110001');
    const storage = t.app.deps.storage;
    const now = new Date();
    const file = (text: string) => storage.save(userId, Buffer.from(text), { mimetype: 'image/jpeg' });
    const [old, oldThumb, recent] = await Promise.all([file('velha'), file('miniatura'), file('nova')]);
    const rows = await t.database.db
      .insert(messages)
      .values([
        {
          userId,
          convId: conv.id,
          direction: 'in',
          author: 'contact',
          messageType: 'image',
          content: 'foto antiga',
          mediaUrl: old!.url,
          thumbnailUrl: oldThumb!.url,
          mediaMimetype: 'image/jpeg',
          createdAt: new Date(now.getTime() - 31 * DAY),
        },
        {
          userId,
          convId: conv.id,
          direction: 'in',
          author: 'contact',
          messageType: 'image',
          mediaUrl: recent!.url,
          mediaMimetype: 'image/jpeg',
          createdAt: new Date(now.getTime() - 29 * DAY),
        },
      ])
      .returning();

    const run = await removeExpiredMedia(t.database.db, storage, { now, retentionDays: 30 });
    expect(run).toMatchObject({ messages: 1, files: 2 });
    expect(await storage.read(old!.key)).toBeNull();
    expect(await storage.read(oldThumb!.key)).toBeNull();
    expect((await storage.read(recent!.key))?.data.toString()).toBe('nova');
    const after = await t.database.db
      .select()
      .from(messages)
      .where(
        inArray(
          messages.id,
          rows.map((r) => r.id),
        ),
      );
    const oldRow = after.find((r) => r.id === rows[0]!.id)!;
    expect(oldRow).toMatchObject({ mediaUrl: null, thumbnailUrl: null, content: 'foto antiga', messageType: 'image' });
    expect(after.find((r) => r.id === rows[1]!.id)!.mediaUrl).toBe(recent!.url);
    // A second run finds nothing left to do.
    expect(await removeExpiredMedia(t.database.db, storage, { now, retentionDays: 30 })).toEqual({
      messages: 0,
      files: 0,
    });
  });

  it('keeps a file something else still uses: a catalogue photo sent in an answer, a newer message', async () => {
    const { userId } = await signedIn(t);
    const { conv } = await shopWithConversation(userId, '5511911110003');
    const storage = t.app.deps.storage;
    const now = new Date();
    const photo = await storage.save(userId, Buffer.from('bolo'), { mimetype: 'image/jpeg' });
    const shared = await storage.save(userId, Buffer.from('encaminhada'), { mimetype: 'image/jpeg' });
    await t.database.db.insert(catalogueItems).values({ userId, name: 'Bolo de cenoura', photoKey: photo.key });
    const old = new Date(now.getTime() - 40 * DAY);
    const base = { userId, convId: conv.id, direction: 'out' as const, author: 'ai' as const, messageType: 'image' };
    await t.database.db.insert(messages).values([
      { ...base, mediaUrl: photo.url, createdAt: old },
      { ...base, mediaUrl: shared.url, createdAt: old },
      { ...base, mediaUrl: shared.url, createdAt: now },
    ]);
    await removeExpiredMedia(t.database.db, storage, { now, retentionDays: 30 });
    expect((await storage.read(photo.key))?.data.toString()).toBe('bolo');
    expect((await storage.read(shared.key))?.data.toString()).toBe('encaminhada');
    const rows = await t.database.db.select().from(messages).where(eq(messages.convId, conv.id));
    expect(rows.filter((r) => r.mediaUrl === null)).toHaveLength(2);
  });
});
