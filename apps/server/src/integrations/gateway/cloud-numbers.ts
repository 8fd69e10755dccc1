import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { numbers } from '../../db/schema/app.ts';
import { openSecret } from '../../lib/secret-box.ts';
import type { CloudCredentials } from './cloud-client.ts';

/** How long a number's adapter and credentials are reused before the row is read again. */
const TTL_MS = 30_000;
const MAX_ENTRIES = 10_000;

/**
 * Which numbers use the Cloud API, and their credentials (the token opened with
 * META_TOKEN_ENCRYPTION_KEY), by instance name: what the gateway router and the Cloud adapter ask on
 * every call. Cached briefly per process so a QR number's send costs no extra query on the hot path.
 */
export function createCloudNumberLookup(db: Db, key: Buffer | null, now = Date.now) {
  const entries = new Map<string, { creds: CloudCredentials | null; expiresAt: number }>();

  async function credentials(instanceName: string): Promise<CloudCredentials | null> {
    const cached = entries.get(instanceName);
    if (cached && cached.expiresAt > now()) return cached.creds;
    const [row] = await db
      .select({
        provider: numbers.provider,
        phoneNumberId: numbers.cloudPhoneNumberId,
        sealed: numbers.cloudTokenSealed,
      })
      .from(numbers)
      .where(eq(numbers.instanceName, instanceName))
      .limit(1);
    const creds =
      row?.provider === 'cloud' && row.phoneNumberId && row.sealed && key
        ? { phoneNumberId: row.phoneNumberId, accessToken: openSecret(key, row.sealed) }
        : null;
    entries.delete(instanceName);
    entries.set(instanceName, { creds, expiresAt: now() + TTL_MS });
    if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
    return creds;
  }

  return { credentials, isCloud: async (instanceName: string) => (await credentials(instanceName)) !== null };
}
