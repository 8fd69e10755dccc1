import {
  QUICK_REPLIES_FULL,
  QUICK_REPLIES_MAX,
  SHORTCUT_TAKEN,
  type QuickReplyDto,
  type quickReplyInputSchema,
} from '@vendai/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { pgErrorCode } from '../../db/pg-error.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import {
  countQuickReplies,
  deleteQuickReplyRow,
  insertQuickReply,
  selectQuickReplies,
  updateQuickReplyRow,
} from './quick-replies-repository.ts';

type Input = z.output<typeof quickReplyInputSchema>;

/** The account's saved replies, by shortcut (docs/decisions/040-inbox-search.md). */
export async function listQuickReplies(db: Db, accountId: string): Promise<QuickReplyDto[]> {
  return selectQuickReplies(db, accountId);
}

export async function createQuickReply(db: Db, accountId: string, input: Input): Promise<QuickReplyDto> {
  if ((await countQuickReplies(db, accountId)) >= QUICK_REPLIES_MAX)
    throw new AppError('LIMIT_REACHED', QUICK_REPLIES_FULL);
  return unique(() => insertQuickReply(db, accountId, input));
}

export async function updateQuickReply(db: Db, accountId: string, id: string, input: Input): Promise<QuickReplyDto> {
  return unique(async () => {
    const updated = await updateQuickReplyRow(db, accountId, id, input);
    if (!updated) throw notFound();
    return updated;
  });
}

export async function deleteQuickReply(db: Db, accountId: string, id: string): Promise<void> {
  if (!(await deleteQuickReplyRow(db, accountId, id))) throw notFound();
}

/** A shortcut the account already uses is a 409 with a Portuguese reason. */
async function unique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (pgErrorCode(err) === '23505')
      throw new AppError('CONFLICT', SHORTCUT_TAKEN, { fields: { shortcut: SHORTCUT_TAKEN } });
    throw err;
  }
}
