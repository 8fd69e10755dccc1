import type { FastifyBaseLogger } from 'fastify';
import { notFound } from '../../lib/app-error.ts';
import { gatewayCall } from './gateway-call.ts';
import type { NumbersDeps } from './numbers-deps.ts';
import { deleteNumberRow, findNumberOfAccount } from './numbers-repository.ts';

/**
 * Excluir (docs/product/integrations.md): logout, then delete at the gateway; a failed logout is tolerated (the number
 * may not be connected), a failed delete is not (the row stays, the user can try again). Then the row
 * goes, with its conversations.
 */
export async function deleteNumber({
  deps,
  accountId,
  id,
  log,
}: {
  deps: NumbersDeps;
  accountId: string;
  id: string;
  log: FastifyBaseLogger;
}): Promise<void> {
  const number = await findNumberOfAccount(deps.db, accountId, id);
  if (!number) throw notFound();
  await deps.gateway
    .logout(number.instanceName)
    .catch((err: unknown) =>
      log.info({ err, instance: number.instanceName }, 'logout before delete failed (tolerated)'),
    );
  await gatewayCall(() => deps.gateway.deleteInstance(number.instanceName));
  await deleteNumberRow(deps.db, accountId, number.id);
}
