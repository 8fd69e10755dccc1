import type { NumberState } from '@vendai/contracts';
import { notFound } from '../../lib/app-error.ts';
import { gatewayCall } from './gateway-call.ts';
import type { NumbersDeps } from './numbers-deps.ts';
import { markNumberConnected } from './mark-number-connected.ts';
import { findNumberOfAccount } from './numbers-repository.ts';

/**
 * The gateway's connection state, polled every 2 s by the connect screen (docs/product/rules.md#states-and-transitions). 'open' makes the
 * number CONECTADO (the gateway's connection.update webhook does the same; both are idempotent) —
 * unless another phone scanned the QR code: then the connection is cut and `problem` says why.
 */
export async function getNumberState({
  deps,
  accountId,
  id,
}: {
  deps: NumbersDeps;
  accountId: string;
  id: string;
}): Promise<NumberState> {
  const number = await findNumberOfAccount(deps.db, accountId, id);
  if (!number) throw notFound();
  const state = await gatewayCall(() => deps.gateway.connectionState(number.instanceName));
  if (state === 'open' && (await markNumberConnected(deps, number.id))) return { state, status: 'CONECTADO' };
  // Read again: the webhook's check may have cut the connection while the gateway was asked.
  const now = (await findNumberOfAccount(deps.db, accountId, id)) ?? number;
  const shown = state === 'open' ? 'close' : state;
  return now.connectionProblem
    ? { state: shown, status: now.status, problem: now.connectionProblem }
    : { state: shown, status: now.status };
}
