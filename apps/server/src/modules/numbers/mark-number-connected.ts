import { publishNumberUpdated } from '../../realtime/publish-number-updated.ts';
import type { NumbersDeps } from './numbers-deps.ts';
import { markConnected } from './numbers-repository.ts';

/**
 * The gateway says 'open': CONECTADO with connected_at, once (the connection.update webhook may have
 * done it already), and the owner's open screens hear about it.
 */
export async function markNumberConnected(
  deps: Pick<NumbersDeps, 'db' | 'realtime' | 'log'>,
  id: string,
): Promise<void> {
  if (await markConnected(deps.db, id)) await publishNumberUpdated(deps, id);
}
