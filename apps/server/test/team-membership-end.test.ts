/**
 * A membership ends when the owner says so, and begins only from an account with nothing running
 * (docs/decisions/051-verified-email-and-membership-end.md), over HTTP and the realtime socket of the
 * real app with the simulator: removing an attendant closes their socket at once (4401, before any later
 * event of the account) and ends their sessions (next request 401); someone whose own account has a
 * number or an agent cannot accept an invitation. PGlite and PostgreSQL.
 */
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TEAM_MESSAGES } from '@vendai/contracts/team';
import { agentes, mailOutbox } from '../src/db/schema/index.ts';
import { customerSays, openShop, type Shop, waitFor } from './helpers/engine-harness.ts';
import { useEngineApp } from './helpers/engine-test.ts';
import { newPerson, TEST_ORIGIN } from './helpers/test-app.ts';
import { connectWs } from './helpers/ws-client.ts';

const e = useEngineApp();
const db = () => e.t.database.db;

async function inviteCode(owner: Shop, email: string): Promise<string> {
  const res = await owner.client.post('/api/team/invitations', { email });
  expect(res.statusCode, res.body).toBe(201);
  const [mail] = await db()
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.createdAt));
  return decodeURIComponent(/\/convite\?code=(\S+)/.exec(mail!.text)![1]!);
}

const socketOf = (cookie: string) =>
  connectWs(`${e.baseUrl.replace(/^http/, 'ws')}/api/realtime`, { origin: TEST_ORIGIN, cookie });

describe('removing a member', () => {
  it('closes their socket at once and ends their sessions; the owner’s socket hears it; nothing later reaches them', async () => {
    const owner = await openShop(e);
    const person = newPerson({ fullName: 'Bruno Lima' });
    const code = await inviteCode(owner, person.email);
    const bruno = e.t.client();
    expect((await bruno.register(person)).statusCode).toBe(201);
    expect((await bruno.post('/api/team/invitations/accept', { code })).statusCode).toBe(200);
    const brunoId = (await bruno.get('/api/account/me')).json().user.id as string;
    // A second session of his (another device).
    const phone = e.t.client();
    expect((await phone.signIn(person.email, person.password)).statusCode).toBe(200);

    const brunoWs = await socketOf(bruno.cookieHeader());
    const ownerWs = await socketOf(owner.client.cookieHeader());
    try {
      // While a member, he hears the account's live messages.
      await customerSays(e, owner, 'Oi, tem bolo de cenoura?', { phone: '5511977770000', name: 'Carla Dias' });
      await brunoWs.waitFor((m) => m.event === 'message.created');

      const removed = await owner.client.request({ method: 'DELETE', url: `/api/team/members/${brunoId}` });
      expect(removed.statusCode).toBe(204);
      // No heartbeat involved: closed on the removal's own event.
      expect(await brunoWs.closed).toBe(4401);
      await ownerWs.waitFor((m) => m.event === 'member.removed' && (m.data as { userId: string }).userId === brunoId);
      const heard = brunoWs.messages.length;

      expect((await bruno.get('/api/conversations')).statusCode).toBe(401);
      expect((await phone.get('/api/account/me')).statusCode).toBe(401);
      await expect(socketOf(bruno.cookieHeader())).rejects.toMatchObject({ statusCode: 401 });

      // A later customer message reaches the owner, not him.
      await customerSays(e, owner, 'Ainda estão aí?', { phone: '5511977770000', name: 'Carla Dias' });
      await ownerWs.waitFor((m) => m.event === 'message.created' && JSON.stringify(m.data).includes('Ainda estão aí?'));
      expect(brunoWs.messages).toHaveLength(heard);
      expect(brunoWs.messages.some((m) => m.event === 'member.removed')).toBe(false);
    } finally {
      await brunoWs.close();
      await ownerWs.close();
    }
  });
});

describe('accepting an invitation', () => {
  it('is refused while one’s own account has a number or an agent, with what to do; a fresh account may accept', async () => {
    const owner = await openShop(e);
    // Another shop owner with a live number and agent, invited by e-mail.
    const other = await openShop(e);
    const otherEmail = (await other.client.get('/api/account/me')).json().user.email as string;
    const code = await inviteCode(owner, otherEmail);
    const refused = await other.client.post('/api/team/invitations/accept', { code });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(TEAM_MESSAGES.ownsShop);
    expect((await other.client.get('/api/account/me')).json().team).toMatchObject({ role: 'owner', size: 1 });

    // Only an agent, no number: still refused.
    const person = newPerson();
    const agentOnly = e.t.client();
    const reg = await agentOnly.register(person);
    await db()
      .insert(agentes)
      .values({ userId: reg.json().user.id as string, apelido: 'Luna' });
    const code2 = await inviteCode(owner, person.email);
    const refused2 = await agentOnly.post('/api/team/invitations/accept', { code: code2 });
    expect(refused2.statusCode).toBe(409);
    expect(refused2.json().error.message).toBe(TEAM_MESSAGES.ownsShop);
    // The agent deleted: the same link now works.
    await db()
      .delete(agentes)
      .where(eq(agentes.userId, reg.json().user.id as string));
    const accepted = await agentOnly.post('/api/team/invitations/accept', { code: code2 });
    expect(accepted.statusCode, accepted.body).toBe(200);

    // A fresh account with nothing; the owner's open page hears that the team changed.
    const ownerWs = await socketOf(owner.client.cookieHeader());
    try {
      const fresh = newPerson();
      const code3 = await inviteCode(owner, fresh.email);
      const freshClient = e.t.client();
      expect((await freshClient.register(fresh)).statusCode).toBe(201);
      expect((await freshClient.post('/api/team/invitations/accept', { code: code3 })).statusCode).toBe(200);
      const freshId = (await freshClient.get('/api/account/me')).json().user.id as string;
      await ownerWs.waitFor((m) => m.event === 'member.joined' && (m.data as { userId: string }).userId === freshId);
      await waitFor(async () => (await owner.client.get('/api/team')).json().members.length === 3, 'three people');
    } finally {
      await ownerWs.close();
    }
  });
});
