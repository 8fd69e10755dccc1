import { parsePhone, type CheckPhoneInput, type CheckPhoneResult } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { findPhoneClaims } from './claims-repository.ts';
import { phoneForms } from './scanned-phone.ts';

/**
 * The spec's check_phone_exists (docs/product/rules.md#validation): is the normalised number taken?
 * Taken means held by a verified claim in any account, or claimed by the caller already; another
 * account's unverified claim does not count (docs/decisions/052-attendant-permissions-and-number-claims.md).
 * Answers only yes/no (and whether it is the caller's own), never whose it is.
 */
export async function checkPhoneExists({
  db,
  accountId,
  input,
}: {
  db: Db;
  accountId: string;
  input: CheckPhoneInput;
}): Promise<CheckPhoneResult> {
  const phone = parsePhone(input.phone)!;
  const claims = await findPhoneClaims(db, phoneForms(phone.digits));
  const ownedByYou = claims.some((c) => c.userId === accountId);
  return { exists: ownedByYou || claims.some((c) => c.phoneVerifiedAt !== null), ownedByYou };
}
