import { AppError } from '../../../lib/app-error.ts';
import type { EngineDeps } from '../engine-deps.ts';
import { discardDraft, sendDraft } from './act-on-draft.ts';
import { draftTimeoutJob } from './draft-jobs.ts';
import { selectDraftTimeout, selectOverdueDrafts } from './draft-repository.ts';

/** A pending draft this long past its due time with no job acting on it is queued again by the sweep. */
const OVERDUE_SECONDS = 30;

/**
 * approval.timeout's handler (docs/decisions/045-approval-mode.md): a draft still pending at its due
 * time is sent or discarded, as the agent's setting was when it was drafted. Sending it may be refused
 * (the customer wrote again, the AI was switched off, the Cloud window closed, the plan's limit): the
 * draft then ends 'failed' with the reason, shown in the inbox. Anything no longer pending: nothing.
 */
export async function runDraftTimeout(deps: EngineDeps, draftId: string): Promise<void> {
  const draft = await selectDraftTimeout(deps.db, draftId);
  if (!draft?.due) return;
  const decision = { by: 'timeout' as const };
  const ignoreConflict = (err: unknown) => {
    if (!(err instanceof AppError)) throw err;
  };
  if (draft.timeout_action === 'discard') {
    await discardDraft(deps, { accountId: draft.user_id, draftId, decision }).catch(ignoreConflict);
    return;
  }
  try {
    await sendDraft(deps, { accountId: draft.user_id, draftId, decision });
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    await discardDraft(deps, {
      accountId: draft.user_id,
      draftId,
      decision,
      state: 'failed',
      error: err.message,
    }).catch(ignoreConflict);
  }
}

/** The recovery sweep's part: pending drafts past due that no job handled (a job lost before it was queued). */
export async function requeueOverdueDrafts(deps: EngineDeps): Promise<void> {
  const overdue = await selectOverdueDrafts(deps.db, OVERDUE_SECONDS);
  for (const { id } of overdue) await deps.jobs.send(draftTimeoutJob, { draftId: id });
}
