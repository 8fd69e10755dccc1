/**
 * The team (docs/decisions/044-team-roles-and-assignment.md), over HTTP and the realtime socket of the
 * real app with the simulator: the owner invites by e-mail, the attendant accepts and works in the
 * owner's inbox (messages record who typed them), owner areas answer 403, another account's ids 404;
 * removal, re-invitation, expired and reused links; assignment and the list's filters with keyset
 * paging; events reaching a member's socket; a handoff to a chosen attendant. PGlite and PostgreSQL.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ATTENDANT_PERMISSIONS, OWNER_ONLY_MESSAGE, TEAM_MESSAGES } from '@vendai/contracts/team';
import {
  accountInvitations,
  agentes,
  conversations,
  mailOutbox,
  messages,
  ownerAlerts,
  profiles,
} from '../src/db/schema/index.ts';
import { customerSays, openShop, sentToCustomers, type Shop, waitFor } from './helpers/engine-harness.ts';
import { useEngineApp } from './helpers/engine-test.ts';
import { newPerson, TEST_ORIGIN, type TestClient } from './helpers/test-app.ts';
import { connectWs } from './helpers/ws-client.ts';

const e = useEngineApp();
const db = () => e.t.database.db;

/** The attendant's own WhatsApp (the owner's is newPerson()'s +55 11 98765-4321). */
const ATTENDANT_PHONE = '+5511912345678';

/** Polls until `fn` gives a value (engine-harness's waitFor waits on a boolean). */
async function until<T>(fn: () => Promise<T | null>, what: string): Promise<T> {
  let found: T | null = null;
  await waitFor(async () => (found = await fn()) !== null, what);
  return found!;
}

async function invite(owner: Shop, email: string): Promise<string> {
  const res = await owner.client.post('/api/team/invitations', { email });
  expect(res.statusCode, res.body).toBe(201);
  const [mail] = await db()
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email.toLowerCase()))
    .orderBy(desc(mailOutbox.createdAt));
  const link = /\/convite\?code=(\S+)/.exec(mail!.text)!;
  return decodeURIComponent(link[1]!);
}

interface Attendant {
  client: TestClient;
  id: string;
  email: string;
  name: string;
}

async function attendantOf(owner: Shop, name = 'Bruno Lima'): Promise<Attendant> {
  const person = newPerson({ fullName: name, phone: ATTENDANT_PHONE });
  const code = await invite(owner, person.email);
  const client = e.t.client();
  const reg = await client.register(person);
  expect(reg.statusCode).toBe(201);
  const accepted = await client.post('/api/team/invitations/accept', { code });
  expect(accepted.statusCode, accepted.body).toBe(200);
  return { client, id: reg.json().user.id as string, email: person.email, name };
}

async function conversationOf(shop: Shop, phone = '5511977770000') {
  await customerSays(e, shop, 'Oi, vocês têm bolo de cenoura?', { phone, name: 'Carla Dias' });
  return until(async () => {
    const [c] = await db()
      .select()
      .from(conversations)
      .where(and(eq(conversations.numberId, shop.number.id), eq(conversations.contactPhone, phone)));
    return c ?? null;
  }, 'the conversation stored');
}

describe('invite → accept → the attendant works in the owner inbox', () => {
  it("sees the owner's inbox, sends as themselves, gets 403 on owner areas and 404 on another account's ids", async () => {
    const owner = await openShop(e);
    const conv = await conversationOf(owner);
    const other = await openShop(e);
    const otherConv = await conversationOf(other, '5511977771234');

    const person = newPerson({ fullName: 'Bruno Lima', phone: ATTENDANT_PHONE });
    const code = await invite(owner, person.email);
    // The /convite page's preview, signed out.
    const preview = await e.t.client().get(`/api/team/invitations/by-code/${encodeURIComponent(code)}`);
    // The account's name quoted (account-name-text.ts, docs/decisions/051-verified-email-and-membership-end.md).
    expect(preview.json()).toMatchObject({ status: 'valid', email: person.email, accountName: '“Mariana Souza”' });

    const attendant = e.t.client();
    expect((await attendant.register(person)).statusCode).toBe(201);
    const accept = await attendant.post('/api/team/invitations/accept', { code });
    expect(accept.statusCode, accept.body).toBe(200);
    expect(accept.json()).toEqual({ accountName: 'Mariana Souza' });

    const me = (await attendant.get('/api/account/me')).json();
    expect(me.user).toMatchObject({ name: 'Bruno Lima', email: person.email });
    expect(me.team).toEqual({
      role: 'attendant',
      accountId: owner.userId,
      accountName: 'Mariana Souza',
      size: 2,
      permissions: DEFAULT_ATTENDANT_PERMISSIONS,
    });
    expect((await owner.client.get('/api/account/me')).json().team).toMatchObject({ role: 'owner', size: 2 });

    // The owner's inbox.
    const list = (await attendant.get('/api/conversations')).json();
    expect(list.items.map((c: { id: string }) => c.id)).toEqual([conv.id]);
    expect((await attendant.get(`/api/conversations/${conv.id}/messages`)).statusCode).toBe(200);
    expect((await attendant.get('/api/numbers')).statusCode).toBe(200);
    expect((await attendant.get('/api/usage')).statusCode).toBe(200);

    // Sends as themselves: the message records who typed it.
    const sent = await attendant.post(`/api/conversations/${conv.id}/messages`, {
      text: 'Temos sim! Quer encomendar?',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const attendantId = me.user.id as string;
    expect(sent.json().sentByUserId).toBe(attendantId);
    const [stored] = await db().select().from(messages).where(eq(messages.id, sent.json().id));
    expect(stored).toMatchObject({ sentByUserId: attendantId, userId: owner.userId, author: 'owner_app' });
    await waitFor(
      async () => (await sentToCustomers(e, owner)).some((m) => m.text === 'Temos sim! Quer encomendar?'),
      'the customer got it',
    );
    // The owner's own message records the owner.
    const byOwner = await owner.client.post(`/api/conversations/${conv.id}/messages`, { text: 'Oi de novo' });
    expect(byOwner.json().sentByUserId).toBe(owner.userId);
    const page = (await owner.client.get(`/api/conversations/${conv.id}/messages`)).json();
    expect(page.items.find((m: { id: string }) => m.id === sent.json().id).sentByUserId).toBe(attendantId);

    // The team list: owner first.
    const team = (await attendant.get('/api/team')).json();
    expect(team.members.map((m: { name: string; role: string }) => [m.name, m.role])).toEqual([
      ['Mariana Souza', 'owner'],
      ['Bruno Lima', 'attendant'],
    ]);
    expect(team.invitations).toEqual([]);

    // Owner areas: 403 with the Portuguese message.
    const ownerAreas: [string, string, unknown?][] = [
      ['GET', '/api/billing/status'],
      ['GET', '/api/settings'],
      ['GET', '/api/agents/current'],
      ['GET', `/api/agents/${owner.agentId}`],
      ['PATCH', `/api/agents/${owner.agentId}`, { timing: 5 }],
      ['GET', `/api/agents/${owner.agentId}/prompt-versions`],
      ['POST', '/api/training/questions', {}],
      ['GET', '/api/catalogue'],
      ['GET', '/api/knowledge/faqs'],
      ['GET', '/api/privacy'],
      ['GET', '/api/pix/settings'],
      ['DELETE', `/api/numbers/${owner.number.id}`],
      ['POST', '/api/team/invitations', { email: 'alguem@exemplo.com.br' }],
    ];
    for (const [method, url, payload] of ownerAreas) {
      const res = await attendant.request({
        method: method as 'GET',
        url,
        ...(payload ? { payload: payload as object } : {}),
      });
      expect([url, res.statusCode]).toEqual([url, 403]);
      expect(res.json().error.message).toBe(OWNER_ONLY_MESSAGE);
    }
    // Another account's conversation: 404, as for the owner.
    for (const url of [`/api/conversations/${otherConv.id}`, `/api/conversations/${otherConv.id}/messages`])
      expect((await attendant.get(url)).statusCode).toBe(404);
    expect((await attendant.post(`/api/conversations/${otherConv.id}/messages`, { text: 'Oi' })).statusCode).toBe(404);
    expect(
      (
        await attendant.request({
          method: 'PUT',
          url: `/api/conversations/${otherConv.id}/assignee`,
          payload: { userId: null },
        })
      ).statusCode,
    ).toBe(404);

    // Removed: their sessions end at once (docs/decisions/051-verified-email-and-membership-end.md); signed
    // in again, they are in their own (empty) account.
    const removed = await owner.client.request({ method: 'DELETE', url: `/api/team/members/${attendantId}` });
    expect(removed.statusCode).toBe(204);
    expect((await attendant.get('/api/conversations')).statusCode).toBe(401);
    expect((await attendant.signIn(person.email, person.password)).statusCode).toBe(200);
    expect((await attendant.get('/api/conversations')).json().items).toEqual([]);
    expect((await attendant.get(`/api/conversations/${conv.id}`)).statusCode).toBe(404);
    expect((await attendant.get('/api/account/me')).json().team).toMatchObject({ role: 'owner', size: 1 });
    expect((await owner.client.get('/api/team')).json().members).toHaveLength(1);
    const again = await owner.client.request({ method: 'DELETE', url: `/api/team/members/${attendantId}` });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(TEAM_MESSAGES.memberNotFound);
  });
});

describe('invitation links', () => {
  it('a re-invite revokes the old link; expired, reused, revoked and wrong-e-mail links are refused in Portuguese', async () => {
    const owner = await openShop(e);
    const person = newPerson({ fullName: 'Clara Nunes', phone: ATTENDANT_PHONE });
    const first = await invite(owner, person.email);
    const second = await invite(owner, person.email.toUpperCase());
    const pending = (await owner.client.get('/api/team')).json().invitations;
    expect(pending.map((i: { email: string }) => i.email)).toEqual([person.email]);

    const clara = e.t.client();
    await clara.register(person);
    const revoked = await clara.post('/api/team/invitations/accept', { code: first });
    expect(revoked.statusCode).toBe(400);
    expect(revoked.json().error.message).toBe(TEAM_MESSAGES.invitationRevoked);
    expect((await e.t.client().get(`/api/team/invitations/by-code/${first}`)).json().status).toBe('revoked');

    // Someone else signed in cannot use it.
    const stranger = e.t.client();
    await stranger.registerOk();
    const wrong = await stranger.post('/api/team/invitations/accept', { code: second });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.message).toBe(TEAM_MESSAGES.wrongEmail);

    // Expired.
    await db()
      .update(accountInvitations)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(accountInvitations.accountId, owner.userId));
    const expired = await clara.post('/api/team/invitations/accept', { code: second });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.message).toBe(TEAM_MESSAGES.invitationExpired);

    // A fresh one works once; used again, refused.
    const third = await invite(owner, person.email);
    expect((await clara.post('/api/team/invitations/accept', { code: third })).statusCode).toBe(200);
    const reused = await clara.post('/api/team/invitations/accept', { code: third });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.message).toBe(TEAM_MESSAGES.invitationUsed);
    const unknown = await clara.post('/api/team/invitations/accept', { code: 'nao-existe' });
    expect(unknown.json().error.message).toBe(TEAM_MESSAGES.invitationUnknown);

    // Inviting a member again, or oneself, is refused; a revoked invitation is gone from the list.
    const dup = await owner.client.post('/api/team/invitations', { email: person.email });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe(TEAM_MESSAGES.alreadyInTeam);
    const bad = await owner.client.post('/api/team/invitations', { email: 'sem-arroba' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.email).toBe('Informe um e-mail válido.');
    await invite(owner, 'outra.pessoa@exemplo.com.br');
    const [open] = (await owner.client.get('/api/team')).json().invitations;
    const gone = await owner.client.request({ method: 'DELETE', url: `/api/team/invitations/${open.id}` });
    expect(gone.statusCode).toBe(204);
    expect((await owner.client.get('/api/team')).json().invitations).toEqual([]);
  });

  it('someone with a team of their own, or already in another team, cannot accept', async () => {
    const shopA = await openShop(e);
    const shopB = await openShop(e);
    const bruno = await attendantOf(shopA);
    const code = await invite(shopB, bruno.email);
    const inTeam = await bruno.client.post('/api/team/invitations/accept', { code });
    expect(inTeam.statusCode).toBe(409);
    expect(inTeam.json().error.message).toBe(TEAM_MESSAGES.alreadyMember);

    // shopA's owner has a member: cannot join shopB's team.
    const ownerEmail = (await shopA.client.get('/api/account/me')).json().user.email as string;
    const ownerCode = await invite(shopB, ownerEmail);
    const hasMembers = await shopA.client.post('/api/team/invitations/accept', { code: ownerCode });
    expect(hasMembers.statusCode).toBe(409);
    expect(hasMembers.json().error.message).toBe(TEAM_MESSAGES.hasMembers);
  });
});

describe('assignment', () => {
  it("'Minhas', 'Sem responsável' and 'Todas' are filtered on the server with keyset paging; every member's socket hears the change", async () => {
    const owner = await openShop(e);
    const bruno = await attendantOf(owner);
    // 35 conversations (more than a page of 30), a second apart.
    const base = Date.now() - 100_000;
    const rows = await db()
      .insert(conversations)
      .values(
        Array.from({ length: 35 }, (_, i) => ({
          userId: owner.userId,
          numberId: owner.number.id,
          contactJid: `55219000${String(i).padStart(5, '0')}@s.whatsapp.net`,
          contactPhone: `55219000${String(i).padStart(5, '0')}`,
          lastMessage: new Date(base + i * 1000),
        })),
      )
      .returning({ id: conversations.id });
    const ids = rows.map((r) => r.id);
    // Every other one to Bruno (18 of them), over the owner's PUT and his own.
    for (const [i, id] of ids.entries()) {
      if (i % 2 !== 0) continue;
      const who = i % 4 === 0 ? owner.client : bruno.client;
      const res = await who.request({
        method: 'PUT',
        url: `/api/conversations/${id}/assignee`,
        payload: { userId: bruno.id },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().assignedUserId).toBe(bruno.id);
    }
    const all = async (client: TestClient, filter: string) => {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const q: string = `/api/conversations?filter=${filter}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
        const page = (await client.get(q)).json();
        seen.push(...page.items.map((c: { id: string }) => c.id));
        cursor = page.nextCursor;
        pages += 1;
      } while (cursor);
      return { seen, pages };
    };
    const newestFirst = [...ids].reverse();
    const mine = await all(bruno.client, 'mine');
    expect(mine.seen).toEqual(newestFirst.filter((id) => ids.indexOf(id) % 2 === 0));
    const unassigned = await all(bruno.client, 'unassigned');
    expect(unassigned.seen).toEqual(newestFirst.filter((id) => ids.indexOf(id) % 2 !== 0));
    const every = await all(owner.client, 'all');
    expect(every.seen).toEqual(newestFirst);
    expect(every.pages).toBe(2);
    expect((await all(owner.client, 'mine')).seen).toEqual([]);
    expect((await owner.client.get('/api/conversations?filter=outra')).statusCode).toBe(400);

    // Not a person of this account: refused in Portuguese.
    const stranger = await openShop(e);
    const bad = await owner.client.request({
      method: 'PUT',
      url: `/api/conversations/${ids[1]}/assignee`,
      payload: { userId: stranger.userId },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(TEAM_MESSAGES.assigneeNotMember);

    // Realtime: the owner's change reaches Bruno's socket (events go to the account).
    const ws = await connectWs(`${e.baseUrl.replace(/^http/, 'ws')}/api/realtime`, {
      origin: TEST_ORIGIN,
      cookie: bruno.client.cookieHeader(),
    });
    try {
      const res = await owner.client.request({
        method: 'PUT',
        url: `/api/conversations/${ids[1]}/assignee`,
        payload: { userId: owner.userId },
      });
      expect(res.statusCode).toBe(200);
      const event = await ws.waitFor(
        (m) =>
          m.event === 'conversation.updated' &&
          (m.data as { id: string; assignedUserId?: string }).id === ids[1] &&
          (m.data as { assignedUserId?: string }).assignedUserId === owner.userId,
      );
      expect(event).toBeTruthy();
    } finally {
      await ws.close();
    }

    // Removing Bruno puts his conversations back to 'Sem responsável'.
    await owner.client.request({ method: 'DELETE', url: `/api/team/members/${bruno.id}` });
    expect((await all(owner.client, 'unassigned')).seen).toHaveLength(34);
  });
});

describe('handoff to a chosen attendant', () => {
  it('assigns the conversation to them and alerts their own WhatsApp; without a number, their e-mail', async () => {
    const owner = await openShop(e);
    const bruno = await attendantOf(owner);
    const set = await owner.client.request({
      method: 'PATCH',
      url: `/api/agents/${owner.agentId}`,
      payload: { handoff_user_id: bruno.id },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().handoff_user_id).toBe(bruno.id);
    const refused = await owner.client.request({
      method: 'PATCH',
      url: `/api/agents/${owner.agentId}`,
      payload: { handoff_user_id: 'ninguem' },
    });
    expect(refused.statusCode).toBe(400);

    await customerSays(e, owner, 'Quero falar com um atendente, por favor');
    const toBruno = await until(async () => {
      const sent = (await sentToCustomers(e, owner)).filter((m) => m.remoteJid.startsWith('5511912345678'));
      return sent.length ? sent : null;
    }, "the alert on Bruno's WhatsApp");
    expect(toBruno[0]!.text).toContain('quer falar com uma pessoa');
    // Not the owner's phone.
    expect((await sentToCustomers(e, owner)).filter((m) => m.remoteJid.startsWith('5511987654321'))).toEqual([]);
    const [conv] = await db()
      .select()
      .from(conversations)
      .where(and(eq(conversations.numberId, owner.number.id), eq(conversations.contactPhone, '5511977770000')));
    expect(conv).toMatchObject({ assignedUserId: bruno.id, agenteAtivo: false });
    await waitFor(
      async () => (await db().select().from(ownerAlerts).where(eq(ownerAlerts.userId, bruno.id)))[0]?.status === 'sent',
      "Bruno's alert sent",
    );

    // Without a WhatsApp number on his profile: his e-mail.
    await db().update(profiles).set({ phone: null, countryCode: null }).where(eq(profiles.id, bruno.id));
    await customerSays(e, owner, 'Preciso falar com um humano', { phone: '5511977775555', name: 'Davi' });
    const mail = await until(async () => {
      const [m] = await db()
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, bruno.email.toLowerCase()), sql`${mailOutbox.subject} like '%quer falar%'`));
      return m ?? null;
    }, "the alert in Bruno's e-mail");
    expect(mail.text).toContain('quer falar com uma pessoa');
    // The agent without a chosen person: back to the owner.
    await db().update(agentes).set({ handoffUserId: null }).where(eq(agentes.id, owner.agentId));
  });
});

describe('privacy', () => {
  it("the owner's export lists the team; an attendant's deletion only leaves; the owner's removes the memberships", async () => {
    const owner = await openShop(e);
    const conv = await conversationOf(owner);
    const bruno = await attendantOf(owner, 'Bruno Lima');
    const clara = await attendantOf(owner, 'Clara Nunes');

    const exported = await owner.client.get('/api/privacy/export');
    expect(exported.statusCode).toBe(200);
    const team = JSON.parse(await (await JSZip.loadAsync(exported.rawPayload)).file('equipe.json')!.async('string'));
    expect(team.attendants.map((a: { name: string }) => a.name)).toEqual(['Bruno Lima', 'Clara Nunes']);
    expect(team.invitations).toHaveLength(2);
    expect(JSON.stringify(team)).not.toContain('code');
    // An attendant's export is their own account's (no owner data).
    const own = await bruno.client.get('/api/privacy/export');
    const ownTeam = JSON.parse(await (await JSZip.loadAsync(own.rawPayload)).file('equipe.json')!.async('string'));
    expect(ownTeam.attendantOf).toMatchObject({ owner: 'Mariana Souza' });

    // Bruno deletes his own account: he leaves; the owner's account and conversation stay.
    const gone = await bruno.client.post('/api/privacy/delete-account', { password: 'senha-forte-123' });
    expect(gone.statusCode, gone.body).toBe(204);
    expect((await owner.client.get(`/api/conversations/${conv.id}`)).statusCode).toBe(200);
    expect((await owner.client.get('/api/team')).json().members.map((m: { name: string }) => m.name)).toEqual([
      'Mariana Souza',
      'Clara Nunes',
    ]);

    // The owner deletes the account: Clara's membership goes with it; she is back in her own account.
    expect((await owner.client.post('/api/privacy/delete-account', { password: 'senha-forte-123' })).statusCode).toBe(
      204,
    );
    expect((await clara.client.get('/api/account/me')).json().team).toMatchObject({ role: 'owner', size: 1 });
    expect((await clara.client.get(`/api/conversations/${conv.id}`)).statusCode).toBe(404);
  });
});
