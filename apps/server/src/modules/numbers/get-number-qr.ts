import type { NumberQr } from '@vendai/contracts';
import { notFound } from '../../lib/app-error.ts';
import type { NumbersDeps } from './numbers-deps.ts';
import { findNumberOfAccount } from './numbers-repository.ts';
import { readQr } from './read-qr.ts';

/** A fresh QR for a number being connected (the connect screen asks again when the image fails or goes stale). */
export async function getNumberQr({
  deps,
  accountId,
  id,
}: {
  deps: NumbersDeps;
  accountId: string;
  id: string;
}): Promise<NumberQr> {
  const number = await findNumberOfAccount(deps.db, accountId, id);
  if (!number) throw notFound();
  return readQr(deps, number);
}
