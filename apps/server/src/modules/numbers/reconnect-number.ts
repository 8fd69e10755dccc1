import { NUMBER_ALREADY_CONNECTED, type NumberQr } from '@vendai/contracts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { NumbersDeps } from './numbers-deps.ts';
import { findNumberOfAccount } from './numbers-repository.ts';
import { readQr } from './read-qr.ts';

/** Reconnect (docs/product/rules.md#states-and-transitions): only a DESCONECTADO number, through a new QR code. */
export async function reconnectNumber({
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
  if (number.status !== 'DESCONECTADO') throw new AppError('CONFLICT', NUMBER_ALREADY_CONNECTED);
  return readQr(deps, number);
}
