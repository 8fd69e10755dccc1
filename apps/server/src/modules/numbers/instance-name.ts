import { INSTANCE_NAME_FAILED, INSTANCE_PREFIX } from '@vendai/contracts';
import { AppError } from '../../lib/app-error.ts';

/**
 * Gateway instance name (docs/product/data.md): the product prefix + the last 4 digits of the phone + the last
 * 4 digits of the timestamp (ms), e.g. 'vendai43215678'.
 */
export function buildInstanceName(phoneDigits: string, now: number = Date.now()): string {
  const phone = phoneDigits.replace(/\D/g, '');
  const stamp = String(Math.trunc(now));
  if (phone.length < 4 || !Number.isFinite(now) || stamp.length < 4)
    throw new AppError('VALIDATION', INSTANCE_NAME_FAILED);
  return `${INSTANCE_PREFIX}${phone.slice(-4)}${stamp.slice(-4)}`;
}
