import { PHONE_IN_USE_TEXT } from '@vendai/contracts';
import { publishNumberUpdated } from '../../realtime/publish-number-updated.ts';
import { holdVerifiedPhone } from './claim-phone.ts';
import type { NumbersDeps } from './numbers-deps.ts';
import { findNumberById, markPhoneVerified, markWrongPhone } from './numbers-repository.ts';
import { isClaimedPhone, wrongPhoneMessage } from './scanned-phone.ts';

/**
 * After a connection opened: the phone that scanned (the webhook's wuid, else the gateway's ownerJid)
 * must be the number claimed (docs/decisions/021-spend-and-abuse-limits.md). Otherwise the connection
 * is cut at the gateway (logout), the number is DESCONECTADO with the reason the list and the connect
 * screen show, and the owner's screens hear about it. False when it was cut. When the gateway cannot
 * tell which phone scanned, the connection stands (logged) and the sweep asks again later.
 */
export async function verifyScannedPhone(
  deps: Pick<NumbersDeps, 'db' | 'gateway' | 'realtime' | 'log' | 'alarms'>,
  id: string,
  wuid: string | null = null,
): Promise<boolean> {
  const number = await findNumberById(deps.db, id);
  if (!number) return false;
  const scanned =
    wuid ??
    (await deps.gateway.ownerJid(number.instanceName).catch((err: unknown) => {
      deps.log.warn({ err, instance: number.instanceName }, 'numbers: the scanning phone could not be read');
      return null;
    }));
  if (!scanned) {
    // Unknown (e.g. the webhook's check cut it meanwhile and the gateway forgot the phone): the row decides.
    const now = await findNumberById(deps.db, id);
    return Boolean(now && (now.phoneVerifiedAt || !now.connectionProblem));
  }
  if (isClaimedPhone(number.phone, scanned)) {
    if (number.phoneVerifiedAt && !number.connectionProblem) return true;
    if (number.phoneVerifiedAt) {
      await markPhoneVerified(deps.db, id);
      return true;
    }
    // First time as itself: the claim now holds the phone, other accounts' pending claims are released.
    if (await holdVerifiedPhone(deps, number)) return true;
    return cut(deps, number, PHONE_IN_USE_TEXT);
  }
  deps.log.warn({ instance: number.instanceName }, 'numbers: another phone scanned the QR code; connection cut');
  return cut(deps, number, wrongPhoneMessage(number.phone, scanned));
}

/** The connection is cut: DESCONECTADO with the reason, logged out at the gateway, the owner's screens told. */
async function cut(
  deps: Pick<NumbersDeps, 'db' | 'gateway' | 'realtime' | 'log'>,
  number: { id: string; instanceName: string },
  problem: string,
): Promise<boolean> {
  const { id } = number;
  // The row first: a concurrent poll that finds the gateway already logged out reads the cut, not a connection.
  await markWrongPhone(deps.db, id, problem);
  await deps.gateway
    .logout(number.instanceName)
    .catch((err: unknown) => deps.log.warn({ err, instance: number.instanceName }, 'numbers: logout failed'));
  await publishNumberUpdated(deps, id);
  return false;
}
