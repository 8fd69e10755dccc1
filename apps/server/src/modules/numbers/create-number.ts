import { randomBytes } from 'node:crypto';
import { parsePhone, type CreateNumberInput, type CreatedNumber } from '@vendai/contracts';
import { linkNewNumberIfObvious } from '../../domain/agent-link/auto-link.ts';
import { assertWithinLimit } from '../../domain/usage/assert-within-limit.ts';
import { notFound } from '../../lib/app-error.ts';
import { checkClaim, phoneInUse, type ReleasedClaim } from './claim-phone.ts';
import { gatewayCall } from './gateway-call.ts';
import { buildInstanceName } from './instance-name.ts';
import type { NumbersDeps } from './numbers-deps.ts';
import {
  deleteNumberRow,
  findNumberViewOfAccount,
  insertNumber,
  instanceNameTaken,
  isUniqueViolation,
  lockAccountNumbers,
  setInstanceId,
  type CloudValues,
  type NumberRow,
} from './numbers-repository.ts';
import { readQr } from './read-qr.ts';

/**
 * Adds a WhatsApp number and starts connecting it (docs/product/rules.md#states-and-transitions "Connection", docs/product/integrations.md): plan limit, one
 * account per phone across the system, instance name = prefix + last 4 of the phone + last 4 of the
 * timestamp, a random per-instance token for the webhook, then the instance at the gateway and its
 * first QR. The row is written first so the gateway's first webhook finds it; if the gateway refuses,
 * the row is removed again and the error is the gateway's.
 */
export async function createNumber({
  deps,
  accountId,
  input,
}: {
  deps: NumbersDeps;
  accountId: string;
  input: CreateNumberInput;
}): Promise<CreatedNumber> {
  const phone = parsePhone(input.phone)!;
  const { row } = await reserveNumber(deps, accountId, { phone: phone.digits, apelido: input.apelido });

  let created;
  try {
    created = await gatewayCall(() =>
      deps.gateway.createInstance({ instanceName: row.instanceName, ...deps.webhookConfig(row) }),
    );
  } catch (err) {
    await deleteNumberRow(deps.db, accountId, row.id);
    throw err;
  }
  if (created.instanceId) await setInstanceId(deps.db, row.id, created.instanceId);

  let qrCode = created.qr?.base64 ?? null;
  if (!qrCode) {
    // The gateway had not drawn the QR when it answered: ask for it; the screen asks again if this fails too.
    qrCode = await readQr(deps, row).then(
      (r) => r.qrCode,
      () => null,
    );
  }
  const number = await findNumberViewOfAccount(deps.db, accountId, row.id);
  if (!number) throw notFound();
  return { number, qrCode };
}

/**
 * Checks the limit and the phone and inserts the row, in one transaction holding a per-user lock (a
 * double submit cannot pass the plan limit twice) and the phone's lock (claims of one phone by several
 * accounts are settled one at a time: claim-phone.ts). A Cloud number (verified by Meta) releases the
 * other accounts' unverified claims of its phone, returned for the gateway. The unique index on verified
 * phones is the last word on races.
 */
export async function reserveNumber(
  deps: NumbersDeps,
  accountId: string,
  values: { phone: string; apelido: string } & CloudValues,
): Promise<{ row: NumberRow; released: ReleasedClaim[] }> {
  const token = randomBytes(32).toString('hex');
  const via = values.provider === 'cloud' ? 'cloud' : 'qr';
  for (let attempt = 0; ; attempt++) {
    try {
      return await deps.db.transaction(async (tx) => {
        await lockAccountNumbers(tx, accountId);
        await assertWithinLimit(tx, accountId, 'add-number');
        const released = await checkClaim(tx, deps, accountId, values.phone, via);
        let instanceName = buildInstanceName(values.phone, Date.now() + attempt);
        for (let bump = 1; (await instanceNameTaken(tx, instanceName)) && bump < 10; bump++) {
          instanceName = buildInstanceName(values.phone, Date.now() + attempt + bump);
        }
        const row = await insertNumber(tx, { ...values, userId: accountId, instanceName, token });
        // First run (docs/decisions/013-first-run-auto-link.md): a new number gets the owner's only (active) agent.
        await linkNewNumberIfObvious(tx, accountId, row.id);
        return { row, released };
      });
    } catch (err) {
      if (
        isUniqueViolation(err, 'numbers_phone_verified_unique') ||
        isUniqueViolation(err, 'numbers_cloud_phone_number_id_unique')
      )
        throw phoneInUse();
      if (isUniqueViolation(err, 'numbers_instance_name_unique') && attempt < 3) continue;
      throw err;
    }
  }
}
