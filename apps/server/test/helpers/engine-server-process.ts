/**
 * Engine durability helpers around server child processes (server-process.ts): a shop seeded straight
 * into the database, its simulator instance connected over HTTP, customers writing, replies counted.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import { agentes, numbers } from '../../src/db/schema/index.ts';
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
  /** The owner's session: the simulator page acts only on the signed-in account's own numbers. */
  cookie: string;
  numberId: string;
  instanceName: string;
  token: string;
  phone: string;
}

/** An agent (timing seconds) linked to a number of a user signed up over HTTP (registerOver), written straight into the database. */
export async function seedShop(db: Db, timing: number, owner: { userId: string; cookie: string }): Promise<SeededShop> {
  const id = randomBytes(6).toString('hex');
  const { userId, cookie } = owner;
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
  return { userId, cookie, numberId: number!.id, instanceName, token, phone };
}

/** The simulator page's API as the shop's owner (the same browser, signed in). */
async function simulatorPage(baseUrl: string, shop: SeededShop, path: string, body?: object): Promise<Response> {
  return fetch(`${baseUrl}/simulator/ui-api/instances/${shop.instanceName}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { cookie: shop.cookie, origin: baseUrl, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
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
  const view = (await (await simulatorPage(baseUrl, shop, '')).json()) as { qr: { approveCode: string } };
  const res = await simulatorPage(baseUrl, shop, '/approve', { code: view.qr.approveCode, phone: shop.phone });
  if (!res.ok) throw new Error(`approve: ${res.status} ${await res.text()}`);
}

export async function customerWrites(baseUrl: string, shop: SeededShop, phone: string, text: string): Promise<void> {
  const res = await simulatorPage(baseUrl, shop, '/messages', {
    customer: { phone, name: `Cliente ${phone.slice(-4)}` },
    message: { type: 'text', text },
  });
  if (res.status !== 201) throw new Error(`customer message: ${res.status} ${await res.text()}`);
}

/** Business messages per chat, as the simulator's phone shows them. */
export async function repliesPerChat(baseUrl: string, shop: SeededShop): Promise<Map<string, number>> {
  const chats = (await (await simulatorPage(baseUrl, shop, '/chats')).json()) as { id: string; phone: string }[];
  const counts = new Map<string, number>();
  for (const chat of chats) {
    const detail = (await (await simulatorPage(baseUrl, shop, `/chats/${chat.id}`)).json()) as {
      messages: { fromBusiness: boolean }[];
    };
    counts.set(chat.phone, detail.messages.filter((m) => m.fromBusiness).length);
  }
  return counts;
}

export async function numberConnected(db: Db, numberId: string): Promise<boolean> {
  return (await db.select({ s: numbers.status }).from(numbers).where(eq(numbers.id, numberId)))[0]?.s === 'CONECTADO';
}

/** Signs up over HTTP on a running server; the session cookie, the user id and the e-mail. */
export async function registerOver(baseUrl: string): Promise<{ cookie: string; userId: string; email: string }> {
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
  return { cookie, userId: ((await res.json()) as { user: { id: string } }).user.id, email: person.email };
}

/** How many conversations the signed-in user has (the inbox API). */
export async function conversationCount(baseUrl: string, cookie: string): Promise<number> {
  const res = await fetch(`${baseUrl}/api/conversations/count`, { headers: { cookie, origin: baseUrl } });
  if (!res.ok) return -1;
  return ((await res.json()) as { total: number }).total;
}
