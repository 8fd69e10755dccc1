import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { numbers } from '../db/schema/app.ts';

/**
 * The app's side of the simulator's mount: what the app tells the simulator about its own numbers.
 * The simulator itself never reads the app's tables (docs/decisions/022-fakes-apart-and-simulator-access.md).
 */

/** The gateway instance names of one account's numbers (the simulator page shows only these). */
export async function instanceNamesOfAccount(db: Db, accountId: string): Promise<string[]> {
  const rows = await db.select({ name: numbers.instanceName }).from(numbers).where(eq(numbers.userId, accountId));
  return rows.map((r) => r.name);
}

/** The phone the app's number was created with, suggested in the approval form. */
export async function phoneOfInstance(db: Db, name: string): Promise<string | null> {
  const [row] = await db.select({ phone: numbers.phone }).from(numbers).where(eq(numbers.instanceName, name)).limit(1);
  return row?.phone ?? null;
}

/** The account's numbers connected through the WhatsApp Cloud API (the Cloud fake's page shows only these). */
export async function cloudNumbersOfAccount(db: Db, accountId: string): Promise<{ id: string; name: string | null }[]> {
  const rows = await db
    .select({ id: numbers.cloudPhoneNumberId, name: numbers.apelido })
    .from(numbers)
    .where(and(eq(numbers.userId, accountId), eq(numbers.provider, 'cloud'), isNotNull(numbers.cloudPhoneNumberId)));
  return rows.map((r) => ({ id: r.id!, name: r.name }));
}
