import type { NumberView } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { listNumbersOfAccount } from './numbers-repository.ts';

/** The instances list (docs/product/screens.md#whatsapp-numbers): only the signed-in user's numbers. */
export async function listNumbers({ db, accountId }: { db: Db; accountId: string }): Promise<NumberView[]> {
  return listNumbersOfAccount(db, accountId);
}
