/**
 * Engine durability helpers around server child processes (server-process.ts): a shop seeded straight
 * into the database, its simulator instance connected over HTTP, customers writing, replies counted.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import { agentes, numbers, user } from '../../src/db/schema/index.ts';
import { createEvolutionClient } from '../../src/integrations/gateway/evolution-client.ts';
import { gatewayWebhookConfig } from '../../src/integrations/gateway/webhook-config.ts';
import { simulatorApiKey } from '../../src/simulator/simulator-config.ts';
import { newPerson } from './test-app.ts';

export const CHILD_AUTH_SECRET = 'engine-durability-secret-0123456789-abcdef';

/** Environment of a child server: simulator, fake AI, loopback only. */
export function childEnv(
  port: number,
  llmUrl: string,
  extra: Record<string, string | undefined> = {},
): Record<string, string | undefined> {
  return {
    PORT: String(port),
    APP_URL: `http://127.0.0.1:${port}`,
    AUTH_SECRET: CHILD_AUTH_SECRET,
    SIMULATOR_ENABLED: 'true',
    AI_PROVIDER: 'openai',
    AI_BASE_URL: llmUrl,
    AI_MAX_RETRIES: '0',
    ENGINE_MIN_QUIET_MS: '0',
    ENGINE_RETRY_BASE_MS: '100',
    ENGINE_LEASE_SECONDS: '5',
    ...extra,
  };
}

export interface SeededShop {
  userId: string;
  numberId: string;
  instanceName: string;
  token: string;
  phone: string;
}

/** A user with an agent (timing seconds) linked to a number, written straight into the database. */
export async function seedShop(db: Db, timing: number, existingUserId?: string): Promise<SeededShop> {
  const id = randomBytes(6).toString('hex');
  const userId = existingUserId ?? `u-${id}`;
  if (!existingUserId)
    await db.insert(user).values({ id: userId, name: 'Loja Durável', email: `dur-${id}@exemplo.com.br` });
  const [agent] = await db
    .insert(agentes)
    .values({ userId, apelido: 'Luna', systemPrompt: 'Você é Luna.', timing })
    .returning();
  const phone = `55119${String(parseInt(id.slice(0, 6), 16))
    .padStart(8, '0')
    .slice(-8)}`;
  const instanceName = `vendai-dur-${id}`;
  const token = randomBytes(16).toString('hex');
  const [number] = await db
    .insert(numbers)
    .values({ userId, token, phone, instanceName, agente: agent!.id })
    .returning();
  return { userId, numberId: number!.id, instanceName, token, phone };
}

/** Creates the shop's instance in a server's simulator (webhook pointing at `webhookBase`) and scans the QR. */
export async function connectShop(baseUrl: string, shop: SeededShop, webhookBase = baseUrl): Promise<void> {
  const gateway = createEvolutionClient({
    kind: 'simulator',
    baseUrl: `${baseUrl}/simulator/api`,
    apiKey: simulatorApiKey({ authSecret: CHILD_AUTH_SECRET }),
  });
  await gateway.createInstance({
    instanceName: shop.instanceName,
    ...gatewayWebhookConfig({ gatewayWebhookBaseUrl: webhookBase }, shop),
  });
  await gateway.connect(shop.instanceName);
  const view = (await (await fetch(`${baseUrl}/simulator/ui-api/instances/${shop.instanceName}`)).json()) as {
    qr: { approveCode: string };
  };
  const res = await fetch(`${baseUrl}/simulator/ui-api/instances/${shop.instanceName}/approve`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code: view.qr.approveCode, phone: shop.phone }),
  });
  if (!res.ok) throw new Error(`approve: ${res.status} ${await res.text()}`);
}

export async function customerWrites(
  baseUrl: string,
  instanceName: string,
  phone: string,
  text: string,
): Promise<void> {
  const res = await fetch(`${baseUrl}/simulator/ui-api/instances/${instanceName}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ customer: { phone, name: `Cliente ${phone.slice(-4)}` }, message: { type: 'text', text } }),
  });
  if (res.status !== 201) throw new Error(`customer message: ${res.status} ${await res.text()}`);
}

/** Business messages per chat, as the simulator's phone shows them. */
export async function repliesPerChat(baseUrl: string, instanceName: string): Promise<Map<string, number>> {
  const chats = (await (await fetch(`${baseUrl}/simulator/ui-api/instances/${instanceName}/chats`)).json()) as {
    id: string;
    phone: string;
  }[];
  const counts = new Map<string, number>();
  for (const chat of chats) {
    const detail = (await (
      await fetch(`${baseUrl}/simulator/ui-api/instances/${instanceName}/chats/${chat.id}`)
    ).json()) as { messages: { fromBusiness: boolean }[] };
    counts.set(chat.phone, detail.messages.filter((m) => m.fromBusiness).length);
  }
  return counts;
}

export async function numberConnected(db: Db, numberId: string): Promise<boolean> {
  return (await db.select({ s: numbers.status }).from(numbers).where(eq(numbers.id, numberId)))[0]?.s === 'CONECTADO';
}

/** Signs up over HTTP on a running server; the session cookie and the user id. */
export async function registerOver(baseUrl: string): Promise<{ cookie: string; userId: string }> {
  const person = newPerson();
  const res = await fetch(`${baseUrl}/api/account/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify(person),
  });
  if (res.status !== 201) throw new Error(`register: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { cookie, userId: ((await res.json()) as { user: { id: string } }).user.id };
}

/** How many conversations the signed-in user has (the inbox API). */
export async function conversationCount(baseUrl: string, cookie: string): Promise<number> {
  const res = await fetch(`${baseUrl}/api/conversations/count`, { headers: { cookie, origin: baseUrl } });
  if (!res.ok) return -1;
  return ((await res.json()) as { total: number }).total;
}
