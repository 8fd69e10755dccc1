/**
 * Contact pictures (GET /api/conversations/:id/avatar): the service against the real database with
 * a gateway that answers as told (the simulator never has pictures), and the in-memory cache.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations, numbers, user } from '../src/db/schema/index.ts';
import type { Gateway } from '../src/integrations/gateway/gateway.ts';
import { createAvatarCache } from '../src/modules/conversations/avatar-cache.ts';
import { getContactAvatar } from '../src/modules/conversations/get-contact-avatar.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.dispose();
});

let seq = 0;
async function seed(type: 'chat' | 'group' = 'chat') {
  seq += 1;
  const userId = randomUUID();
  await database.db.insert(user).values({ id: userId, name: 'Ana', email: `ana.${userId}@exemplo.com.br` });
  const [number] = await database.db
    .insert(numbers)
    .values({
      userId,
      token: 't',
      phone: `5511900000${String(seq).padStart(3, '0')}`,
      instanceName: `vendai-avatar-${seq}`,
    })
    .returning();
  const jid =
    type === 'group' ? `1203630000000${seq}@g.us` : `5521988887${String(seq).padStart(3, '0')}@s.whatsapp.net`;
  const [conv] = await database.db
    .insert(conversations)
    .values({
      userId,
      numberId: number!.id,
      contactJid: jid,
      contactPhone: type === 'group' ? null : jid.split('@')[0],
      type,
    })
    .returning();
  return { userId, convId: conv!.id, instanceName: number!.instanceName, jid };
}

/** Only the call this feature makes; every other method of the port is unused here. */
function gatewayAnswering(answer: (instance: string, number: string) => Promise<string | null>) {
  const calls: [string, string][] = [];
  const gateway = {
    kind: 'simulator',
    profilePictureUrl: (instance: string, number: string) => {
      calls.push([instance, number]);
      return answer(instance, number);
    },
  } as unknown as Gateway;
  return { gateway, calls };
}

describe('getContactAvatar', () => {
  it('asks the gateway once for the contact’s phone, then answers from the cache', async () => {
    const s = await seed();
    const { gateway, calls } = gatewayAnswering(async () => 'https://pps.whatsapp.net/v/t61/foto.jpg?oe=1');
    const deps = { db: database.db, gateway, avatars: createAvatarCache() };
    const answers = await Promise.all(
      [1, 2, 3].map(() => getContactAvatar({ deps, accountId: s.userId, id: s.convId })),
    );
    expect(answers).toEqual(Array(3).fill({ url: 'https://pps.whatsapp.net/v/t61/foto.jpg?oe=1' }));
    await getContactAvatar({ deps, accountId: s.userId, id: s.convId });
    expect(calls).toEqual([[s.instanceName, s.jid.split('@')[0]]]);
  });

  it('groups are looked up by their JID', async () => {
    const s = await seed('group');
    const { gateway, calls } = gatewayAnswering(async () => null);
    await getContactAvatar({
      deps: { db: database.db, gateway, avatars: createAvatarCache() },
      accountId: s.userId,
      id: s.convId,
    });
    expect(calls).toEqual([[s.instanceName, s.jid]]);
  });

  it('a failing, slow or odd answer is null, never an error', async () => {
    const s = await seed();
    const failing = gatewayAnswering(async () => {
      throw new Error('Erro na Evolution API (500)');
    });
    const hanging = gatewayAnswering(() => new Promise<string | null>(() => {}));
    const odd = gatewayAnswering(async () => 'javascript:alert(1)');
    for (const { gateway } of [failing, hanging, odd]) {
      const res = await getContactAvatar({
        deps: { db: database.db, gateway, avatars: createAvatarCache() },
        accountId: s.userId,
        id: s.convId,
        timeoutMs: 50,
      });
      expect(res).toEqual({ url: null });
    }
  });

  it('another user’s conversation is not found, and the gateway is not asked', async () => {
    const s = await seed();
    const other = await seed();
    const { gateway, calls } = gatewayAnswering(async () => 'https://x.test/a.jpg');
    await expect(
      getContactAvatar({
        deps: { db: database.db, gateway, avatars: createAvatarCache() },
        accountId: other.userId,
        id: s.convId,
      }),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
      status: 404,
    });
    expect(calls).toEqual([]);
  });
});

describe('createAvatarCache', () => {
  it('keeps a picture for an hour and a miss for ten minutes', async () => {
    let now = 0;
    const cache = createAvatarCache({ now: () => now });
    let loads = 0;
    const load = (url: string | null) => async () => {
      loads += 1;
      return url;
    };
    await cache.get('a', load('https://x.test/a.jpg'));
    await cache.get('b', load(null));
    now = 9 * 60_000;
    await cache.get('a', load('https://x.test/a.jpg'));
    await cache.get('b', load(null));
    expect(loads).toBe(2);
    now = 11 * 60_000;
    await cache.get('a', load('https://x.test/a.jpg'));
    await cache.get('b', load('https://x.test/b.jpg'));
    expect(loads).toBe(3);
    now = 61 * 60_000;
    expect(await cache.get('a', load('https://x.test/a2.jpg'))).toBe('https://x.test/a2.jpg');
  });

  it('drops the oldest entries past its size', async () => {
    const cache = createAvatarCache({ maxEntries: 2 });
    let loads = 0;
    const load = async () => {
      loads += 1;
      return 'https://x.test/p.jpg';
    };
    await cache.get('a', load);
    await cache.get('b', load);
    await cache.get('c', load);
    await cache.get('c', load);
    await cache.get('a', load);
    expect(loads).toBe(4);
  });
});
