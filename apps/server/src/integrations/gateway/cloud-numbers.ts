import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { conversations, gatewayEvents, messages, numbers } from '../../db/schema/app.ts';
import { openSecret } from '../../lib/secret-box.ts';
import { CLOUD_ERROR_PREFIX, type CloudCredentials } from './cloud-client.ts';
import { GatewayError } from './gateway.ts';
import { chatJidOf } from '../../domain/phones/bsuid.ts';

/** How long a number's kind and sealed credentials are reused before the row is read again. */
const TTL_MS = 30_000;
const MAX_ENTRIES = 10_000;

type CloudRow = { provider: 'evolution' | 'cloud'; phoneNumberId: string | null; sealed: string | null };

/**
 * Which numbers use the Cloud API, and their credentials (the token opened with
 * META_TOKEN_ENCRYPTION_KEY), by instance name: what the gateway router and the Cloud adapter ask on
 * every call. Rows are cached briefly per process so a QR number's send costs no extra query on the
 * hot path; the token is opened per call and never kept in the clear.
 */
export function createCloudNumberLookup(db: Db, key: Buffer | null, now = Date.now) {
  const entries = new Map<string, { row: CloudRow | null; expiresAt: number }>();

  async function rowOf(instanceName: string): Promise<CloudRow | null> {
    const cached = entries.get(instanceName);
    if (cached && cached.expiresAt > now()) return cached.row;
    const [row] = await db
      .select({
        provider: numbers.provider,
        phoneNumberId: numbers.cloudPhoneNumberId,
        sealed: numbers.cloudTokenSealed,
      })
      .from(numbers)
      .where(eq(numbers.instanceName, instanceName))
      .limit(1);
    entries.delete(instanceName);
    entries.set(instanceName, { row: row ?? null, expiresAt: now() + TTL_MS });
    if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
    return row ?? null;
  }

  /** A Cloud number's credentials; null for any other number; a refused GatewayError when they are unusable. */
  async function credentials(instanceName: string): Promise<CloudCredentials | null> {
    const row = await rowOf(instanceName);
    if (row?.provider !== 'cloud') return null;
    if (!row.phoneNumberId || !row.sealed || !key) throw unusable('número sem credenciais da Cloud API');
    try {
      return { phoneNumberId: row.phoneNumberId, accessToken: openSecret(key, row.sealed) };
    } catch {
      // Another META_TOKEN_ENCRYPTION_KEY, or a changed row: nothing is sent.
      throw unusable('token do número ilegível; conecte o número de novo');
    }
  }

  /** The chat's newest received message id (for the typing indicator), from the stored messages. */
  async function lastReceivedId(instanceName: string, waId: string): Promise<string | null> {
    const [row] = await db
      .select({ id: messages.externalId })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.convId))
      .innerJoin(numbers, eq(numbers.id, conversations.numberId))
      .where(
        and(
          eq(numbers.instanceName, instanceName),
          eq(conversations.contactJid, chatJidOf(waId)),
          eq(messages.direction, 'in'),
        ),
      )
      .orderBy(desc(messages.createdAt))
      .limit(1);
    return row?.id ?? null;
  }

  /**
   * The mapped message of a received Cloud message, from its stored webhook (Meta's media id lives
   * only there): what a later download by the message's key alone needs. Null once retention dropped it.
   */
  async function storedMessage(instanceName: string, keyId: string): Promise<Record<string, unknown> | null> {
    const [row] = await db
      .select({ payload: gatewayEvents.payload })
      .from(gatewayEvents)
      .innerJoin(numbers, eq(numbers.id, gatewayEvents.numberId))
      .where(
        and(
          eq(numbers.instanceName, instanceName),
          eq(gatewayEvents.event, 'messages.upsert'),
          eq(gatewayEvents.eventKey, keyId),
        ),
      )
      .limit(1);
    const message = (row?.payload as { data?: { message?: unknown } } | undefined)?.data?.message;
    return message && typeof message === 'object' ? (message as Record<string, unknown>) : null;
  }

  return {
    credentials,
    lastReceivedId,
    storedMessage,
    isCloud: async (instanceName: string) => (await rowOf(instanceName))?.provider === 'cloud',
  };
}

function unusable(text: string) {
  return new GatewayError(500, `${CLOUD_ERROR_PREFIX} (500): ${text}`, {}, 'refused');
}
