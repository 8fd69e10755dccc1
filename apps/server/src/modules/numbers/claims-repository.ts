import { and, count, eq, gt, inArray, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { numberClaims, numbers } from '../../db/schema/index.ts';

/**
 * Claims of one phone across accounts (docs/decisions/052-attendant-permissions-and-number-claims.md):
 * the numbers rows of the phone in any of its forms, and who claimed it by QR code in the last day.
 */

/** Serialises claims and verifications of one phone across accounts and processes (till the transaction ends). */
export async function lockPhone(db: Db, key: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`phone:${key}`}))`);
}

/** The rows claiming the phone, in any of its forms, in every account. */
export async function findPhoneClaims(db: Db, forms: string[]) {
  return db
    .select({ id: numbers.id, userId: numbers.userId, phoneVerifiedAt: numbers.phoneVerifiedAt })
    .from(numbers)
    .where(inArray(numbers.phone, forms));
}

/** Whether another row of the phone (any form) holds it: connected as itself once. */
export async function verifiedElsewhere(db: Db, forms: string[], exceptId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: numbers.id })
    .from(numbers)
    .where(and(inArray(numbers.phone, forms), isNotNull(numbers.phoneVerifiedAt), ne(numbers.id, exceptId)))
    .limit(1);
  return row !== undefined;
}

/** How many other accounts claimed the phone by QR code in the last 24 hours. */
export async function countOtherClaimers(db: Db, key: string, accountId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(numberClaims)
    .where(
      and(
        eq(numberClaims.phoneKey, key),
        ne(numberClaims.userId, accountId),
        gt(numberClaims.claimedAt, sql`now() - interval '24 hours'`),
      ),
    );
  return Number(row?.n ?? 0);
}

/** This account claims the phone now (one row per phone and account). */
export async function recordClaim(db: Db, key: string, accountId: string): Promise<void> {
  await db
    .insert(numberClaims)
    .values({ phoneKey: key, userId: accountId })
    .onConflictDoUpdate({ target: [numberClaims.phoneKey, numberClaims.userId], set: { claimedAt: sql`now()` } });
}

/** Removes the other accounts' claims of the phone that never connected as it; returns them for the gateway. */
export async function deleteUnverifiedClaims(db: Db, forms: string[], exceptUserId: string) {
  return db
    .delete(numbers)
    .where(and(inArray(numbers.phone, forms), isNull(numbers.phoneVerifiedAt), ne(numbers.userId, exceptUserId)))
    .returning({ id: numbers.id, userId: numbers.userId, instanceName: numbers.instanceName });
}

/** Claims older than `before` no longer count: swept with the numbers. */
export async function deleteOldClaims(db: Db, before: Date): Promise<number> {
  const rows = await db
    .delete(numberClaims)
    .where(lt(numberClaims.claimedAt, before))
    .returning({ key: numberClaims.phoneKey });
  return rows.length;
}
