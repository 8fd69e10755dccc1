import { randomInt } from 'node:crypto';
import type { ConnectCloudNumberInput, ConnectedCloudNumber } from '@vendai/contracts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { publishNumberUpdated } from '../../realtime/publish-number-updated.ts';
import { releaseAtGateway } from './claim-phone.ts';
import { reserveNumber } from './create-number.ts';
import type { NumbersDeps } from './numbers-deps.ts';
import { findNumberViewOfAccount } from './numbers-repository.ts';
import { phoneKey } from './scanned-phone.ts';

/**
 * Finishes Meta's Embedded Signup (docs/decisions/036-cloud-signup-window-pacing.md): the dialog's code is exchanged
 * here for the business token, the app subscribes to the WhatsApp Business Account's webhooks, and the
 * account's number is stored connected — Meta's phone number id and WABA id, the display number, the
 * token sealed with META_TOKEN_ENCRYPTION_KEY, the quality rating and the messaging limit. The plan limit
 * holds as for a QR number; the phone is verified by Meta, so another account's unverified QR claim of
 * it never blocks it: that claim is released (docs/decisions/052-attendant-permissions-and-number-claims.md).
 * Before it is stored, the number is registered for Cloud API use with a new six-digit two-step
 * verification PIN, sealed like the token and answered to the owner this once
 * (docs/decisions/053-cloud-registration-window-standby.md).
 */
export async function connectCloudNumber({
  deps,
  accountId,
  input,
}: {
  deps: NumbersDeps;
  accountId: string;
  input: ConnectCloudNumberInput;
}): Promise<ConnectedCloudNumber> {
  const { signup, seal, redirectUri } = deps.cloud;
  if (!seal)
    throw new AppError('NOT_CONFIGURED', 'A chave META_TOKEN_ENCRYPTION_KEY não está configurada neste servidor.');
  const token = await signup.exchangeCode(input.code, redirectUri);
  const wabas = await signup.wabaIds(token);
  const phone = (await Promise.all(wabas.map((waba) => signup.phoneNumbers(token, waba)))).flat()[0];
  if (!phone?.phoneNumberId || phone.display.length < 10)
    throw new AppError('VALIDATION', 'Nenhum número de WhatsApp foi autorizado na janela da Meta. Tente de novo.');
  await signup.subscribe(token, phone.wabaId);
  const pin = randomInt(0, 1_000_000).toString().padStart(6, '0');
  await signup.register(token, phone.phoneNumberId, pin);
  const now = new Date();
  const { row, released } = await reserveNumber(deps, accountId, {
    phone: phone.display,
    apelido: input.apelido || phone.verifiedName || 'API oficial',
    provider: 'cloud',
    status: 'CONECTADO',
    connectedAt: now,
    phoneVerifiedAt: now,
    cloudPhoneNumberId: phone.phoneNumberId,
    cloudWabaId: phone.wabaId,
    cloudTokenSealed: seal(token),
    cloudPinSealed: seal(pin),
    cloudQualityRating: phone.qualityRating,
    cloudMessagingLimit: phone.messagingLimit,
  });
  // Meta verified the phone: other accounts' claims that never connected as it are gone (decision 052).
  await releaseAtGateway(deps, phoneKey(row.phone), released);
  await publishNumberUpdated(deps, row.id);
  const view = await findNumberViewOfAccount(deps.db, accountId, row.id);
  if (!view) throw notFound();
  return { ...view, two_step_pin: pin };
}
