import type { ExpireResult } from '@vendai/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { notFound } from '../../lib/app-error.ts';
import type { NumbersDeps } from './numbers-deps.ts';
import { markNumberConnected } from './mark-number-connected.ts';
import { deleteNumberRow, findNumberOfAccount } from './numbers-repository.ts';

/**
 * The 90 s countdown ran out (docs/product/rules.md#states-and-transitions): a number that never connected is deleted at the gateway
 * and in the database. A number that was connected before (a reconnect) keeps its row and its
 * conversations: only the pending QR session is ended. If the phone connected at the last moment,
 * nothing is removed. Gateway failures are logged, never shown: the user already sees the timeout.
 */
export async function expireNumber({
  deps,
  accountId,
  id,
  log,
}: {
  deps: NumbersDeps;
  accountId: string;
  id: string;
  log: FastifyBaseLogger;
}): Promise<ExpireResult> {
  const number = await findNumberOfAccount(deps.db, accountId, id);
  if (!number) throw notFound();
  if (number.status === 'CONECTADO') return { outcome: 'connected' };

  const state = await deps.gateway.connectionState(number.instanceName).catch((err: unknown) => {
    log.warn({ err, instance: number.instanceName }, 'connection state failed while expiring');
    return 'close' as const;
  });
  if (state === 'open' && (await markNumberConnected(deps, number.id))) return { outcome: 'connected' };

  if (number.phoneVerifiedAt) {
    await deps.gateway
      .logout(number.instanceName)
      .catch((err: unknown) =>
        log.warn({ err, instance: number.instanceName }, 'logout failed while expiring a reconnect'),
      );
    return { outcome: 'kept' };
  }
  await deps.gateway
    .deleteInstance(number.instanceName)
    .catch((err: unknown) => log.warn({ err, instance: number.instanceName }, 'gateway delete failed while expiring'));
  await deleteNumberRow(deps.db, accountId, number.id);
  return { outcome: 'removed' };
}
