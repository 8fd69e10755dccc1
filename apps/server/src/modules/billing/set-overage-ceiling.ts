import type { OverageStatus, UpdateOverageCeilingInput } from '@vendai/contracts';
import { getOverageStatus } from '../../domain/usage/overage-ceiling.ts';
import type { BillingDeps } from './billing-deps.ts';
import { saveOverageCeiling } from './billing-repository.ts';

/**
 * The owner sets the overage ceiling on Planos (docs/decisions/021-spend-and-abuse-limits.md). Raising
 * it past what the period already spent resumes the AI with the next customer message; lowering it
 * below pauses it. Answers the period's status as the banner shows it.
 */
export async function setOverageCeiling({
  deps,
  accountId,
  input,
}: {
  deps: BillingDeps;
  accountId: string;
  input: UpdateOverageCeilingInput;
}): Promise<OverageStatus> {
  await saveOverageCeiling(deps.db, accountId, input.ceilingCents);
  return getOverageStatus(deps.db, accountId);
}
