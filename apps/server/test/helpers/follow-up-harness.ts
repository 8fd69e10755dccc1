/**
 * Follow-ups under test with an injected clock: the real app and database, the module's own pass
 * (modules/follow-ups) run by the test at the time it chooses, a recording sender in place of the
 * engine's gateway send, and the offline demo AI writing the touches.
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { createDemoLlm } from '@vendai/demo-ai';
import { agentes, conversations, followUpSettings, messages, numbers } from '../../src/db/schema/index.ts';
import { resultRows } from '../../src/db/rows.ts';
import type { FollowUpDeps, FollowUpSender, OutgoingText } from '../../src/modules/follow-ups/follow-up-deps.ts';
import { createTestApp, newPerson, type TestApp, type TestClient } from './test-app.ts';

export interface Clock {
  now: Date;
  set(iso: string): void;
  add(minutes: number): void;
}

export function createClock(iso: string): Clock {
  const clock: Clock = {
    now: new Date(iso),
    set: (at) => void (clock.now = new Date(at)),
    add: (minutes) => void (clock.now = new Date(clock.now.getTime() + minutes * 60_000)),
  };
  return clock;
}

export interface RecordingSender extends FollowUpSender {
  sent: OutgoingText[];
  fail: boolean;
  verdict: { externalId: string } | 'absent' | 'unknown';
}

export function recordingSender(): RecordingSender {
  const s: RecordingSender = {
    sent: [],
    fail: false,
    verdict: 'absent',
    async send(m) {
      if (s.fail) return { ok: false, error: new Error('refused'), unconfirmed: false };
      s.sent.push(m);
      return { ok: true, externalId: `ext-${randomBytes(6).toString('hex')}` };
    },
    async lookUp() {
      return s.verdict;
    },
  };
  return s;
}

export async function startFollowUpApp(): Promise<TestApp> {
  // The app's own worker looks once an hour: the tests run the passes themselves, at their clock.
  return createTestApp({ env: { FOLLOW_UPS_POLL_SECONDS: '3600', FOLLOW_UPS_ACCOUNT_DAILY_CAP: '100' } });
}

export function followUpDeps(t: TestApp, clock: Clock, sender: FollowUpSender, accountDailyCap = 100): FollowUpDeps {
  const { deps } = t.app;
  return {
    db: t.database.db,
    llm: createDemoLlm({ assembleSystemPrompt: () => '' }) as unknown as FollowUpDeps['llm'],
    realtime: deps.realtime,
    log: t.app.log,
    sender,
    alerts: {
      db: t.database.db,
      gateway: deps.gateway,
      mailer: deps.mailer,
      log: t.app.log,
      appUrl: t.env.appUrl,
      jobs: deps.jobs,
    },
    config: { pollMs: 3_600_000, leaseMs: 30_000, accountDailyCap },
    now: () => clock.now,
  };
}

export interface FollowUpShop {
  client: TestClient;
  userId: string;
  agentId: string;
  numberId: string;
  instanceName: string;
}

let seq = 0;

/** A user with an agent linked to a number, the ladder on (default gaps) unless told otherwise. */
export async function followUpShop(
  t: TestApp,
  opts: { enabled?: boolean; gaps?: number[]; numberCap?: number; provider?: 'evolution' | 'cloud' } = {},
): Promise<FollowUpShop> {
  const client = t.client();
  const reg = await client.register(newPerson());
  const userId = reg.json().user.id as string;
  const db = t.database.db;
  const [agent] = await db
    .insert(agentes)
    .values({ userId, apelido: 'Luna', systemPrompt: 'Você é Luna, da Loja Sol.' })
    .returning();
  seq += 1;
  const [number] = await db
    .insert(numbers)
    .values({
      userId,
      token: randomBytes(8).toString('hex'),
      phone: `55219${`${Date.now()}${seq}`.slice(-8)}`,
      instanceName: `fu-${randomBytes(4).toString('hex')}-${seq}`,
      status: 'CONECTADO',
      agente: agent!.id,
      provider: opts.provider ?? 'evolution',
    })
    .returning();
  await db.insert(followUpSettings).values({
    agentId: agent!.id,
    userId,
    enabled: opts.enabled ?? true,
    gapsMinutes: opts.gaps ?? [120, 1440, 4320],
    numberDailyCap: opts.numberCap ?? 30,
  });
  return { client, userId, agentId: agent!.id, numberId: number!.id, instanceName: number!.instanceName };
}

type Line = { who: 'contact' | 'ai' | 'owner_app'; text: string; at: Date; status?: string; failedBurst?: boolean };

/** A conversation with these messages (the customer's first unless told otherwise). */
export async function conversationWith(
  t: TestApp,
  shop: FollowUpShop,
  lines: Line[],
  conv: Partial<typeof conversations.$inferInsert> = {},
): Promise<string> {
  seq += 1;
  const db = t.database.db;
  const [row] = await db
    .insert(conversations)
    .values({
      userId: shop.userId,
      numberId: shop.numberId,
      contactJid: `5511988${String(seq).padStart(6, '0')}@s.whatsapp.net`,
      contactPhone: `5511988${String(seq).padStart(6, '0')}`,
      contactName: `Cliente ${seq}`,
      lastMessage: lines.at(-1)?.at ?? new Date(),
      ...conv,
    })
    .returning();
  for (const line of lines) await say(t, shop, row!.id, line);
  return row!.id;
}

export async function say(t: TestApp, shop: FollowUpShop, convId: string, line: Line & { optOut?: boolean }) {
  await t.database.db.insert(messages).values({
    userId: shop.userId,
    convId,
    direction: line.who === 'contact' ? 'in' : 'out',
    fromMe: line.who !== 'contact',
    author: line.who,
    content: line.text,
    status: (line.status ?? (line.who === 'contact' ? 'received' : 'sent')) as 'sent',
    createdAt: line.at,
    optOut: line.optOut ?? false,
    failedBurstId: line.failedBurst ? '00000000-0000-4000-8000-000000000001' : null,
  });
  await t.database.db
    .update(conversations)
    .set({ lastMessage: sql`greatest(${conversations.lastMessage}, ${line.at.toISOString()}::timestamptz)` })
    .where(eq(conversations.id, convId));
}

export async function followUpsOf(t: TestApp, convId: string) {
  return resultRows<{
    id: string;
    kind: string;
    step: number;
    state: string;
    reason: string | null;
    due_at: Date;
    text: string | null;
  }>(
    await t.database.db.execute(
      sql`select id, kind, step, state, reason, due_at, text from follow_ups where conv_id = ${convId} order by created_at`,
    ),
  );
}

export const at = (iso: string) => new Date(iso);

/** What the sender sent from this shop's number (earlier tests' conversations share the database). */
export const sentFrom = (sender: RecordingSender, shop: { instanceName: string }) =>
  sender.sent.filter((s) => s.instanceName === shop.instanceName);
