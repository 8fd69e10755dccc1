import type { Faq, FaqInput } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { toFaq } from './faq-dto.ts';
import { insertFaq } from './knowledge-repository.ts';

export async function createFaq({
  db,
  accountId,
  input,
}: {
  db: Db;
  accountId: string;
  input: FaqInput;
}): Promise<Faq> {
  return toFaq(await insertFaq(db, accountId, input));
}
