import type { NumberState } from '@vendai/contracts';
import { notFound } from '../../lib/app-error.ts';
import { gatewayCall } from './gateway-call.ts';
import type { NumbersDeps } from './numbers-deps.ts';
import { markNumberConnected } from './mark-number-connected.ts';
import { findNumberOfUser } from './numbers-repository.ts';

/**
 * The gateway's connection state, polled every 2 s by the connect screen (part 1 §4). 'open' makes the
 * number CONECTADO (the gateway's connection.update webhook does the same; both are idempotent).
 */
export async function getNumberState({
  deps,
  userId,
  id,
}: {
  deps: NumbersDeps;
  userId: string;
  id: string;
}): Promise<NumberState> {
  const number = await findNumberOfUser(deps.db, userId, id);
  if (!number) throw notFound();
  const state = await gatewayCall(() => deps.gateway.connectionState(number.instanceName));
  if (state === 'open') {
    await markNumberConnected(deps, number.id);
    return { state, status: 'CONECTADO' };
  }
  return { state, status: number.status };
}
