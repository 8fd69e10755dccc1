import { FAQ_NOT_FOUND, type Faq, type FaqInput } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { toFaq } from './faq-dto.ts';
import { updateFaqRow } from './knowledge-repository.ts';

/** Saves an entry's question and answer; a proposed entry saved this way is accepted (the AI reads it). */
export async function updateFaq({
  db,
  accountId,
  id,
  input,
}: {
  db: Db;
  accountId: string;
  id: string;
  input: FaqInput;
}): Promise<Faq> {
  const row = await updateFaqRow(db, accountId, id, input);
  if (!row) throw new AppError('NOT_FOUND', FAQ_NOT_FOUND);
  return toFaq(row);
}
