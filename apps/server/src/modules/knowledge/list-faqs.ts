import type { FaqList } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { toFaq } from './faq-dto.ts';
import { listFaqs as listRows } from './knowledge-repository.ts';

/** The account's FAQ (or the entries matching `q`) and the entries proposed from conversations. */
export async function listFaqs({ db, accountId, q }: { db: Db; accountId: string; q?: string }): Promise<FaqList> {
  const [items, proposed] = await Promise.all([
    listRows(db, accountId, 'active', q),
    listRows(db, accountId, 'proposed'),
  ]);
  return { items: items.map(toFaq), proposed: proposed.map(toFaq) };
}
