import type { ResetLinkStatus } from '@vendai/contracts';
import type { Auth } from '../../integrations/auth/create-auth.ts';

/**
 * Tells the reset page, before it shows the form, whether a link's code is usable (docs/product/rules.md#states-and-transitions).
 * Reads the same verification record better-auth consumes on reset, so a used link is 'invalid'.
 */
export async function getResetLinkStatus(auth: Auth, code: string): Promise<ResetLinkStatus> {
  if (!/^[A-Za-z0-9_-]{8,128}$/.test(code)) return 'invalid';
  const context = await auth.$context;
  const record = await context.internalAdapter.findVerificationValue(`reset-password:${code}`);
  if (!record) return 'invalid';
  return new Date(record.expiresAt) < new Date() ? 'expired' : 'valid';
}
