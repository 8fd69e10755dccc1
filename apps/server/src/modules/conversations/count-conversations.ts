import type { ConversationCount } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { countConversationsOfAccount } from './conversations-repository.ts';

/**
 * The exact number of the user's conversations (docs/product/integrations.md "paged select with … exact count").
 * A separate call from the pages: the count walks the user's whole index range, so the list's
 * pages stay fast and the count is fetched once, beside the first page (docs/performance.md).
 */
export async function countConversations({ db, accountId }: { db: Db; accountId: string }): Promise<ConversationCount> {
  return { total: await countConversationsOfAccount(db, accountId) };
}
