import { parsePhone, type CheckPhoneInput, type CheckPhoneResult } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { findPhoneOwner } from './numbers-repository.ts';

/**
 * The spec's check_phone_exists (docs/product/rules.md#validation): is the normalised number connected in any account?
 * Answers only yes/no (and whether it is the caller's own), never whose it is.
 */
export async function checkPhoneExists({
  db,
  userId,
  input,
}: {
  db: Db;
  userId: string;
  input: CheckPhoneInput;
}): Promise<CheckPhoneResult> {
  const phone = parsePhone(input.phone)!;
  const owner = await findPhoneOwner(db, phone.digits);
  return { exists: Boolean(owner), ownedByYou: owner?.userId === userId };
}
