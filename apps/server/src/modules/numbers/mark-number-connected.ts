import { publishNumberUpdated } from '../../realtime/publish-number-updated.ts';
import type { NumbersDeps } from './numbers-deps.ts';
import { findNumberById, markConnected } from './numbers-repository.ts';
import { verifyScannedPhone } from './verify-scanned-phone.ts';

/**
 * The gateway says 'open': CONECTADO with connected_at, once (the connection.update webhook may have
 * done it already), and the owner's open screens hear about it — if the phone that scanned is the
 * number's own (verify-scanned-phone.ts). False when the connection was cut instead.
 */
export async function markNumberConnected(
  deps: Pick<NumbersDeps, 'db' | 'gateway' | 'realtime' | 'log' | 'alarms'>,
  id: string,
): Promise<boolean> {
  const number = await findNumberById(deps.db, id);
  if (number?.status === 'CONECTADO' && number.phoneVerifiedAt) return true;
  if (!(await verifyScannedPhone(deps, id))) return false;
  if (await markConnected(deps.db, id)) await publishNumberUpdated(deps, id);
  return true;
}
