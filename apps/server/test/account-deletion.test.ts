/**
 * 'Excluir minha conta' (POST /api/privacy/delete-account, decision 031): confirmed by the password; the
 * numbers are deleted at the gateway, the subscription is cancelled at the payments stand-in, the session
 * ends, and nothing of the account is left in any table of the schema or in the media folder, while
 * another account is untouched. The list of tables is derived from the schema, so a new table with an
 * account's data and no way out fails here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PRIVACY_MESSAGES } from '@vendai/contracts';
import { resultRows } from '../src/db/rows.ts';
import { conversations, messages } from '../src/db/schema/index.ts';
import {
  cascadingTables,
  NOT_ACCOUNT_DATA,
  REMOVED_BY_HAND,
  schemaTables,
} from '../src/modules/privacy/delete-account-repository.ts';
import { rollUpPendingAccounts } from '../src/modules/results/rollup-job.ts';
import { checkoutAndPay, profileOf } from './helpers/billing-helpers.ts';
import { createNumber } from './helpers/number-helpers.ts';
import { createListeningTestApp, type ListeningTestApp } from './helpers/gateway-helpers.ts';
import { newPerson, type TestClient } from './helpers/test-app.ts';
import { createAgent } from './training-helpers.ts';

let t: ListeningTestApp;
beforeAll(async () => {
  // Listening: numbers are created at the built-in simulator over HTTP, like the real gateway.
  t = await createListeningTestApp();
});
afterAll(async () => {
  await t?.close();
});

interface Owner {
  client: TestClient;
  userId: string;
  email: string;
  password: string;
  phone: string;
}

/** An account with data in as many tables as the API and the engine fill. */
async function busyAccount(paid: boolean): Promise<Owner> {
  const client = t.client();
  const body = await client.registerOk();
  const userId = (await client.get('/api/account/me')).json().user.id as string;
  await createAgent(client, 'Luna');
  const { number, phone } = await createNumber(client);
  const [conv] = await t.database.db
    .insert(conversations)
    .values({ userId, numberId: number.id, contactJid: `55119${phone.digits.slice(-8)}@s.whatsapp.net` })
    .returning();
  const photo = await t.app.deps.storage.save(userId, Buffer.from('foto'), { mimetype: 'image/jpeg' });
  const hourAgo = new Date(Date.now() - 2 * 3600 * 1000);
  await t.database.db.insert(messages).values([
    { userId, convId: conv!.id, direction: 'in', author: 'contact', content: 'Oi', createdAt: hourAgo },
    { userId, convId: conv!.id, direction: 'out', author: 'ai', content: 'Olá!', status: 'sent', createdAt: hourAgo },
    { userId, convId: conv!.id, direction: 'in', author: 'contact', messageType: 'image', mediaUrl: photo.url },
  ]);
  await client.request({
    method: 'PUT',
    url: `/api/conversations/${conv!.id}/never-answer`,
    payload: { never_answer: true },
  });
  await client.post('/api/feedback', { tipo: 'geral', email: body.email, sugestao: 'Gostei muito.' });
  await client.post('/api/auth/request-password-reset', { email: body.email, redirectTo: '/reset-password' });
  await client.post('/api/catalogue', { name: 'Bolo de cenoura', price: 4500 });
  if (paid) {
    await checkoutAndPay(t, client);
    await vi.waitFor(async () => expect((await profileOf(t, userId)).subscriptionStatus).toBe('active'), {
      timeout: 10_000,
    });
  }
  return { client, userId, email: body.email, password: body.password, phone: phone.digits };
}

/** Rows of every schema table whose text mentions one of the needles (the whole row as text). */
async function rowsMentioning(needles: string[]): Promise<Record<string, number>> {
  const found: Record<string, number> = {};
  for (const table of schemaTables()) {
    const name = getTableConfig(table).name;
    const where = sql.join(
      needles.map((n) => sql`lower(x::text) like ${`%${n.toLowerCase()}%`}`),
      sql` or `,
    );
    const [row] = resultRows<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from ${sql.identifier(name)} x where ${where}`),
    );
    if (row!.n > 0) found[name] = row!.n;
  }
  return found;
}

describe('Excluir minha conta', () => {
  it('every table is removed with the account, removed by hand, or holds no account data', () => {
    const cascading = cascadingTables();
    const uncovered = schemaTables()
      .map((table) => getTableConfig(table).name)
      .filter((name) => !cascading.has(name) && !(name in REMOVED_BY_HAND) && !(name in NOT_ACCOUNT_DATA));
    expect(uncovered).toEqual([]);
    // A table with a user column must reach the user by a cascading key.
    for (const table of schemaTables()) {
      const config = getTableConfig(table);
      if (config.columns.some((c) => c.name === 'user_id' || c.name === 'uid'))
        expect(cascading.has(config.name), config.name).toBe(true);
    }
  });

  it('refuses a wrong password and leaves everything as it was', async () => {
    const owner = await busyAccount(false);
    const wrong = await owner.client.post('/api/privacy/delete-account', { password: 'não-é-essa' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(PRIVACY_MESSAGES.wrongPassword);
    const empty = await owner.client.post('/api/privacy/delete-account', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields.password).toBe(PRIVACY_MESSAGES.passwordRequired);
    expect((await owner.client.get('/api/account/me')).statusCode).toBe(200);
    expect(await rowsMentioning([owner.userId])).toMatchObject({ user: 1, messages: 3 });
    expect((await t.client().post('/api/privacy/delete-account', { password: 'x' })).statusCode).toBe(401);
  });

  it('removes every row and file of the account, cancels the subscription, signs out; others untouched', async () => {
    const owner = await busyAccount(true);
    const other = await busyAccount(false);
    await rollUpPendingAccounts(t.database.db, new Date());
    const customer = (await profileOf(t, owner.userId)).stripeCustomerId!;
    const subscriptionId = (await profileOf(t, owner.userId)).activeSubscriptionId!;
    const mediaRoot = path.join(t.env.dataDir, 'media');
    expect(fs.existsSync(path.join(mediaRoot, owner.userId))).toBe(true);
    const before = await rowsMentioning([other.userId]);
    expect(Object.keys(await rowsMentioning([owner.userId])).length).toBeGreaterThanOrEqual(15);

    const res = await owner.client.post('/api/privacy/delete-account', { password: owner.password });
    expect(res.statusCode, res.body).toBe(204);

    expect(await rowsMentioning([owner.userId, owner.email, owner.phone, customer])).toEqual({});
    expect(fs.existsSync(path.join(mediaRoot, owner.userId))).toBe(false);
    const subscription = await t.app.billing.standin!.store.get('subscription', subscriptionId);
    expect(subscription?.status).toBe('canceled');
    expect(owner.client.sessionToken).toBeUndefined();
    expect((await owner.client.get('/api/account/me')).statusCode).toBe(401);
    expect((await t.client().signIn(owner.email, owner.password)).statusCode).toBe(401);

    expect(await rowsMentioning([other.userId])).toEqual(before);
    expect(fs.existsSync(path.join(mediaRoot, other.userId))).toBe(true);
    expect((await other.client.get('/api/account/me')).statusCode).toBe(200);
  });

  it("leaves other people's counters and mail alone, however alike their e-mails ('_' is no wildcard)", async () => {
    const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const owner = t.client();
    const ownerBody = await owner.registerOk({ email: `a_b.${id}@exemplo.com.br` });
    // 'axb…' matches 'a_b…' as a LIKE pattern; 'xa_b…' holds 'a_b…' inside it.
    const lookalike = newPerson({ email: `axb.${id}@exemplo.com.br` });
    const container = newPerson({ email: `xa_b.${id}@exemplo.com.br` });
    for (const person of [lookalike, container]) {
      const client = t.client();
      await client.registerOk(person);
      await client.post('/api/auth/request-password-reset', { email: person.email, redirectTo: '/reset-password' });
      await client.post('/api/feedback', { tipo: 'geral', email: person.email, sugestao: 'Tudo certo por aqui.' });
    }
    const theirs = async () => {
      const [row] = resultRows<{ counters: number; mails: number }>(
        await t.database.db.execute(sql`
          select (select count(*)::int from rate_limit_counters
                   where strpos(lower(key), ${`axb.${id}@`}) > 0 or strpos(lower(key), ${`xa_b.${id}@`}) > 0) as counters,
                 (select count(*)::int from mail_outbox
                   where strpos(lower("to" || text), ${`axb.${id}@`}) > 0
                      or strpos(lower("to" || text), ${`xa_b.${id}@`}) > 0) as mails`),
      );
      return row!;
    };
    const before = await theirs();
    expect(before.counters).toBeGreaterThanOrEqual(2);
    expect(before.mails).toBeGreaterThanOrEqual(2);

    const res = await owner.post('/api/privacy/delete-account', { password: ownerBody.password });
    expect(res.statusCode, res.body).toBe(204);
    expect(await theirs()).toEqual(before);
    const [own] = resultRows<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from mail_outbox where lower("to") = lower(${ownerBody.email})`,
      ),
    );
    expect(own!.n).toBe(0);
  });
});
