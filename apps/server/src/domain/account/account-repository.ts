import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { profiles, user } from '../../db/schema/index.ts';

/** The account's stored IANA time zone (profiles.time_zone), or null when it has no profile row. */
export async function findStoredTimeZone(db: Db, accountId: string): Promise<string | null> {
  const [row] = await db.select({ timeZone: profiles.timeZone }).from(profiles).where(eq(profiles.id, accountId));
  return row?.timeZone ?? null;
}

/** The account owner's `user.email_verified`, or null when there is no such user. */
export async function findEmailVerified(db: Db, accountId: string): Promise<boolean | null> {
  const [row] = await db.select({ verified: user.emailVerified }).from(user).where(eq(user.id, accountId)).limit(1);
  return row?.verified ?? null;
}
