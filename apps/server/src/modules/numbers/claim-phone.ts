import { PHONE_IN_USE } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  countOtherClaimers,
  deleteUnverifiedClaims,
  findPhoneClaims,
  lockPhone,
  recordClaim,
  verifiedElsewhere,
} from './claims-repository.ts';
import type { NumbersDeps } from './numbers-deps.ts';
import { markPhoneVerified } from './numbers-repository.ts';
import { phoneForms, phoneKey } from './scanned-phone.ts';

/**
 * Who holds a phone (docs/decisions/052-attendant-permissions-and-number-claims.md). A claim holds the
 * phone only once it is verified: the phone that scanned the QR code was the claimed one, or Meta's
 * Embedded Signup gave it (a Cloud number). An unverified claim blocks no one: another account may claim
 * the same phone meanwhile, and whichever is verified first releases the others. A phone may be claimed
 * by QR code by at most NUMBER_CLAIM_ACCOUNTS_PER_DAY accounts in 24 hours; the Cloud signup is never limited.
 */
export const NUMBER_CLAIM_ACCOUNTS_PER_DAY = 3;

export const PHONE_CLAIMS_LIMITED =
  'Este número foi cadastrado por muitas contas nas últimas 24 horas. Se ele é seu, conecte pela API oficial do WhatsApp ou tente de novo amanhã.';

export const phoneInUse = () => new AppError('CONFLICT', PHONE_IN_USE, { fields: { phone: PHONE_IN_USE } });

/** Another account's claim that never connected as the phone, removed because the phone went elsewhere. */
export interface ReleasedClaim {
  id: string;
  userId: string;
  instanceName: string;
}

/**
 * Inside the transaction that inserts the account's claim: refuses a phone held by a verified claim
 * (anyone's) or already claimed by this account (409 'Número já em uso'). By QR code: counts the other
 * accounts' claims of the last 24 hours (at the limit: 429 and an alarm; below it an alarm when others
 * claimed it too) and records this one. By the Cloud signup (verified by Meta): the other accounts'
 * unverified claims are removed and returned, for the gateway once the transaction is committed.
 */
export async function checkClaim(
  tx: Db,
  deps: Pick<NumbersDeps, 'alarms'>,
  accountId: string,
  phone: string,
  via: 'qr' | 'cloud',
): Promise<ReleasedClaim[]> {
  const forms = phoneForms(phone);
  const key = phoneKey(phone);
  await lockPhone(tx, key);
  const claims = await findPhoneClaims(tx, forms);
  if (claims.some((c) => c.userId === accountId || c.phoneVerifiedAt)) throw phoneInUse();
  if (via === 'cloud') return deleteUnverifiedClaims(tx, forms, accountId);

  const others = await countOtherClaimers(tx, key, accountId);
  if (others >= NUMBER_CLAIM_ACCOUNTS_PER_DAY) {
    deps.alarms.raise(
      'number_claims_limited',
      { phoneKey: key, userId: accountId, accounts: others },
      'numbers: claim refused, too many accounts claimed this phone in 24 hours',
    );
    throw new AppError('RATE_LIMITED', PHONE_CLAIMS_LIMITED, { fields: { phone: PHONE_CLAIMS_LIMITED } });
  }
  if (others > 0)
    deps.alarms.raise(
      'number_claim_contested',
      { phoneKey: key, userId: accountId, accounts: others + 1 },
      'numbers: a phone claimed by QR code by another account in the last 24 hours',
    );
  await recordClaim(tx, key, accountId);
  return [];
}

/**
 * The phone that scanned is the claimed one: the claim now holds the phone, unless another account's
 * claim of it was verified first (then false: this connection must be cut). The other accounts'
 * unverified claims are released (removed here, then at the gateway).
 */
export async function holdVerifiedPhone(
  deps: Pick<NumbersDeps, 'db' | 'gateway' | 'alarms' | 'log'>,
  number: { id: string; userId: string; phone: string },
): Promise<boolean> {
  const forms = phoneForms(number.phone);
  const released = await deps.db.transaction(async (tx) => {
    await lockPhone(tx, phoneKey(number.phone));
    if (await verifiedElsewhere(tx, forms, number.id)) return null;
    await markPhoneVerified(tx, number.id);
    return deleteUnverifiedClaims(tx, forms, number.userId);
  });
  if (released === null) return false;
  await releaseAtGateway(deps, phoneKey(number.phone), released);
  return true;
}

/** The released claims' instances are logged out and deleted at the gateway (best effort: the rows are gone). */
export async function releaseAtGateway(
  deps: Pick<NumbersDeps, 'gateway' | 'alarms' | 'log'>,
  key: string,
  released: ReleasedClaim[],
): Promise<void> {
  if (!released.length) return;
  deps.alarms.raise(
    'number_claim_released',
    { phoneKey: key, released: released.map((r) => ({ userId: r.userId, instance: r.instanceName })) },
    "numbers: other accounts' unverified claims released, the phone connected as itself",
  );
  for (const r of released) {
    await deps.gateway.logout(r.instanceName).catch(() => undefined);
    await deps.gateway
      .deleteInstance(r.instanceName)
      .catch((err: unknown) =>
        deps.log.warn(
          { err, instance: r.instanceName },
          'numbers: a released claim could not be deleted at the gateway',
        ),
      );
  }
}
