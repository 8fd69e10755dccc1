import {
  LABEL_NAME_TAKEN,
  LABEL_NOT_FOUND,
  LABELS_FULL,
  LABELS_MAX,
  type LabelDto,
  type LabelInput,
} from '@vendai/contracts';
import { pgErrorCode } from '../../db/pg-error.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { ConversationToolsDeps } from './conversation-tools-deps.ts';
import {
  countLabels,
  deleteLabelRow,
  insertLabel,
  lockAccountLabels,
  nameTaken,
  selectLabels,
  updateLabelRow,
} from './labels-repository.ts';

/** The account's labels (docs/decisions/043-labels-notes-funnel.md). */
export async function listLabels({ db }: ConversationToolsDeps, accountId: string): Promise<LabelDto[]> {
  return (await selectLabels(db, accountId)) as LabelDto[];
}

/**
 * A new label; at most LABELS_MAX per account and one per name whatever the case ('VIP' and 'vip' are
 * one label), both checked under the account's lock so two people at once cannot pass them together.
 */
export async function createLabel(
  deps: ConversationToolsDeps,
  accountId: string,
  input: LabelInput,
): Promise<LabelDto> {
  const created = await uniqueName(() =>
    deps.db.transaction(async (tx) => {
      await lockAccountLabels(tx, accountId);
      if ((await countLabels(tx, accountId)) >= LABELS_MAX) throw new AppError('LIMIT_REACHED', LABELS_FULL);
      if (await nameTaken(tx, accountId, input.name)) throw taken();
      return (await insertLabel(tx, accountId, input)) as LabelDto;
    }),
  );
  await deps.publish(accountId, { event: 'label.created', data: created });
  return created;
}

/** Rename or recolour; the conversations keep the label. */
export async function updateLabel(deps: ConversationToolsDeps, accountId: string, id: string, input: LabelInput) {
  const updated = await uniqueName(() =>
    deps.db.transaction(async (tx) => {
      await lockAccountLabels(tx, accountId);
      if (await nameTaken(tx, accountId, input.name, id)) throw taken();
      const row = await updateLabelRow(tx, accountId, id, input);
      if (!row) throw notFound(LABEL_NOT_FOUND);
      return row as LabelDto;
    }),
  );
  await deps.publish(accountId, { event: 'label.updated', data: updated });
  return updated;
}

/** Deleting a label takes it off every conversation (foreign key). */
export async function deleteLabel(deps: ConversationToolsDeps, accountId: string, id: string): Promise<void> {
  if (!(await deleteLabelRow(deps.db, accountId, id))) throw notFound(LABEL_NOT_FOUND);
  await deps.publish(accountId, { event: 'label.deleted', data: { id } });
}

const taken = () => new AppError('CONFLICT', LABEL_NAME_TAKEN, { fields: { name: LABEL_NAME_TAKEN } });

/** The unique index's refusal (a name the account already uses) is the same 409. */
async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (pgErrorCode(err) === '23505') throw taken();
    throw err;
  }
}
